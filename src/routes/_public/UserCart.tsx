import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { addressesQuery } from '../../api/addresses';
import {
  type CartDetails,
  type CartLine,
  cartQuery,
  changeCartQuantity,
  clearCart,
  removeFromCart,
  setCartSlot,
} from '../../api/cart';
import { ApiError } from '../../api/client';
import { invalidateAfter, type WriteId } from '../../api/invalidate';
import { sessionUser, useSession } from '../../api/session';
import {
  Alert,
  Badge,
  Button,
  buttonClassName,
  Card,
  ConfirmDialog,
  EmptyState,
  formatRupees,
  PageHeader,
  toast,
} from '../../ui';
import * as c from '../-components/cart/cart.css';
import { SlotPicker } from '../-components/cart/SlotPicker';
import { slotLabel } from '../-components/cart/slots';
import { CART as W } from '../-components/cart/words';
import { DASHBOARD } from '../-components/roles';
import { Img, QueryView } from '../-components/storefront/parts';
import { usePincode } from '../-components/storefront/pincode';
import * as s from '../-components/storefront/storefront.css';

export const Route = createFileRoute('/_public/UserCart')({
  head: () => ({ meta: [{ title: 'My cart · Doorstep' }] }),
  // `slotFor`: the line /Checkout sent the customer back for, because it has no time slot yet.
  validateSearch: (raw: Record<string, unknown>): { slotFor?: number } => {
    const id = Number(raw.slotFor);
    return Number.isInteger(id) && id > 0 ? { slotFor: id } : {};
  },
  beforeLoad: ({ location }) => {
    if (!sessionUser()) throw redirect({ to: '/Auth', search: { redirect: location.href } });
  },
  loader: ({ context: { queryClient } }) => {
    if (sessionUser()?.Role === 'Cust') return queryClient.ensureQueryData(cartQuery()).then(() => undefined);
  },
  component: UserCart,
});

/** Runs a cart write, refreshes what it changed and toasts its words (the cart's corner: bottom-left). */
function useCartWrite() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  async function run(key: string, operation: WriteId, write: () => Promise<{ message: string }>) {
    setBusy(key);
    try {
      const reply = await write();
      await invalidateAfter(queryClient, operation);
      toast.success(reply.message, 'bottom-left');
      return null;
    } catch (e) {
      if (!(e instanceof ApiError) || e.errors.length === 0) toast.error((e as Error).message, 'bottom-left');
      return e instanceof ApiError ? (e.errors[0]?.message ?? e.message) : (e as Error).message;
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}

/** The first line checkout would refuse for want of a slot (unavailable lines are refused for another reason). */
const slotlessLine = (lines: CartLine[]) => lines.find((l) => l.available && !l.slotStart);

function Line({
  line,
  write,
  needsSlot,
}: {
  line: CartLine;
  write: ReturnType<typeof useCartWrite>;
  /** Proceed was pressed (or checkout sent the customer back) while this line had no slot. */
  needsSlot: boolean;
}) {
  const [slotError, setSlotError] = useState<string | undefined>();
  // The server judges a cart slot at the default address (decision 016): the picker offers that pincode's free slots;
  // before there is an address, the pincode remembered on the device (decision 046).
  const addresses = useQuery(addressesQuery());
  const devicePin = usePincode();
  const home = addresses.data?.find((a) => a.isDefault) ?? addresses.data?.[0];
  const key = (what: string) => `${what}:${line.serviceId}`;
  const busy = write.busy !== null;
  return (
    <li
      className={line.available ? c.line : `${c.line} ${c.unavailable}`}
      data-testid="cart-line"
      data-service={line.serviceId}
      data-slot-for={line.serviceId}
    >
      <Img src={line.imageUrl} alt="" width={72} height={72} className={c.lineImg} fallback={line.heading} />
      <div className={c.lineBody}>
        <div className={c.lineHead}>
          <Link to="/ServicesDetails" search={{ id: line.serviceId }} className={c.heading}>
            {line.heading}
          </Link>
          {line.available ? (
            <span data-testid="line-amount">{formatRupees(line.lineTotal)}</span>
          ) : (
            <Badge tone="danger">{W.unavailable}</Badge>
          )}
        </div>
        <span className={c.muted}>
          {W.each(formatRupees(line.price))}
          {line.discountPercent > 0 ? W.off(line.discountPercent) : ''}
          {W.gst(line.gstPercent)}
          {line.available ? W.taxable(formatRupees(line.taxableAmount), formatRupees(line.gstAmount)) : W.withdrawn}
        </span>
        <div className={c.controls}>
          <Button
            size="sm"
            variant="secondary"
            icon
            aria-label={W.fewer(line.heading)}
            disabled={busy}
            loading={write.busy === key('dec')}
            onClick={() =>
              write.run(key('dec'), 'changeCartQuantity', () => changeCartQuantity(line.serviceId, 'Decrement'))
            }
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
            disabled={busy || !line.available || line.quantity >= 99}
            loading={write.busy === key('inc')}
            onClick={() =>
              write.run(key('inc'), 'changeCartQuantity', () => changeCartQuantity(line.serviceId, 'Increment'))
            }
          >
            +
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            loading={write.busy === key('rm')}
            onClick={() => write.run(key('rm'), 'clearCartByService', () => removeFromCart(line.serviceId))}
          >
            {W.remove}
          </Button>
        </div>
        {line.available && (
          <>
            <span className={c.muted} data-testid="line-slot">
              {line.slotStart ? W.slot.chosen(slotLabel(line.slotStart)) : W.slot.none}
            </span>
            <SlotPicker
              value={line.slotStart}
              serviceId={line.serviceId}
              pinCode={home?.pinCode ?? devicePin ?? undefined}
              label={W.slot.for(line.heading)}
              error={slotError ?? (needsSlot ? W.slot.needed : undefined)}
              disabled={busy}
              onChange={async (iso) => {
                setSlotError(undefined);
                const refused = await write.run(key('slot'), 'setCartSlot', () => setCartSlot(line.serviceId, iso));
                if (refused) setSlotError(refused);
              }}
            />
          </>
        )}
      </div>
    </li>
  );
}

function CustomerCart() {
  const cart = useQuery(cartQuery());
  return (
    <QueryView query={cart} label={W.what}>
      {(data) =>
        data.lines.length === 0 ? (
          <EmptyState
            title={W.empty}
            description={W.mine.emptyText}
            action={
              <Link to="/Services" className={buttonClassName()}>
                {W.browse}
              </Link>
            }
          />
        ) : (
          <CartBody cart={data} />
        )
      }
    </QueryView>
  );
}

/**
 * The lines and the summary. Proceed to checkout waits for every line's slot (decision 046): pressed while one has
 * none, it stays here, names the line and moves focus to its slot picker; /Checkout sends a slotless cart back the
 * same way (`slotFor`).
 */
function CartBody({ cart: { lines, totals, unavailableCount } }: { cart: CartDetails }) {
  const write = useCartWrite();
  const [confirmClear, setConfirmClear] = useState(false);
  const { slotFor } = Route.useSearch();
  // The line asked for, and a count of the asks: pressing Proceed again moves focus there again.
  const [asked, setAsked] = useState(() => ({ serviceId: slotFor ?? 0, times: slotFor ? 1 : 0 }));
  const needing = lines.find((l) => l.serviceId === asked.serviceId && l.available && !l.slotStart);

  useEffect(() => {
    if (!asked.times) return;
    const picker = document.querySelector<HTMLSelectElement>(`[data-slot-for="${asked.serviceId}"] select`);
    picker?.focus();
  }, [asked]);

  return (
    <div className={c.layout}>
      <ul className={c.lines} aria-label={W.lines}>
        {lines.map((l) => (
          <Line key={l.serviceId} line={l} write={write} needsSlot={l === needing} />
        ))}
      </ul>
      <Card title={W.summary}>
        {unavailableCount > 0 && <Alert tone="warning">{W.someWithdrawn(unavailableCount)}</Alert>}
        <dl className={c.summary}>
          <div className={c.summaryRow}>
            <dt>{W.items}</dt>
            <dd data-testid="total-quantity">{totals.quantity}</dd>
          </div>
          <div className={c.summaryRow}>
            <dt>{W.price}</dt>
            <dd>{formatRupees(totals.grossAmount)}</dd>
          </div>
          <div className={c.summaryRow}>
            <dt>{W.discount}</dt>
            <dd>−{formatRupees(totals.discountAmount)}</dd>
          </div>
          <div className={c.summaryRow}>
            <dt>{W.gstRow}</dt>
            <dd>{formatRupees(totals.gstAmount)}</dd>
          </div>
          <div className={c.summaryRow}>
            <dt>{W.total}</dt>
            <dd className={c.total} data-testid="total-price">
              {formatRupees(totals.total)}
            </dd>
          </div>
        </dl>
        <p className={c.muted}>{W.confirmedAtCheckout}</p>
        <div data-testid="needs-slot">
          {needing && (
            <Alert tone="danger" title={W.slot.missing}>
              {W.slot.missingFor(needing.heading)}
            </Alert>
          )}
        </div>
        <div className={c.actions}>
          <Link
            to="/Checkout"
            className={buttonClassName()}
            onClick={(e) => {
              const first = slotlessLine(lines);
              if (!first) return;
              e.preventDefault();
              setAsked((a) => ({ serviceId: first.serviceId, times: a.times + 1 }));
            }}
          >
            {W.proceed}
          </Link>
          <Button variant="ghost" onClick={() => setConfirmClear(true)}>
            {W.clear}
          </Button>
        </div>
        <ConfirmDialog
          open={confirmClear}
          onOpenChange={setConfirmClear}
          title={W.clearTitle}
          message={W.clearText}
          confirmLabel={W.clear}
          tone="danger"
          onConfirm={() => write.run('clear', 'clearCart', clearCart)}
        />
      </Card>
    </div>
  );
}

/** /UserCart: the signed-in customer's cart on the server, with a time slot per line and the server's amounts. */
function UserCart() {
  const user = useSession().context.user;
  if (!user) return null;
  return (
    <div className={s.page}>
      <PageHeader title={W.mine.title} description={W.mine.lead} />
      {user.Role === 'Cust' ? (
        <CustomerCart />
      ) : (
        <EmptyState
          title={W.mine.forCustomers}
          description={W.mine.notStaff}
          action={
            <Link to={DASHBOARD[user.Role]} className={buttonClassName()}>
              {W.mine.dashboard}
            </Link>
          }
        />
      )}
    </div>
  );
}
