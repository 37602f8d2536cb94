import { lazy, Suspense, useSyncExternalStore } from 'react';
import { localCartCount, subscribeLocalCartCount } from '../../../api/localCart';
import { useSession } from '../../../api/session';
import { CartAnchor } from './CartAnchor';

// The server cart's count is a customer's only: its code loads once a customer is signed in.
const CustomerCartLink = lazy(() => import('./CustomerCartLink'));

function VisitorCart() {
  const count = useSyncExternalStore(subscribeLocalCartCount, localCartCount, () => 0);
  return <CartAnchor to="/cart" count={count} />;
}

/** The header's cart link with its count: the local cart for a visitor, the server cart for a customer. */
export function CartLink() {
  const session = useSession();
  const user = session.matches('signedIn') ? session.context.user : null;
  if (!user) return <VisitorCart />;
  if (user.Role !== 'Cust') return null;
  return (
    <Suspense fallback={<CartAnchor to="/UserCart" count={0} />}>
      <CustomerCartLink />
    </Suspense>
  );
}
