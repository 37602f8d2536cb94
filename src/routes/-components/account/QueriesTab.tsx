import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateAfter } from '../../../api/invalidate';
import { customerOrdersQuery } from '../../../api/orderLines';
import { addCustomerQuery, type CustomerQuery, customerQueriesQuery, deleteCustomerQuery } from '../../../api/queries';
import { CUSTOMER_QUERY_STATE_LABELS } from '../../../machines/customerQuery/customerQuery.machine';
import { Alert, Badge, Button, Card, ConfirmDialog, formatDateTime, formatSlot } from '../../../ui';
import { Form, FormActions, FormErrorSummary, SelectField, TextArea } from '../../../ui/form';
import { useOperationForm } from '../form';
import { PagedListCard } from '../PagedListCard';
import * as s from '../wallet/wallet.css';
import { ACCOUNT } from './words';

const W = ACCOUNT.queries;
const PAGE_SIZE = 10;
const STATE_TONE = { raised: 'warning', answered: 'success', deleted: 'neutral' } as const;

interface LineChoice {
  lineId: number;
  label: string;
}

/** The customer's order lines to choose from (upcoming and past, the newest hundred of each). */
function useOrderLineChoices() {
  const upcoming = useQuery(customerOrdersQuery('upcoming', { page: 1, pageSize: 100 }));
  const past = useQuery(customerOrdersQuery('past', { page: 1, pageSize: 100 }));
  const data: LineChoice[] | undefined =
    upcoming.data && past.data
      ? [...upcoming.data.items, ...past.data.items].map((l) => ({
          lineId: l.lineId,
          label: W.choice(l.orderId, l.serviceName, formatSlot(l.slotStart), l.stateLabel),
        }))
      : undefined;
  return { data, isPending: upcoming.isPending || past.isPending, error: upcoming.error ?? past.error };
}

/** /MyAccounts?tab=queries: raise a query about an order line, see the answers, delete one while unanswered. */
export function QueriesTab({ line }: { line: number | undefined }) {
  const [page, setPage] = useState(1);
  const list = useQuery(customerQueriesQuery({ page, pageSize: PAGE_SIZE }));
  return (
    <>
      <RaiseQuery line={line} onRaised={() => setPage(1)} />
      <PagedListCard words={W} list={list} paging={{ page, pageSize: PAGE_SIZE, onPage: setPage }} gap={12}>
        {(q) => <QueryItem key={q.id} q={q} />}
      </PagedListCard>
    </>
  );
}

function QueryItem({ q }: { q: CustomerQuery }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  return (
    <li
      aria-label={W.about(q.serviceName)}
      style={{ border: '1px solid var(--border, #d0d5dd)', borderRadius: 8, padding: 12, display: 'grid', gap: 6 }}
    >
      <div className={s.rowActions} style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <strong>
          {q.serviceName} <span className={s.muted}>{W.order(q.orderId)}</span>
        </strong>
        <Badge tone={STATE_TONE[q.state]}>{CUSTOMER_QUERY_STATE_LABELS[q.state]}</Badge>
      </div>
      <p className={s.muted}>{W.raised(formatDateTime(q.queryRaisedDate))}</p>
      <p style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{q.query}</p>
      {q.state === 'answered' && q.queryAns ? (
        <div
          role="note"
          aria-label={W.answer}
          style={{ borderInlineStart: '3px solid currentColor', paddingInlineStart: 8 }}
        >
          <p className={s.muted}>
            {W.answered(q.queryResDate ? formatDateTime(q.queryResDate) : '', q.queryResByName)}
          </p>
          <p style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{q.queryAns}</p>
        </div>
      ) : null}
      {q.allowedEvents.includes('DELETE') ? (
        <div>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            {W.delete}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={W.deleteTitle}
            message={W.deleteText}
            confirmLabel={W.delete}
            tone="danger"
            onConfirm={async () => {
              await deleteCustomerQuery(q.id);
              await invalidateAfter(queryClient, 'deleteCustomerQuery');
            }}
          />
        </div>
      ) : null}
    </li>
  );
}

function RaiseQuery({ line, onRaised }: { line: number | undefined; onRaised(): void }) {
  const lines = useOrderLineChoices();
  const form = useOperationForm({
    operation: 'addCustomerQuery',
    initial: { OrderLineId: line ? String(line) : '', Query: '' },
    labels: { OrderLineId: W.visit, Query: W.question },
    precheck: (v) => (v.OrderLineId ? {} : { OrderLineId: W.chooseVisit }),
    toBody: (v) => ({ OrderLineId: Number(v.OrderLineId), Query: v.Query.trim() }),
    send: addCustomerQuery,
    onSaved: () => {
      form.set('Query', '');
      onRaised();
    },
  });
  const options = (lines.data ?? []).map((l) => ({ value: String(l.lineId), label: l.label }));
  // A line named in the URL that the lists do not hold (an older one) still shows as a choice.
  if (line && lines.data && !options.some((o) => o.value === String(line))) {
    options.unshift({ value: String(line), label: W.visitNo(line) });
  }
  return (
    <Card title={W.raise}>
      <Form onSubmit={form.submit} aria-label={W.raise}>
        <FormErrorSummary errors={form.errors} />
        {lines.error ? <Alert tone="warning">{W.ordersFailed(lines.error.message)}</Alert> : null}
        {lines.data && options.length === 0 ? (
          <p className={s.muted}>{W.noOrders}</p>
        ) : (
          <>
            <SelectField
              {...form.field('OrderLineId')}
              value={form.values.OrderLineId}
              onChange={(e) => form.set('OrderLineId', e.target.value)}
              options={options}
              placeholder={lines.isPending ? W.loadingOrders : W.chooseOne}
              fullWidth
            />
            <TextArea {...form.text('Query')} rows={3} hint={W.hint} fullWidth />
            <FormActions>
              <Button type="submit" loading={form.busy}>
                {W.send}
              </Button>
            </FormActions>
          </>
        )}
      </Form>
    </Card>
  );
}
