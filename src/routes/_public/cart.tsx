import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { sessionUser } from '../../api/session';
import { type LocalCartLine, MAX_QUANTITY, totalsOf } from '../../machines/localCart/localCart.machine';
import { Button, buttonClassName, Card, EmptyState, formatRupees, PageHeader } from '../../ui';
import * as c from '../-components/cart/cart.css';
import { localCart, useLocalCart } from '../-components/cart/localCartStore';
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
        <span className={c.muted}>{formatRupees(line.pricePaise / 100)} each, GST included</span>
        <div className={c.controls}>
          <Button
            size="sm"
            variant="secondary"
            icon
            aria-label={`One fewer ${line.heading}`}
            onClick={() => cart.send({ type: 'DECREASE', id: line.id })}
          >
            −
          </Button>
          <output className={c.quantity} data-testid="line-quantity" aria-label={`Quantity of ${line.heading}`}>
            {line.quantity}
          </output>
          <Button
            size="sm"
            variant="secondary"
            icon
            aria-label={`One more ${line.heading}`}
            disabled={line.quantity >= MAX_QUANTITY}
            onClick={() => cart.send({ type: 'INCREASE', id: line.id })}
          >
            +
          </Button>
          <Button size="sm" variant="ghost" onClick={() => cart.send({ type: 'REMOVE', id: line.id })}>
            Remove
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
      <PageHeader title="Your cart" description="Kept in this browser. Sign in to pick time slots and book." />
      {lines.length === 0 ? (
        <EmptyState
          title="Your cart is empty"
          description="Add services from their cards or pages; they wait here until you book."
          action={
            <Link to="/Services" className={buttonClassName()}>
              Browse services
            </Link>
          }
        />
      ) : (
        <div className={c.layout}>
          <ul className={c.lines} aria-label="Cart lines">
            {lines.map((l) => (
              <Line key={l.id} line={l} />
            ))}
          </ul>
          <Card title="Summary">
            <dl className={c.summary}>
              <div className={c.summaryRow}>
                <dt>Items</dt>
                <dd data-testid="total-quantity">{totalQuantity}</dd>
              </div>
              <div className={c.summaryRow}>
                <dt>Total</dt>
                <dd className={c.total} data-testid="total-price">
                  {formatRupees(totalPrice)}
                </dd>
              </div>
            </dl>
            <p className={c.muted}>
              At today&apos;s prices, GST included. The amount you pay is confirmed at checkout.
            </p>
            <div className={c.actions}>
              <Link to="/Auth" search={{ redirect: '/UserCart' }} className={buttonClassName()}>
                Sign in to book
              </Link>
            </div>
          </Card>
        </div>
      )}
    </div>
  );
}
