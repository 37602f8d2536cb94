import { createFileRoute, Link } from '@tanstack/react-router';
import { type PaymentIntent, type PaymentIntentState, paymentIntentsQuery } from '../../../api/payments';
import { Badge, formatDateTime, formatRupees } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { type ListSearch, tableStateOf, validateListSearch } from '../../_admin/-components/listSearch';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { UrlFilter } from '../../_admin/-components/UrlFilter';
import { useServerTable } from '../../_admin/-components/useServerTable';
import * as s from '../../-components/wallet/wallet.css';
import { PAYMENT_INTENT_STATES, PROVIDER_LABEL, STATE_LABEL, STATE_TONE } from './-components/states';

// Spelled out rather than read from ./-components/states: a route's search check is in every page's first chunk.
const STATE = /^(created|awaitingPayment|paid|failed|cancelled|expired)$/;
const stateOf = (v: unknown): PaymentIntentState | undefined =>
  typeof v === 'string' && STATE.test(v) ? (v as PaymentIntentState) : undefined;

export const Route = createFileRoute('/_finance/Payments/PaymentIntents')({
  head: () => ({ meta: [{ title: 'Payment intents · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): ListSearch & { state?: PaymentIntentState } => ({
    ...validateListSearch(raw),
    state: stateOf(raw.state),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(paymentIntentsQuery({ ...tableStateOf(deps), state: deps.state })),
  component: PaymentIntents,
});

const COLUMNS: Column<PaymentIntent>[] = [
  {
    key: 'orderId',
    header: 'Order',
    render: (i) => (
      <Link to="/Payments/PaymentIntentDetail" search={{ id: i.id }}>
        {i.orderId}
      </Link>
    ),
  },
  {
    key: 'createdAt',
    header: 'Started',
    render: (i) => <span className={s.nowrap}>{formatDateTime(i.createdAt)}</span>,
  },
  {
    key: 'payerName',
    header: 'Payer',
    render: (i) => (
      <>
        <bdi>{i.payerName}</bdi> ({i.payerRole === 'Vendor' ? 'vendor' : 'customer'})
      </>
    ),
  },
  { key: 'provider', header: 'Provider', render: (i) => PROVIDER_LABEL[i.provider] ?? i.provider },
  {
    key: 'amount',
    header: 'Amount',
    align: 'end',
    render: (i) => <span className={s.nowrap}>{formatRupees(i.amount)}</span>,
  },
  { key: 'state', header: 'State', render: (i) => <Badge tone={STATE_TONE[i.state]}>{STATE_LABEL[i.state]}</Badge> },
  {
    key: 'updatedAt',
    header: 'Last change',
    render: (i) => <span className={s.nowrap}>{formatDateTime(i.updatedAt)}</span>,
  },
];

function PaymentIntents() {
  const { state } = Route.useSearch();
  const table = useServerTable<PaymentIntent>(
    (t) => paymentIntentsQuery({ ...t, state }),
    {},
    {
      message: 'No top-ups have been started yet.',
      filtered: !!state,
    },
  );
  return (
    <StaffPage
      title="Payment intents"
      description="Every wallet top-up sent to a payment provider, newest first. Open one to see its states and verify it again."
      className={s.page}
    >
      <DataTable
        {...table}
        caption="Payment intents"
        columns={COLUMNS}
        rowKey={(i) => i.id}
        searchPlaceholder="Order id or payer…"
        toolbar={
          <UrlFilter
            name="state"
            label="State"
            allLabel="All states"
            options={PAYMENT_INTENT_STATES.map((v) => ({ value: v, label: STATE_LABEL[v] }))}
          />
        }
      />
    </StaffPage>
  );
}
