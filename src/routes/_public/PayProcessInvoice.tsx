import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { invalidateAfter, tagsChangedBy } from '../../api/invalidate';
import { keyOf } from '../../api/kit';
import {
  checkOrderPayment,
  type OrderInvoice,
  type OrderPayMode,
  orderInvoicePdf,
  orderInvoiceQuery,
  retryOrderPayment,
} from '../../api/orders';
import { paymentModesQuery } from '../../api/payments';
import { sessionUser, useSession } from '../../api/session';
import {
  Alert,
  Button,
  buttonClassName,
  Card,
  formatDate,
  formatRupees,
  LoadingPlaceholder,
  PageHeader,
  toast,
} from '../../ui';
import { saveBlob } from '../../ui/download';
import { CheckboxField, SelectField } from '../../ui/form';
import { GstRows, SummaryRow } from '../-components/cart/SummaryRow';
import { slotLabel } from '../-components/cart/slots';
import * as c from '../-components/checkout/checkout.css';
import { CHECKOUT } from '../-components/checkout/words';
import { providerName } from '../-components/payments/providers';
import * as st from '../-components/storefront/storefront.css';

interface Search {
  /** Our payment order id: the provider returns here with it. */
  UID?: string;
  /** The order whose invoice is shown. */
  OrderId?: number;
}

export const Route = createFileRoute('/_public/PayProcessInvoice')({
  head: () => ({ meta: [{ title: 'Your order · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): Search => {
    const out: Search = {};
    if (typeof raw.UID === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(raw.UID)) out.UID = raw.UID;
    const id = Number(raw.OrderId);
    if (Number.isInteger(id) && id > 0) out.OrderId = id;
    return out;
  },
  beforeLoad: ({ location }) => {
    if (!sessionUser()) throw redirect({ to: '/Auth', search: { redirect: location.href } });
  },
  component: PayProcessInvoice,
});

/** Paying a failed order again: a provider (or the wallet for what it holds), then the provider's page or the invoice. */
function RetryPayment({ orderId }: { orderId: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const modes = useQuery(paymentModesQuery());
  const [mode, setMode] = useState<OrderPayMode | ''>('');
  const [useWallet, setUseWallet] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const provider = (mode || modes.data?.defaultMode || 'sandbox') as OrderPayMode;
  async function retry() {
    setBusy(true);
    setError(null);
    try {
      const reply = await retryOrderPayment({ OrderId: orderId, ApiName: provider, UseWallet: useWallet });
      await invalidateAfter(queryClient, 'retryOrderPayment');
      if (reply.data.status === 'awaiting payment' && reply.data.checkoutUrl) {
        window.location.assign(reply.data.checkoutUrl);
        return;
      }
      toast.success(reply.message);
      await navigate({ to: '/PayProcessInvoice', search: { OrderId: orderId }, replace: true });
    } catch (e) {
      setError((e as Error).message);
    }
    setBusy(false);
  }
  return (
    <Card title={CHECKOUT.invoice.retryTitle}>
      <p className={c.muted}>{CHECKOUT.invoice.retryText}</p>
      <CheckboxField
        name="retryWallet"
        label={CHECKOUT.invoice.walletFirst}
        checked={useWallet}
        onChange={(e) => setUseWallet(e.target.checked)}
      />
      <SelectField
        name="retryMode"
        label={CHECKOUT.invoice.payWith}
        value={provider}
        onChange={(e) => setMode(e.target.value as OrderPayMode)}
        options={(modes.data?.modes ?? []).map((m) => ({ value: m, label: providerName(m) }))}
      />
      {error && <Alert tone="danger">{error}</Alert>}
      <div className={c.actions}>
        <Button onClick={retry} loading={busy}>
          {CHECKOUT.invoice.tryAgain}
        </Button>
        <Link to="/MyAccounts" search={{ tab: 'orders' }} className={buttonClassName({ variant: 'ghost' })}>
          {CHECKOUT.invoice.myOrders}
        </Link>
      </div>
    </Card>
  );
}

/** The return from a provider: verify (the server asks the provider), then the invoice, or the failure and a retry. */
function Verify({ uid }: { uid: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const check = useQuery({
    queryKey: keyOf('Orders', 'orderPlacedCheckPaymentGate', { uid }),
    queryFn: () => checkOrderPayment(uid),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const reply = check.data;
  useEffect(() => {
    if (!reply) return;
    // What the verification changed is read again (not this verification itself: it would run again).
    for (const tag of tagsChangedBy('orderPlacedCheckPaymentGate')) {
      void queryClient.invalidateQueries({
        queryKey: [tag],
        predicate: (q) => q.queryKey[1] !== 'orderPlacedCheckPaymentGate',
      });
    }
    if (reply.data.status === 'order created') {
      toast.success(reply.message);
      // The UID leaves the address: a reload shows the invoice, and never verifies again.
      void navigate({ to: '/PayProcessInvoice', search: { OrderId: reply.data.orderId }, replace: true });
    }
  }, [reply, queryClient, navigate]);
  if (check.isPending) return <LoadingPlaceholder label={CHECKOUT.invoice.checking} />;
  if (check.isError) {
    return (
      <Alert tone="danger" title={CHECKOUT.invoice.checkFailed}>
        {check.error.message}{' '}
        <Link to="/MyAccounts" search={{ tab: 'orders' }}>
          {CHECKOUT.invoice.seeMyOrders}
        </Link>
      </Alert>
    );
  }
  const { data, message } = check.data;
  if (data.status === 'order created') return <LoadingPlaceholder label={CHECKOUT.invoice.opening} />;
  if (data.status === 'awaiting payment') {
    return (
      <Alert tone="info" title={CHECKOUT.invoice.notComplete}>
        {message}{' '}
        <Button size="sm" variant="secondary" loading={check.isFetching} onClick={() => check.refetch()}>
          {CHECKOUT.invoice.checkAgain}
        </Button>
      </Alert>
    );
  }
  return (
    <div className={c.column}>
      <Alert tone="danger" title={CHECKOUT.invoice.notCompleted}>
        {message}
      </Alert>
      <RetryPayment orderId={data.orderId} />
    </div>
  );
}

async function downloadPdf(inv: OrderInvoice) {
  try {
    saveBlob(await orderInvoicePdf(inv.orderId), `invoice-${inv.invoiceNo.replace(/\//g, '-')}.pdf`);
  } catch (e) {
    toast.error((e as Error).message);
  }
}

/** The GST tax invoice (CGST Rule 46) as a printable page; the PDF is made on the server from the same data. */
export function InvoiceView({ invoice: inv }: { invoice: OrderInvoice }) {
  const intra = inv.gstType === 'CGST+SGST';
  return (
    <div className={c.column}>
      <div className={`${c.actions} ${c.noPrint}`}>
        <Button onClick={() => window.print()}>{CHECKOUT.invoice.print}</Button>
        <Button variant="secondary" onClick={() => downloadPdf(inv)}>
          {CHECKOUT.invoice.pdf}
        </Button>
        <Link to="/MyAccounts" search={{ tab: 'orders' }} className={buttonClassName({ variant: 'ghost' })}>
          {CHECKOUT.invoice.myOrders}
        </Link>
      </div>
      <article className={c.invoice} aria-label={CHECKOUT.invoice.named(inv.invoiceNo)} data-testid="invoice">
        <h2 className={c.invoiceTitle}>{CHECKOUT.invoice.heading}</h2>
        <div className={c.parties}>
          <div className={c.party}>
            <strong>{inv.supplier.legalName}</strong>
            <span>{inv.supplier.address}</span>
            <span>{CHECKOUT.invoice.state(inv.supplier.state, inv.supplier.stateCode)}</span>
            <span data-testid="gstin">{CHECKOUT.invoice.gstin(inv.supplier.gstin)}</span>
          </div>
          <div className={c.party}>
            <span>
              {CHECKOUT.invoice.number}
              <strong data-testid="invoice-no">{inv.invoiceNo}</strong>
            </span>
            <span>{CHECKOUT.invoice.date(formatDate(inv.invoiceDate))}</span>
            <span>{CHECKOUT.invoice.order(inv.orderId)}</span>
            <span>{CHECKOUT.invoice.placeOfSupply(inv.placeOfSupply.state, inv.placeOfSupply.code)}</span>
            <span>{CHECKOUT.invoice.reverseCharge(inv.reverseCharge)}</span>
          </div>
          <div className={c.party}>
            <strong>{CHECKOUT.invoice.billedTo(inv.customer.name)}</strong>
            {inv.customer.receiverName !== inv.customer.name && (
              <span>{CHECKOUT.invoice.serviceTo(inv.customer.receiverName)}</span>
            )}
            <span>{inv.customer.address}</span>
            <span>
              {inv.customer.city}, {inv.customer.state}
              {inv.customer.stateCode ? ` (${inv.customer.stateCode})` : ''} {inv.customer.pinCode},{' '}
              {inv.customer.country}
            </span>
            <span>{CHECKOUT.invoice.mobile(inv.customer.receiverMobileNo)}</span>
          </div>
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <section className={c.tableScroll} aria-label={CHECKOUT.invoice.lines} tabIndex={0}>
          <table className={c.table}>
            <thead>
              <tr>
                <th scope="col">{CHECKOUT.invoice.description}</th>
                <th scope="col">{CHECKOUT.invoice.sac}</th>
                <th scope="col">{CHECKOUT.invoice.qty}</th>
                <th scope="col">{CHECKOUT.invoice.taxableValue}</th>
                <th scope="col">{CHECKOUT.invoice.gstRate}</th>
                {intra ? (
                  <>
                    <th scope="col">CGST</th>
                    <th scope="col">SGST</th>
                  </>
                ) : (
                  <th scope="col">IGST</th>
                )}
                <th scope="col">{CHECKOUT.invoice.total}</th>
              </tr>
            </thead>
            <tbody>
              {inv.lines.map((l) => (
                <tr key={l.lineId} data-testid="invoice-line">
                  <td>
                    {l.description}
                    <br />
                    <span className={c.muted}>
                      {slotLabel(l.slotStart)}
                      {l.creditNote
                        ? CHECKOUT.invoice.creditNote(l.creditNote.number, formatRupees(l.creditNote.total))
                        : l.cancelled
                          ? CHECKOUT.invoice.cancelled
                          : ''}
                    </span>
                  </td>
                  <td>{l.sacCode}</td>
                  <td>{l.quantity}</td>
                  <td>{formatRupees(l.taxableValue)}</td>
                  <td>{l.gstRate}%</td>
                  {intra ? (
                    <>
                      <td>{formatRupees(l.cgst)}</td>
                      <td>{formatRupees(l.sgst)}</td>
                    </>
                  ) : (
                    <td>{formatRupees(l.igst)}</td>
                  )}
                  <td>{formatRupees(l.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <dl className={`${c.summary} ${c.totals}`}>
          <SummaryRow label={CHECKOUT.invoice.taxableValue}>{formatRupees(inv.totals.taxableValue)}</SummaryRow>
          <GstRows intra={intra} amounts={inv.totals} />
          <SummaryRow label={CHECKOUT.invoice.invoiceValue}>{formatRupees(inv.totals.invoiceValue)}</SummaryRow>
          <SummaryRow label={CHECKOUT.invoice.tip} testId="invoice-tip">
            {formatRupees(inv.totals.tip)}
          </SummaryRow>
          <SummaryRow label={CHECKOUT.invoice.totalPaid} total testId="invoice-total">
            {formatRupees(inv.totals.total)}
          </SummaryRow>
        </dl>
        <p className={c.words} data-testid="amount-in-words">
          {inv.amountInWords}
        </p>
        <p className={c.muted}>{CHECKOUT.invoice.signed(inv.paymentType, inv.supplier.legalName)}</p>
      </article>
    </div>
  );
}

function Invoice({ orderId }: { orderId: number }) {
  const invoice = useQuery({ ...orderInvoiceQuery(orderId), retry: false });
  if (invoice.isPending) return <LoadingPlaceholder label={CHECKOUT.invoice.loading} />;
  if (invoice.isError) {
    const notPaid = invoice.error instanceof ApiError && invoice.error.status === 409;
    return (
      <div className={c.column}>
        <Alert
          tone={notPaid ? 'warning' : 'danger'}
          title={notPaid ? CHECKOUT.invoice.noneYet : CHECKOUT.invoice.loadFailed}
        >
          {invoice.error.message}
        </Alert>
        {notPaid && /payment failed/.test(invoice.error.message) && <RetryPayment orderId={orderId} />}
      </div>
    );
  }
  return <InvoiceView invoice={invoice.data} />;
}

/** /PayProcessInvoice: the provider's return (?UID=) is verified, then the order's printable tax invoice (?OrderId=). */
function PayProcessInvoice() {
  const user = useSession().context.user;
  const { UID, OrderId } = Route.useSearch();
  if (!user) return null;
  return (
    <div className={st.page}>
      <PageHeader title={CHECKOUT.invoice.title} description={CHECKOUT.invoice.lead} />
      {UID ? (
        <Verify uid={UID} />
      ) : OrderId ? (
        <Invoice orderId={OrderId} />
      ) : (
        <Alert tone="info">
          {CHECKOUT.invoice.noOrder}
          <Link to="/MyAccounts">{CHECKOUT.invoice.seeInAccount}</Link>.
        </Alert>
      )}
    </div>
  );
}
