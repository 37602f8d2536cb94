import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { type CustomerQuery, type CustomerQueryState, customerQueriesQuery } from '../../../api/queries';
import {
  CUSTOMER_QUERY_STATE_LABELS,
  CUSTOMER_QUERY_STATES,
  customerQueryMachine,
} from '../../../machines/customerQuery/customerQuery.machine';
import { Badge, Button, Dialog, formatDateTime, MachineDiagram } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { AnswerQueryForm } from '../../-components/professional/AnswerQueryForm';
import * as s from '../-components/admin.css';
import { type ListSearch, tableStateOf, validateListSearch } from '../-components/listSearch';
import { StaffPage } from '../-components/StaffPage';
import { UrlFilter } from '../-components/UrlFilter';
import { useServerTable } from '../-components/useServerTable';

// Spelled out rather than read from the machine: a route's search check is in every page's first chunk.
const STATE = /^(raised|answered|deleted)$/;
const stateOf = (v: unknown): CustomerQueryState | undefined =>
  typeof v === 'string' && STATE.test(v) ? (v as CustomerQueryState) : undefined;

export const Route = createFileRoute('/_admin/Customer/CustomerQueries')({
  head: () => ({ meta: [{ title: 'Customer queries · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): ListSearch & { state?: CustomerQueryState } => ({
    ...validateListSearch(raw),
    state: stateOf(raw.state),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(customerQueriesQuery({ ...tableStateOf(deps), state: deps.state })),
  component: CustomerQueries,
});

const TONE = { raised: 'warning', answered: 'success', deleted: 'neutral' } as const;
const DIAGRAM_LABELS: Record<string, string> = { ...CUSTOMER_QUERY_STATE_LABELS, ANSWER: 'Answer', DELETE: 'Delete' };

function CustomerQueries() {
  const { state } = Route.useSearch();
  const table = useServerTable<CustomerQuery>(
    (t) => customerQueriesQuery({ ...t, state }),
    {},
    {
      message: 'No customer has raised a query yet.',
      filtered: !!state,
    },
  );
  const [open, setOpen] = useState<CustomerQuery | null>(null);

  const columns: Column<CustomerQuery>[] = [
    {
      key: 'queryRaisedDate',
      header: 'Raised',
      render: (q) => <span className={s.nowrap}>{formatDateTime(q.queryRaisedDate)}</span>,
    },
    {
      key: 'customerName',
      header: 'Customer',
      render: (q) => (
        <>
          <bdi>{q.customerName}</bdi> <span className={s.nowrap}>{q.customerMobileNo}</span>
        </>
      ),
    },
    {
      key: 'serviceName',
      header: 'Order line',
      render: (q) => (
        <>
          {q.serviceName} <span className={s.nowrap}>(order #{q.orderId})</span>
        </>
      ),
    },
    {
      key: 'query',
      header: 'Query',
      render: (q) => (
        <span style={{ overflowWrap: 'anywhere' }}>{q.query.length > 120 ? `${q.query.slice(0, 119)}…` : q.query}</span>
      ),
    },
    {
      key: 'state',
      header: 'State',
      render: (q) => <Badge tone={TONE[q.state]}>{CUSTOMER_QUERY_STATE_LABELS[q.state]}</Badge>,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (q) => (
        <Button
          variant={q.state === 'raised' ? 'primary' : 'ghost'}
          size="sm"
          aria-label={`${q.state === 'raised' ? 'Answer' : 'View'} the query of ${q.customerName} about ${q.serviceName}`}
          onClick={() => setOpen(q)}
        >
          {q.state === 'raised' ? 'Answer' : 'View'}
        </Button>
      ),
    },
  ];

  return (
    <StaffPage
      title="Customer queries"
      description="Questions customers raised about their order lines, newest first. Answer a raised one: the customer is notified."
    >
      <DataTable
        {...table}
        caption="Customer queries"
        columns={columns}
        rowKey={(q) => q.id}
        searchPlaceholder="Query, customer, mobile or service…"
        toolbar={
          <UrlFilter
            name="state"
            label="State"
            allLabel="All states"
            options={CUSTOMER_QUERY_STATES.map((v) => ({ value: v, label: CUSTOMER_QUERY_STATE_LABELS[v] }))}
          />
        }
      />
      {open ? <AnswerDialog q={open} onClose={() => setOpen(null)} /> : null}
    </StaffPage>
  );
}

function AnswerDialog({ q, onClose }: { q: CustomerQuery; onClose(): void }) {
  const [current, setCurrent] = useState(q);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      size="lg"
      title={`Query about ${current.serviceName}`}
      description={`${current.customerName} · ${current.customerMobileNo} · order #${current.orderId}`}
    >
      <div style={{ display: 'grid', gap: 12 }}>
        <p className={s.muted} style={{ margin: 0 }}>
          Raised {formatDateTime(current.queryRaisedDate)}
        </p>
        <blockquote aria-label="Query" style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {current.query}
        </blockquote>
        <MachineDiagram
          machine={customerQueryMachine}
          current={current.state}
          allowedEvents={current.allowedEvents}
          labels={DIAGRAM_LABELS}
          title="Query"
        />
        {current.state === 'answered' ? (
          <div role="note" aria-label="Answer">
            <p className={s.muted} style={{ margin: 0 }}>
              Answered {current.queryResDate ? formatDateTime(current.queryResDate) : ''}
              {current.queryResByName ? ` by ${current.queryResByName}` : ''}
            </p>
            <p style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{current.queryAns}</p>
          </div>
        ) : current.allowedEvents.includes('ANSWER') ? (
          <AnswerQueryForm
            q={current}
            formLabel="Answer the query"
            fieldLabel="Answer"
            rows={4}
            onCancel={onClose}
            onSaved={setCurrent}
          />
        ) : (
          <p className={s.muted}>The customer deleted this query before it was answered.</p>
        )}
      </div>
    </Dialog>
  );
}
