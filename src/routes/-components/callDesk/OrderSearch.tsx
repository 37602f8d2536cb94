import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type CallDeskLine, type CallDeskOrder, callDeskSearchQuery } from '../../../api/callDesk';
import { Alert, Badge, Button, Card, formatDateTime, formatRupees, formatSlot, Pager } from '../../../ui';
import { Form, TextField } from '../../../ui/form';
import { STATE_TONE, stateLabel } from '../dispatch/labels';
import { OrderLineHistory } from '../dispatch/OrderLineHistory';
import * as s from './callDesk.css';

/**
 * The search by the customer's mobile number or an order id, kept in the page's URL (`q`, `page`), and what it finds:
 * each order with its lines, their states, professionals and history. Nothing here changes anything.
 */
export function OrderSearch({ q, page }: { q: string; page: number }) {
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const found = useQuery(callDeskSearchQuery({ q, page }));
  const go = (next: string, nextPage?: number) =>
    navigate({
      to: '/Dashboard/Calldashboard',
      search: (prev: Record<string, unknown>) => ({ ...prev, q: next.trim() || undefined, page: nextPage }),
    });
  const error = found.error as (Error & { errors?: { field: string; message: string }[] }) | null;
  const fieldError = error?.errors?.find((e) => e.field === 'q')?.message;
  const d = found.data;
  return (
    <Card title="Find an order">
      <Form
        aria-label="Find an order"
        onSubmit={(e) => {
          e.preventDefault();
          go(text);
        }}
      >
        <div className={s.searchRow}>
          <div className={s.searchField}>
            <TextField
              label="Customer mobile or order id"
              name="q"
              type="search"
              inputMode="tel"
              autoComplete="off"
              maxLength={20}
              value={text}
              onChange={(e) => setText(e.target.value)}
              error={fieldError ? `Enter ${fieldError.replace(/^enter /, '')}` : undefined}
              hint="A 10-digit mobile number (+91 is fine) or an order number such as #1042."
            />
          </div>
          <Button type="submit" loading={found.isFetching && !!q}>
            Search
          </Button>
        </div>
      </Form>
      {error && !fieldError ? <Alert tone="danger">{error.message}</Alert> : null}
      {d && q ? (
        <div className={s.orders} aria-live="polite">
          <p className={s.muted} role="status">
            {d.customer ? (
              <>
                <bdi>{d.customer.fullName}</bdi> · {d.customer.mobileNo}
                {d.customer.email ? ` · ${d.customer.email}` : ''} ·{' '}
              </>
            ) : null}
            {d.total === 0
              ? d.kind === 'mobile'
                ? 'No customer order with this mobile number.'
                : 'No order with this number.'
              : `${d.total.toLocaleString('en-IN')} order${d.total === 1 ? '' : 's'}, newest first.`}
          </p>
          {d.items.map((o) => (
            <OrderCard key={o.orderId} order={o} />
          ))}
          <Pager
            page={d.page}
            pages={Math.ceil(d.total / d.pageSize)}
            onPage={(p) => go(q, p > 1 ? p : undefined)}
            label="Order pages"
          />
        </div>
      ) : null}
    </Card>
  );
}

function OrderCard({ order: o }: { order: CallDeskOrder }) {
  return (
    <section aria-label={`Order #${o.orderId}`} className={s.page}>
      <h3 className={s.lineTitle}>
        Order #{o.orderId} · {formatRupees(o.total)}
      </h3>
      <dl className={s.facts}>
        <dt className={s.term}>Placed</dt>
        <dd className={s.value}>
          {formatDateTime(o.placedAt)} · {o.status} · {o.paymentType}
        </dd>
        <dt className={s.term}>Customer</dt>
        <dd className={s.value}>
          <bdi>{o.customerName}</bdi> · {o.customerMobileNo}
        </dd>
        <dt className={s.term}>Visit at</dt>
        <dd className={s.value}>
          <bdi>{o.receiverName}</bdi> · {o.receiverMobileNo} · <bdi>{o.placeAddress}</bdi>, <bdi>{o.city}</bdi>{' '}
          {o.pinCode}
        </dd>
      </dl>
      {o.lines.map((l) => (
        <LineCard key={l.lineId} line={l} />
      ))}
    </section>
  );
}

function LineCard({ line: l }: { line: CallDeskLine }) {
  return (
    <article className={s.line} aria-label={`${l.serviceName}, ${stateLabel(l.state)}`}>
      <div className={s.lineHead}>
        <h4 className={s.lineTitle}>
          <bdi>{l.serviceName}</bdi>
          {l.quantity > 1 ? ` × ${l.quantity}` : ''}
        </h4>
        <Badge tone={STATE_TONE[l.state as keyof typeof STATE_TONE] ?? 'neutral'}>{stateLabel(l.state)}</Badge>
      </div>
      <dl className={s.facts}>
        <dt className={s.term}>Slot</dt>
        <dd className={s.value}>{formatSlot(l.slotStart)}</dd>
        <dt className={s.term}>Professional</dt>
        <dd className={s.value}>
          {l.professional ? (
            <>
              <bdi>{l.professional.fullName}</bdi> ·{' '}
              <a href={`tel:+91${l.professional.mobileNo}`}>{l.professional.mobileNo}</a>
            </>
          ) : (
            'Not assigned'
          )}
        </dd>
        <dt className={s.term}>Amount</dt>
        <dd className={s.value}>{formatRupees(l.total)}</dd>
        {l.rating ? (
          <>
            <dt className={s.term}>Rating</dt>
            <dd className={s.value}>
              {l.rating} of 5
              {l.review ? (
                <>
                  {' '}
                  · <q dir="auto">{l.review}</q>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      <details>
        <summary className={s.summary}>History ({l.history.length})</summary>
        <OrderLineHistory history={l.history} caption={`History of ${l.serviceName}`} />
      </details>
    </article>
  );
}
