import { Link } from '@tanstack/react-router';
import { CART } from './words';

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

/** The header's cart link with its count. */
export function CartAnchor({ to, count }: { to: '/cart' | '/UserCart'; count: number }) {
  return (
    <Link to={to} aria-label={CART.link(count)} data-testid="cart-link">
      <CartIcon /> {CART.linkText}
      {count > 0 ? ` (${count})` : ''}
    </Link>
  );
}
