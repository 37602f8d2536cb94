import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useRef } from 'react';
import {
  type IntentTransition,
  type PaymentIntentEvent,
  paymentIntentQuery,
  sendPaymentIntentEvent,
} from '../../../api/payments';
import { paymentIntentMachine } from '../../../machines/paymentIntent/paymentIntent.machine';
import {
  Badge,
  buttonClassName,
  Card,
  formatDateTime,
  formatRupees,
  LoadingPlaceholder,
  MachineDiagram,
  PageHeader,
} from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { Form, FormErrorSummary, TextArea } from '../../../ui/form';
import { transitionColumns } from '../../../ui/machine/transitionColumns';
import { validateIdSearch } from '../../_admin/-components/search';
import { useOperationForm } from '../../-components/form';
import { MissingRecord } from '../../-components/MissingRecord';
import * as s from '../../-components/wallet/wallet.css';
import { DIAGRAM_LABELS, PROVIDER_LABEL, STATE_LABEL, STATE_TONE } from './-components/states';

export const Route = createFileRoute('/_finance/Payments/PaymentIntentDetail')({
  head: () => ({ meta: [{ title: 'Payment intent · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.ensureQueryData(paymentIntentQuery(deps.id)).catch(() => null) : null,
  component: PaymentIntentDetail,
});

/** The events staff may send (the contract's enum); the machine's other events come from the provider. */
const STAFF_EVENTS: readonly string[] = ['VERIFY', 'EXPIRE'] satisfies PaymentIntentEvent[];

const TRANSITION_COLUMNS: Column<IntentTransition>[] = [
  ...transitionColumns<IntentTransition>(DIAGRAM_LABELS),
  { key: 'actorName', header: 'By' },
  { key: 'remark', header: 'Remark' },
];

function PaymentIntentDetail() {
  const { id } = Route.useSearch();
  const intent = useQuery(paymentIntentQuery(id));
  const back = (
    <Link to="/Payments/PaymentIntents" className={buttonClassName({ variant: 'secondary' })}>
      Payment intents
    </Link>
  );
  if (intent.isPending && id > 0) return <LoadingPlaceholder />;
  const i = intent.data;
  if (!i) {
    return (
      <MissingRecord
        className={s.page}
        title="Payment intent"
        listName="payment intents"
        back={back}
        error={intent.error}
      />
    );
  }
  return (
    <div className={s.page}>
      <PageHeader
        title={`Payment ${i.orderId}`}
        description={<Badge tone={STATE_TONE[i.state]}>{STATE_LABEL[i.state]}</Badge>}
        actions={back}
      />
      <Card title="Details">
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px', margin: 0 }}>
          <dt>Payer</dt>
          <dd style={{ margin: 0 }}>
            <bdi>{i.payerName}</bdi> ({i.payerRole === 'Vendor' ? 'vendor' : 'customer'})
          </dd>
          <dt>Amount</dt>
          <dd style={{ margin: 0 }}>
            {formatRupees(i.amount)} {i.currency !== 'INR' ? i.currency : ''}
          </dd>
          <dt>Provider</dt>
          <dd style={{ margin: 0 }}>{PROVIDER_LABEL[i.provider] ?? i.provider}</dd>
          <dt>Provider payment id</dt>
          <dd style={{ margin: 0 }}>{i.providerPaymentId ?? '—'}</dd>
          <dt>Purpose</dt>
          <dd style={{ margin: 0 }}>{i.purpose}</dd>
          <dt>Result</dt>
          <dd style={{ margin: 0 }}>{i.resultMessage ?? '—'}</dd>
          <dt>Started</dt>
          <dd style={{ margin: 0 }}>{formatDateTime(i.createdAt)}</dd>
          <dt>Last change</dt>
          <dd style={{ margin: 0 }}>{formatDateTime(i.updatedAt)}</dd>
        </dl>
      </Card>
      <Card title="States">
        <IntentEvents id={i.id} state={i.state} allowed={i.allowedEvents.filter((e) => STAFF_EVENTS.includes(e))} />
      </Card>
      <Card title="Transitions">
        <DataTable
          caption="Transitions"
          columns={TRANSITION_COLUMNS}
          {...staticTableProps(i.transitions)}
          rowKey={(t) => `${t.at} ${t.event} ${t.toState}`}
          emptyMessage="No transitions recorded."
        />
      </Card>
    </div>
  );
}

/** The machine drawn with the intent's state; the allowed staff events are its buttons, with an optional remark. */
function IntentEvents({ id, state, allowed }: { id: number; state: string; allowed: string[] }) {
  const chosen = useRef<PaymentIntentEvent>('VERIFY');
  const form = useOperationForm({
    operation: 'sendPaymentIntentEvent',
    initial: { remark: '' },
    labels: { remark: 'Remark' },
    toBody: (v) => ({ event: chosen.current, ...(v.remark.trim() ? { remark: v.remark.trim() } : {}) }),
    send: (body) => sendPaymentIntentEvent(id, body),
    savedMessage: 'Done.',
    onSaved: () => form.set('remark', ''),
  });
  return (
    <Form onSubmit={() => {}} aria-label="Send an event">
      <FormErrorSummary errors={form.errors} />
      <MachineDiagram
        machine={paymentIntentMachine}
        current={state}
        allowedEvents={allowed}
        labels={DIAGRAM_LABELS}
        title="Payment intent"
        busy={form.busy}
        onEvent={(type) => {
          chosen.current = type as PaymentIntentEvent;
          void form.submit();
        }}
      />
      {allowed.length > 0 ? (
        <TextArea {...form.text('remark')} rows={2} hint="Kept with the transition." fullWidth />
      ) : (
        <p className={s.muted}>This payment is final: nothing more can happen to it.</p>
      )}
    </Form>
  );
}
