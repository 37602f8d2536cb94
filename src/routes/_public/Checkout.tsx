import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { addressesQuery } from '../../api/addresses';
import { cartQuery, setCartSlot } from '../../api/cart';
import { ApiError, messageOf } from '../../api/client';
import { invalidateAfter } from '../../api/invalidate';
import { checkoutQuery, type OrderPayMode, type OrderQuoteLine, placeOrder } from '../../api/orders';
import { paymentModesQuery } from '../../api/payments';
import { sessionUser } from '../../api/session';
import { tipsQuery } from '../../api/tips';
import { newIdempotencyKey } from '../../api/wallets';
import { Alert, Badge, Button, buttonClassName, Card, formatRupees, LoadingPlaceholder, toast } from '../../ui';
import { CheckboxField, SelectField, TextField } from '../../ui/form';
import { AddressPicker } from '../-components/account/AddressPicker';
import { CustomerPage } from '../-components/CustomersOnly';
import { LineSlot } from '../-components/cart/LineSlot';
import { GstRows, SummaryRow } from '../-components/cart/SummaryRow';
import { slotlessLine } from '../-components/cart/slots';
import * as c from '../-components/checkout/checkout.css';
import { EmptyCheckout, FirstAddress } from '../-components/checkout/FirstAddress';
import { CHECKOUT as W } from '../-components/checkout/words';
import { payNextText, providerName } from '../-components/payments/providers';
import { rememberPincode } from '../-components/storefront/pincode';

export const Route = createFileRoute('/_public/Checkout')({
  head: () => ({ meta: [{ title: 'Checkout · Doorstep' }] }),
  // Visitors sign in first and come back here.
  beforeLoad: ({ location }) => {
    if (!sessionUser()) throw redirect({ to: '/Auth', search: { redirect: location.href } });
  },
  // Every line needs its slot before checkout (decision 046): a slotless cart goes back to /UserCart, which names the
  // line, before anything renders here. The cart is read afresh (the server is the authority), the addresses with it.
  loader: async ({ context: { queryClient } }) => {
    if (sessionUser()?.Role !== 'Cust') return;
    const [cart] = await Promise.all([
      queryClient.fetchQuery({ ...cartQuery(), staleTime: 0 }),
      queryClient.ensureQueryData(addressesQuery()),
    ]);
    const slotless = slotlessLine(cart.lines);
    if (slotless) throw redirect({ to: '/UserCart', search: { slotFor: slotless.serviceId }, replace: true });
  },
  component: Checkout,
});

const couponErrorOf = (e: unknown) =>
  e instanceof ApiError && e.errors[0]?.field === 'CouponCode' ? (e.errors[0]?.message ?? e.message) : null;

/** The coupon box: a code is tried against the quote before it is applied, so a refusal shows here with why. */
function CouponCard({
  applied,
  error,
  onApply,
  onRemove,
  discount,
}: {
  applied: string | null;
  error: string | null;
  onApply: (code: string) => Promise<void>;
  onRemove: () => void;
  discount: number | null;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Card title={W.coupon}>
      {applied ? (
        <div className={c.lineHead}>
          <span data-testid="coupon-applied">
            {W.couponApplied}
            <strong>{applied}</strong>
            {W.applied(discount !== null ? formatRupees(discount) : null)}
          </span>
          <Button variant="ghost" onClick={onRemove}>
            {W.removeCoupon}
          </Button>
        </div>
      ) : (
        <form
          className={c.choices}
          onSubmit={async (e) => {
            e.preventDefault();
            if (!code.trim()) return;
            setBusy(true);
            try {
              await onApply(code.trim());
            } finally {
              setBusy(false);
            }
          }}
        >
          <TextField
            name="CouponCode"
            label={W.couponCode}
            value={code}
            maxLength={40}
            autoComplete="off"
            error={error ?? undefined}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" variant="secondary" loading={busy}>
            {W.apply}
          </Button>
        </form>
      )}
      <p className={c.muted}>
        <Link to="/Coupons">{W.seeCoupons}</Link>
      </p>
    </Card>
  );
}

function QuoteLine({
  line,
  intra,
  pinCode,
  onSlotChanged,
}: {
  line: OrderQuoteLine;
  intra: boolean;
  pinCode?: string;
  onSlotChanged(): void;
}) {
  const [busy, setBusy] = useState(false);
  const problems = line.problems;
  return (
    <li
      className={problems.length ? `${c.line} ${c.lineProblem}` : c.line}
      data-testid="checkout-line"
      data-service={line.serviceId}
    >
      <div className={c.lineHead}>
        <span>
          {line.description} × {line.quantity}
        </span>
        <span data-testid="line-total">{formatRupees(line.total)}</span>
      </div>
      <span className={c.muted}>
        {W.each(formatRupees(line.unitPrice))}
        {line.discount > 0 ? W.off(line.discountPercent, formatRupees(line.discount)) : ''}
        {line.promotion
          ? W.promoted(W.promotion[line.promotion.kind], line.promotion.label, formatRupees(line.promotion.discount))
          : ''}{' '}
        {W.taxable(formatRupees(line.taxableValue), line.gstRate)}{' '}
        {intra ? W.intraGst(formatRupees(line.cgst), formatRupees(line.sgst)) : W.interGst(formatRupees(line.igst))}{' '}
        {W.sac(line.sacCode)}
      </span>
      <LineSlot
        serviceId={line.serviceId}
        heading={line.description}
        slotStart={line.slotStart}
        pinCode={pinCode}
        disabled={busy}
        pick={async (iso) => {
          setBusy(true);
          try {
            await setCartSlot(line.serviceId, iso);
            onSlotChanged();
            return null;
          } catch (e) {
            return messageOf(e);
          } finally {
            setBusy(false);
          }
        }}
      />
      {problems.map((p) => (
        <Alert key={p.code} tone="danger">
          {p.message}
        </Alert>
      ))}
    </li>
  );
}

function CustomerCheckout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [tip, setTip] = useState(0);
  const [useWallet, setUseWallet] = useState(false);
  const [mode, setMode] = useState<OrderPayMode | ''>('');
  // One key per opened page: a double click, a retry or a second submit places one order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [placing, setPlacing] = useState(false);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const params = { addressId, tip, useWallet, couponCode };
  // The quote needs an address: until the customer has one it is not asked for, so no refusal is ever shown.
  const addresses = useQuery(addressesQuery());
  const hasAddress = addressId !== null || (addresses.data?.length ?? 0) > 0;
  const quote = useQuery({
    ...checkoutQuery(params),
    enabled: hasAddress,
    placeholderData: keepPreviousData,
    retry: false,
  });
  // A coupon that stops applying (the cart changed, or it was used up meanwhile) comes off, with why.
  const quoteCouponError = quote.isError ? couponErrorOf(quote.error) : null;
  useEffect(() => {
    if (quoteCouponError) {
      setCouponError(quoteCouponError);
      setCouponCode(null);
    }
  }, [quoteCouponError]);
  const tips = useQuery(tipsQuery('active'));
  const modes = useQuery(paymentModesQuery());
  const provider = (mode || modes.data?.defaultMode || 'sandbox') as OrderPayMode;

  if (addresses.isPending) return <LoadingPlaceholder label={W.loadingAddresses} />;
  if (addresses.isError) {
    return (
      <Alert tone="danger" title={W.addressesFailed}>
        {addresses.error.message}
      </Alert>
    );
  }
  if (!hasAddress) return <FirstAddress onAdded={(a) => setAddressId(a.id)} />;
  if (quote.isPending || quoteCouponError) return <LoadingPlaceholder label={W.working} />;
  if (quote.isError) {
    return (
      <Alert tone="danger" title={W.quoteFailed}>
        {quote.error.message}
      </Alert>
    );
  }
  const q = quote.data;
  if (q.lines.length === 0) return <EmptyCheckout />;
  const t = q.totals;
  const intra = q.gstType === 'CGST+SGST';
  const walletPaysAll = useWallet && t.amountPayable === 0;
  const payMode: OrderPayMode = walletPaysAll ? 'Wallet' : provider;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['Orders', 'orderCheckOut'] });
  // A slot set here changes the cart too (its page and the count read it).
  const slotChanged = () => Promise.all([refresh(), invalidateAfter(queryClient, 'setCartSlot')]);

  async function applyCoupon(code: string) {
    setCouponError(null);
    try {
      await queryClient.fetchQuery(checkoutQuery({ ...params, couponCode: code }));
      setCouponCode(code);
    } catch (e) {
      const why = couponErrorOf(e);
      if (!why) throw e;
      setCouponError(why);
    }
  }

  async function submit() {
    setPlacing(true);
    setPlaceError(null);
    try {
      const reply = await placeOrder({ ...params, addressId: q.address.id, mode: payMode }, idempotencyKey);
      await invalidateAfter(queryClient, 'orderPlacedNew');
      const placed = reply.data;
      if (placed.status === 'awaiting payment' && placed.checkoutUrl) {
        window.location.assign(placed.checkoutUrl);
        return;
      }
      // Paid from the wallet: the invoice; a payment that could not start: the order's page offers to pay again.
      if (placed.status === 'order created') toast.success(reply.message);
      else toast.error(reply.message);
      await navigate({ to: '/PayProcessInvoice', search: { OrderId: placed.orderId } });
    } catch (e) {
      const why = couponErrorOf(e);
      if (why) {
        // The coupon ran out (or was used) between the quote and the placing: it comes off, nothing was placed.
        setCouponError(why);
        setCouponCode(null);
      } else setPlaceError((e as Error).message);
      await refresh();
      setPlacing(false);
    }
  }

  return (
    <div className={c.layout}>
      <div className={c.column}>
        <Card title={W.address}>
          {/* The choice shows at once; the quote for it follows. */}
          <AddressPicker
            value={addressId ?? q.address.id}
            onChange={(id) => {
              setAddressId(id);
              // The chosen visit's pincode becomes the device's (decision 046).
              const chosen = addresses.data?.find((a) => a.id === id);
              if (chosen) rememberPincode(chosen.pinCode);
            }}
          />
          <p className={c.muted}>
            {W.placeOfSupply(q.placeOfSupply.state, q.placeOfSupply.code, intra)}{' '}
            <Link to="/MyAccounts">{W.manageAddresses}</Link>
          </p>
        </Card>
        <Card title={W.services}>
          <ul className={c.lines} aria-label={W.services}>
            {q.lines.map((l) => (
              <QuoteLine
                key={l.serviceId}
                line={l}
                intra={intra}
                pinCode={q.address.pinCode}
                onSlotChanged={slotChanged}
              />
            ))}
          </ul>
        </Card>
        <CouponCard
          applied={couponCode}
          error={couponError}
          discount={q.coupon?.discount ?? null}
          onApply={applyCoupon}
          onRemove={() => {
            setCouponCode(null);
            setCouponError(null);
          }}
        />
        <Card title={W.tipTitle}>
          <p className={c.muted}>{W.tipText}</p>
          <fieldset className={c.choices} aria-label={W.tip}>
            {[0, ...(tips.data ?? []).map((x) => x.amount)].map((amount) => (
              <label key={amount} className={c.choice}>
                <input type="radio" name="tip" checked={tip === amount} onChange={() => setTip(amount)} />
                {amount === 0 ? W.noTip : formatRupees(amount)}
              </label>
            ))}
          </fieldset>
        </Card>
        <Card title={W.payment}>
          <CheckboxField
            name="useWallet"
            label={W.walletLabel(formatRupees(t.walletBalance), formatRupees(t.walletUsable))}
            checked={useWallet}
            disabled={t.walletBalance === 0}
            onChange={(e) => setUseWallet(e.target.checked)}
          />
          {walletPaysAll ? (
            <p className={c.muted} data-testid="wallet-pays-all">
              {W.walletPaysAll}
            </p>
          ) : (
            <SelectField
              name="paymentMode"
              label={useWallet ? W.payRest : W.payWith}
              value={provider}
              onChange={(e) => setMode(e.target.value as OrderPayMode)}
              options={(modes.data?.modes ?? []).map((m) => ({ value: m, label: providerName(m) }))}
            />
          )}
        </Card>
      </div>
      <Card title={W.summary}>
        <dl className={c.summary} aria-busy={quote.isFetching}>
          <SummaryRow label={W.price}>{formatRupees(t.gross)}</SummaryRow>
          <SummaryRow label={W.discount}>−{formatRupees(t.discount)}</SummaryRow>
          {t.promoDiscount > 0 && (
            <SummaryRow label={W.offers} testId="promo-discount">
              −{formatRupees(t.promoDiscount)}
            </SummaryRow>
          )}
          <SummaryRow label={W.taxableValue}>{formatRupees(t.taxableValue)}</SummaryRow>
          <GstRows intra={intra} amounts={t} />
          <SummaryRow label={W.tipRow} testId="tip">
            {formatRupees(t.tip)}
          </SummaryRow>
          <SummaryRow label={W.total} total testId="order-total">
            {formatRupees(t.total)}
          </SummaryRow>
          <SummaryRow label={W.fromWallet} testId="from-wallet">
            −{formatRupees(t.wallet)}
          </SummaryRow>
          <SummaryRow label={W.toPay} total testId="amount-payable">
            {formatRupees(t.amountPayable)}
          </SummaryRow>
        </dl>
        {!q.placeable && (
          <Alert tone="warning" title={W.notReady}>
            {q.problems.join(' ')}
          </Alert>
        )}
        {placeError && <Alert tone="danger">{placeError}</Alert>}
        <div className={c.actions}>
          <Button onClick={submit} disabled={!q.placeable || quote.isFetching} loading={placing}>
            {walletPaysAll ? W.place(formatRupees(t.total)) : W.placeAndPay(formatRupees(t.amountPayable))}
          </Button>
          <Link to="/UserCart" className={buttonClassName({ variant: 'ghost' })}>
            {W.backToCart}
          </Link>
        </div>
        <p className={c.muted}>
          {walletPaysAll ? W.paidFromWallet : payNextText(payMode)} <Badge tone="neutral">{W.invoiceIncluded}</Badge>
        </p>
      </Card>
    </div>
  );
}

/** /Checkout: the server's quote of the cart, the address, slots, tip and wallet choice, and Place order. */
function Checkout() {
  return (
    <CustomerPage title={W.title} lead={W.lead} staff={W}>
      <CustomerCheckout />
    </CustomerPage>
  );
}
