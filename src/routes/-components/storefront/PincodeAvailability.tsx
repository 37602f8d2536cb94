import { useQuery } from '@tanstack/react-query';
import { availabilityQuery, type Category } from '../../../api/storefront';
import { Alert, Button } from '../../../ui';
import { PincodeCheck } from './PincodeCheck';
import { openPincodeChooser, usePincode } from './pincode';
import * as p from './pincode.css';
import { STOREFRONT } from './words';

const W = STOREFRONT.pincode;

type CategoryRef = Pick<Category, 'id' | 'categoryName'>;

/** Opens the header's chooser: the pincode is changed in one place. */
function ChangePincode() {
  return (
    <Button variant="ghost" size="sm" onClick={openPincodeChooser}>
      {W.changeButton}
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
  if (answer.isPending) return <p className={p.note}>{W.checking(category.categoryName, pin)}</p>;
  // A refresh that fails keeps the answer already shown (../Loaded.tsx).
  if (!answer.data) {
    return (
      <Alert tone="danger" title={W.checkFailed(pin)}>
        {answer.error?.message} <ChangePincode />
      </Alert>
    );
  }
  const a = answer.data;
  return (
    <div className={p.note} data-testid="pincode-availability">
      <Alert tone={a.available ? 'success' : 'warning'}>
        <span className={p.row}>
          <strong>
            {a.available ? (a.zoneName ? W.availableIn(pin, a.zoneName) : W.availableAt(pin)) : W.notAt(pin)}
          </strong>
          <span>{a.available ? W.offered(category.categoryName) : W.notOffered(category.categoryName, pin)}</span>
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
    <span className={p.cardYes}>{W.availableAt(pin)}</span>
  ) : (
    <span className={p.cardNo}>{W.notAt(pin)}</span>
  );
}
