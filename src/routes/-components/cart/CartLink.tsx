import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { cartQuery } from '../../../api/cart';
import { localCartCount, subscribeLocalCartCount } from '../../../api/localCart';
import { useSession } from '../../../api/session';

function CartIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.7 12.2a2 2 0 0 0 2 1.6h8.1a2 2 0 0 0 2-1.5L22 7H6" />
    </svg>
  );
}

function Cart({ to, count }: { to: '/cart' | '/UserCart'; count: number }) {
  return (
    <Link to={to} aria-label={`Cart, ${count} item${count === 1 ? '' : 's'}`} data-testid="cart-link">
      <CartIcon /> Cart{count > 0 ? ` (${count})` : ''}
    </Link>
  );
}

function VisitorCart() {
  const count = useSyncExternalStore(subscribeLocalCartCount, localCartCount, () => 0);
  return <Cart to="/cart" count={count} />;
}

function CustomerCart() {
  const cart = useQuery(cartQuery());
  const count = (cart.data?.lines ?? []).reduce((n, l) => n + l.quantity, 0);
  return <Cart to="/UserCart" count={count} />;
}

/** The header's cart link with its count: the local cart for a visitor, the server cart for a customer. */
export function CartLink() {
  const session = useSession();
  const user = session.matches('signedIn') ? session.context.user : null;
  if (!user) return <VisitorCart />;
  return user.Role === 'Cust' ? <CustomerCart /> : null;
}
