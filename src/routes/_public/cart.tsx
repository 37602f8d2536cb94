import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { sessionUser } from '../../api/session';
import { type LocalCartLine, MAX_QUANTITY, totalsOf } from '../../machines/localCart/localCart.machine';
import { buttonClassName, Card, formatRupees, PageHeader } from '../../ui';
import { CartLineCard, EmptyCart } from '../-components/cart/CartLineCard';
import * as c from '../-components/cart/cart.css';
import { localCart, useLocalCart } from '../-components/cart/localCartStore';
import { SummaryRow } from '../-components/cart/SummaryRow';
import { CART as W } from '../-components/cart/words';
import * as s from '../-components/storefront/storefront.css';

export const Route = createFileRoute('/_public/cart')({
  head: () => ({ meta: [{ title: 'Your cart · Doorstep' }] }),
  // A signed-in customer's cart is on the server.
  beforeLoad: () => {
    if (sessionUser()?.Role === 'Cust') throw redirect({ to: '/UserCart' });
  },
  component: LocalCartPage,
});

function Line({ line }: { line: LocalCartLine }) {
  const cart = localCart();
  return (
    <CartLineCard
      serviceId={line.id}
      heading={line.heading}
      imageUrl={line.imageUrl}
      amount={<span data-testid="line-amount">{formatRupees((line.pricePaise * line.quantity) / 100)}</span>}
      prices={W.eachWithGst(formatRupees(line.pricePaise / 100))}
      controls={{
        quantity: line.quantity,
        canAdd: line.quantity < MAX_QUANTITY,
        onFewer: () => cart.send({ type: 'DECREASE', id: line.id }),
        onMore: () => cart.send({ type: 'INCREASE', id: line.id }),
        onRemove: () => cart.send({ type: 'REMOVE', id: line.id }),
      }}
    />
  );
}

/** /cart: the visitor's cart, kept in this browser until they sign in to book (it then joins their account's cart). */
function LocalCartPage() {
  const lines = useLocalCart((ctx) => ctx.lines);
  const { totalPrice, totalQuantity } = totalsOf(lines);
  return (
    <div className={s.page}>
      <PageHeader title={W.visitor.title} description={W.visitor.lead} />
      {lines.length === 0 ? (
        <EmptyCart description={W.visitor.emptyText} />
      ) : (
        <div className={c.layout}>
          <ul className={c.lines} aria-label={W.lines}>
            {lines.map((l) => (
              <Line key={l.id} line={l} />
            ))}
          </ul>
          <Card title={W.summary}>
            <dl className={c.summary}>
              <SummaryRow label={W.items} testId="total-quantity">
                {totalQuantity}
              </SummaryRow>
              <SummaryRow label={W.total} total testId="total-price">
                {formatRupees(totalPrice)}
              </SummaryRow>
            </dl>
            <p className={c.muted}>{W.visitor.todaysPrices}</p>
            <div className={c.actions}>
              <Link to="/Auth" search={{ redirect: '/UserCart' }} className={buttonClassName()}>
                {W.visitor.signIn}
              </Link>
            </div>
          </Card>
        </div>
      )}
    </div>
  );
}
