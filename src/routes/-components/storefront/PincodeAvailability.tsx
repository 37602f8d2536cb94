import { useQuery } from '@tanstack/react-query';
import { availabilityQuery, type Category } from '../../../api/storefront';
import { Alert, Button } from '../../../ui';
import { PincodeCheck } from './PincodeCheck';
import { openPincodeChooser, usePincode } from './pincode';
import * as p from './pincode.css';

type CategoryRef = Pick<Category, 'id' | 'categoryName'>;

/** Opens the header's chooser: the pincode is changed in one place. */
function ChangePincode() {
  return (
    <Button variant="ghost" size="sm" onClick={openPincodeChooser}>
      Change pincode
    </Button>
  );
}

/**
 * Whether a category is offered at the remembered pincode, said at once on its listing and service pages instead of
 * asking again (decision 046); the check itself only when no pincode is remembered yet.
 */
export function PincodeAvailability({ category }: { category: CategoryRef }) {
  const pin = usePincode();
  const answer = useQuery({ ...availabilityQuery(pin ?? '', category.id), enabled: pin !== null });
  if (pin === null) return <PincodeCheck category={category} />;
  if (answer.isPending)
    return (
      <p className={p.note}>
        Checking {category.categoryName} at {pin}…
      </p>
    );
  if (answer.isError) {
    return (
      <Alert tone="danger" title={`We could not check ${pin}.`}>
        {answer.error.message} <ChangePincode />
      </Alert>
    );
  }
  const a = answer.data;
  return (
    <div className={p.note} data-testid="pincode-availability">
      <Alert tone={a.available ? 'success' : 'warning'}>
        <span className={p.row}>
          <strong>
            {a.available ? `Available at ${pin}${a.zoneName ? ` (${a.zoneName})` : ''}` : `Not available at ${pin}`}
          </strong>
          <span>
            {a.available
              ? `${category.categoryName} is offered where you are.`
              : `${category.categoryName} is not offered at ${pin} yet.`}
          </span>
          <ChangePincode />
        </span>
      </Alert>
    </div>
  );
}

/** A service card's line on a listing: whether its category is offered at the remembered pincode. */
export function CardAvailability({ pin, categoryId }: { pin: string; categoryId: number }) {
  const answer = useQuery(availabilityQuery(pin, categoryId));
  if (!answer.data) return null;
  return answer.data.available ? (
    <span className={p.cardYes}>Available at {pin}</span>
  ) : (
    <span className={p.cardNo}>Not available at {pin}</span>
  );
}
