import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { sessionUser } from '../../api/session';
import { type LocalCartLine, MAX_QUANTITY, totalsOf } from '../../machines/localCart/localCart.machine';
import { Button, buttonClassName, Card, EmptyState, formatRupees, PageHeader } from '../../ui';
import * as c from '../-components/cart/cart.css';
import { localCart, useLocalCart } from '../-components/cart/localCartStore';
import { CART as W } from '../-components/cart/words';
import { Img } from '../-components/storefront/parts';
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
    <li className={c.line} data-testid="cart-line" data-service={line.id}>
      <Img src={line.imageUrl} alt="" width={72} height={72} className={c.lineImg} fallback={line.heading} />
      <div className={c.lineBody}>
        <div className={c.lineHead}>
          <Link to="/ServicesDetails" search={{ id: line.id }} className={c.heading}>
            {line.heading}
          </Link>
          <span data-testid="line-amount">{formatRupees((line.pricePaise * line.quantity) / 100)}</span>
        </div>
        <span className={c.muted}>{W.eachWithGst(formatRupees(line.pricePaise / 100))}</span>
        <div className={c.controls}>
          <Button
            size="sm"
            variant="secondary"
            icon
            aria-label={W.fewer(line.heading)}
            onClick={() => cart.send({ type: 'DECREASE', id: line.id })}
          >
            −
          </Button>
          <output className={c.quantity} data-testid="line-quantity" aria-label={W.quantityOf(line.heading)}>
            {line.quantity}
          </output>
          <Button
            size="sm"
            variant="secondary"
            icon
            aria-label={W.more(line.heading)}
            disabled={line.quantity >= MAX_QUANTITY}
            onClick={() => cart.send({ type: 'INCREASE', id: line.id })}
          >
            +
          </Button>
          <Button size="sm" variant="ghost" onClick={() => cart.send({ type: 'REMOVE', id: line.id })}>
            {W.remove}
          </Button>
        </div>
      </div>
    </li>
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
        <EmptyState
          title={W.empty}
          description={W.visitor.emptyText}
          action={
            <Link to="/Services" className={buttonClassName()}>
              {W.browse}
            </Link>
          }
        />
      ) : (
        <div className={c.layout}>
          <ul className={c.lines} aria-label={W.lines}>
            {lines.map((l) => (
              <Line key={l.id} line={l} />
            ))}
          </ul>
          <Card title={W.summary}>
            <dl className={c.summary}>
              <div className={c.summaryRow}>
                <dt>{W.items}</dt>
                <dd data-testid="total-quantity">{totalQuantity}</dd>
              </div>
              <div className={c.summaryRow}>
                <dt>{W.total}</dt>
                <dd className={c.total} data-testid="total-price">
                  {formatRupees(totalPrice)}
                </dd>
              </div>
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
