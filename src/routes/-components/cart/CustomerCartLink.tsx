import { useQuery } from '@tanstack/react-query';
import { cartQuery } from '../../../api/cart';
import { CartAnchor } from './CartAnchor';

/** A signed-in customer's cart link: the count of their server cart (loaded only once a customer is signed in). */
export default function CustomerCartLink() {
  const cart = useQuery(cartQuery());
  const count = (cart.data?.lines ?? []).reduce((n, l) => n + l.quantity, 0);
  return <CartAnchor to="/UserCart" count={count} />;
}
