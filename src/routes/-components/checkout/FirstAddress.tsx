import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type Address, type AddressDraft, addressDraftQuery } from '../../../api/addresses';
import { cartQuery } from '../../../api/cart';
import { buttonClassName, Card, EmptyState, LoadingPlaceholder } from '../../../ui';
import { AddressForm, type AddressFormValues } from '../account/AddressPicker';
import { slotLabel } from '../cart/slots';
import { CART } from '../cart/words';
import { rememberPincode, usePincode } from '../storefront/pincode';
import * as c from './checkout.css';
import { CHECKOUT as W } from './words';

const formValuesOf = (d: AddressDraft): Partial<AddressFormValues> => ({
  receiverName: d.receiverName,
  receiverMobileNo: d.receiverMobileNo,
  StateId: d.StateId ? String(d.StateId) : '',
  CityId: d.CityId ? String(d.CityId) : '',
  pinCode: d.pinCode,
});

/** Checkout with nothing in the cart: says so and leads to the services. */
export function EmptyCheckout() {
  return (
    <EmptyState
      title={W.empty}
      description={W.emptyText}
      action={
        <Link to="/Services" className={buttonClassName()}>
          {W.browse}
        </Link>
      }
    />
  );
}

/**
 * Checkout before the customer has any address (decision 046): the address form starts from what they gave at sign-up
 * (and the pincode remembered on the device), so only the house and street are new. The quote needs an address, so
 * it is not asked for yet: the summary says what is missing instead of showing a refusal.
 */
export function FirstAddress({ onAdded }: { onAdded(address: Address): void }) {
  const pin = usePincode();
  const draft = useQuery(addressDraftQuery(pin));
  const cart = useQuery(cartQuery());
  if (cart.data?.lines.length === 0) {
    return <EmptyCheckout />;
  }
  return (
    <div className={c.layout}>
      <div className={c.column}>
        <Card title={W.address}>
          <p className={c.muted}>{W.firstAddress}</p>
          {draft.isPending ? (
            <LoadingPlaceholder label={W.loadingDetails} />
          ) : (
            <AddressForm
              initial={draft.data ? formValuesOf(draft.data) : undefined}
              onAdded={(a) => {
                // The visit's pincode is the customer's pincode from now on, on this device too.
                rememberPincode(a.pinCode);
                onAdded(a);
              }}
            />
          )}
        </Card>
        <Card title={W.services}>
          <ul className={c.lines} aria-label={W.services}>
            {(cart.data?.lines ?? []).map((l) => (
              <li key={l.serviceId} className={c.line} data-testid="checkout-line" data-service={l.serviceId}>
                <div className={c.lineHead}>
                  <span>
                    {l.heading} × {l.quantity}
                  </span>
                </div>
                <span className={c.muted} data-testid="line-slot">
                  {l.slotStart ? CART.slot.chosen(slotLabel(l.slotStart)) : CART.slot.none}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <Card title={W.summary}>
        <p className={c.muted} data-testid="quote-waits-for-address">
          {W.addressFirst}
        </p>
        <div className={c.actions}>
          <Link to="/UserCart" className={buttonClassName({ variant: 'ghost' })}>
            {W.backToCart}
          </Link>
        </div>
      </Card>
    </div>
  );
}
