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
import { ApiError, messageOf } from '../../api/client';
import { invalidateAfter, type WriteId } from '../../api/invalidate';
import { sessionUser } from '../../api/session';
import { Alert, Badge, Button, buttonClassName, Card, ConfirmDialog, formatRupees, toast } from '../../ui';
import { CustomerPage } from '../-components/CustomersOnly';
import { CartLineCard, EmptyCart } from '../-components/cart/CartLineCard';
import * as c from '../-components/cart/cart.css';
import { LineSlot } from '../-components/cart/LineSlot';
import { SummaryRow } from '../-components/cart/SummaryRow';
import { slotlessLine } from '../-components/cart/slots';
import { CART as W } from '../-components/cart/words';
import { QueryView } from '../-components/storefront/parts';
import { usePincode } from '../-components/storefront/pincode';

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
      return messageOf(e);
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}

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
  // The server judges a cart slot at the default address (decision 016): the picker offers that pincode's free slots;
  // before there is an address, the pincode remembered on the device (decision 046).
  const addresses = useQuery(addressesQuery());
  const devicePin = usePincode();
  const home = addresses.data?.find((a) => a.isDefault) ?? addresses.data?.[0];
  const key = (what: string) => `${what}:${line.serviceId}`;
  const busy = write.busy !== null;
  const running = (['fewer', 'more', 'remove'] as const).find((what) => write.busy === key(what)) ?? null;
  return (
    <CartLineCard
      serviceId={line.serviceId}
      heading={line.heading}
      imageUrl={line.imageUrl}
      withdrawn={!line.available}
      slotFor
      amount={
        line.available ? (
          <span data-testid="line-amount">{formatRupees(line.lineTotal)}</span>
        ) : (
          <Badge tone="danger">{W.unavailable}</Badge>
        )
      }
      prices={
        <>
          {W.each(formatRupees(line.price))}
          {line.discountPercent > 0 ? W.off(line.discountPercent) : ''}
          {W.gst(line.gstPercent)}
          {line.available ? W.taxable(formatRupees(line.taxableAmount), formatRupees(line.gstAmount)) : W.withdrawn}
        </>
      }
      controls={{
        quantity: line.quantity,
        canAdd: line.available && line.quantity < 99,
        busy,
        loading: running,
        onFewer: () =>
          write.run(key('fewer'), 'changeCartQuantity', () => changeCartQuantity(line.serviceId, 'Decrement')),
        onMore: () =>
          write.run(key('more'), 'changeCartQuantity', () => changeCartQuantity(line.serviceId, 'Increment')),
        onRemove: () => write.run(key('remove'), 'clearCartByService', () => removeFromCart(line.serviceId)),
      }}
    >
      {line.available && (
        <LineSlot
          serviceId={line.serviceId}
          heading={line.heading}
          slotStart={line.slotStart}
          pinCode={home?.pinCode ?? devicePin ?? undefined}
          needed={needsSlot ? W.slot.needed : undefined}
          disabled={busy}
          pick={(iso) => write.run(key('slot'), 'setCartSlot', () => setCartSlot(line.serviceId, iso))}
        />
      )}
    </CartLineCard>
  );
}

function CustomerCart() {
  const cart = useQuery(cartQuery());
  return (
    <QueryView query={cart} label={W.what}>
      {(data) => (data.lines.length === 0 ? <EmptyCart description={W.mine.emptyText} /> : <CartBody cart={data} />)}
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
          <SummaryRow label={W.items} testId="total-quantity">
            {totals.quantity}
          </SummaryRow>
          <SummaryRow label={W.price}>{formatRupees(totals.grossAmount)}</SummaryRow>
          <SummaryRow label={W.discount}>−{formatRupees(totals.discountAmount)}</SummaryRow>
          <SummaryRow label={W.gstRow}>{formatRupees(totals.gstAmount)}</SummaryRow>
          <SummaryRow label={W.total} total testId="total-price">
            {formatRupees(totals.total)}
          </SummaryRow>
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
  return (
    <CustomerPage title={W.mine.title} lead={W.mine.lead} staff={W.mine}>
      <CustomerCart />
    </CustomerPage>
  );
}
