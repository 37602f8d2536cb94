// The signed-in customer's plan now (or the purchase awaiting its payment) and their plans before, newest first.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type CustomerSubscription,
  type CustomerSubscriptionStatus,
  myPlansQuery,
  planInvoicePdf,
} from '../../../api/subscriptions';
import { Badge, type BadgeTone, Button, buttonClassName, Card, formatRupees, Pager, toast } from '../../../ui';
import { saveBlob } from '../../../ui/download';
import { LoadFailure } from '../Loaded';
import { planDay } from './dates';
import * as s from './subscriptions.css';
import { monthsText, SUBSCRIPTIONS } from './words';

const W = SUBSCRIPTIONS.mine;

const STATUS: Record<CustomerSubscriptionStatus, { label: string; tone: BadgeTone }> = {
  active: { label: W.status.active, tone: 'success' },
  awaitingPayment: { label: W.status.awaitingPayment, tone: 'warning' },
  ended: { label: W.status.ended, tone: 'neutral' },
  failed: { label: W.status.failed, tone: 'danger' },
};

export const StatusBadge = ({ status }: { status: CustomerSubscriptionStatus }) => (
  <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>
);

function period(p: CustomerSubscription) {
  if (p.startsAt && p.endsAt) return `${planDay(p.startsAt)} – ${planDay(p.endsAt)}`;
  return W.bought(planDay(p.createdAt));
}

async function downloadInvoice(p: CustomerSubscription) {
  try {
    saveBlob(await planInvoicePdf(p.id), `invoice-${p.invoiceNo!.replace(/\//g, '-')}.pdf`);
  } catch (e) {
    toast.error((e as Error).message);
  }
}

export function MyPlans() {
  const [page, setPage] = useState(1);
  const q = useQuery(myPlansQuery(page));
  if (!q.data && q.error) return <LoadFailure query={q} />;
  const data = q.data;
  const current = data?.current ?? null;
  return (
    <Card title={W.title}>
      <LoadFailure query={q} />
      {!data ? (
        <p className={s.muted}>{W.loading}</p>
      ) : current ? (
        <div className={s.current} data-testid="my-plan">
          <strong dir="auto">{current.subscriptionName}</strong>
          <StatusBadge status={current.status} />
          {current.status === 'active' && current.endsAt ? (
            <span>
              {W.until}
              <strong>{planDay(current.endsAt)}</strong>
              {W.applies}
            </span>
          ) : (
            <span>{W.finish}</span>
          )}
          {current.checkoutUrl ? (
            <a className={buttonClassName({ size: 'sm' })} href={current.checkoutUrl}>
              {W.continue}
            </a>
          ) : null}
        </div>
      ) : (
        <p className={s.muted} data-testid="my-plan">
          {W.none}
        </p>
      )}
      {data && data.items.length > 0 ? (
        <>
          <h3 className={s.muted}>{W.history}</h3>
          <ul className={s.history} aria-label={W.history}>
            {data.items.map((p) => (
              <li key={p.id} className={s.historyRow}>
                <span>
                  <strong dir="auto">{p.subscriptionName}</strong> · {monthsText(p.durationInMonths)} ·{' '}
                  {formatRupees(p.price)} {W.paidBy[p.paidBy] ?? W.paidThrough(p.paidBy)}
                </span>
                <span>
                  {period(p)} <StatusBadge status={p.status} />
                </span>
                {p.invoiceNo ? (
                  <span data-testid="plan-invoice">
                    {W.invoice(p.invoiceNo)} · {W.gstIncluded(formatRupees(p.cgst + p.sgst + p.igst))}{' '}
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={W.downloadLabel(p.invoiceNo)}
                      onClick={() => downloadInvoice(p)}
                    >
                      {W.download}
                    </Button>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <Pager page={page} pages={Math.ceil(data.total / data.pageSize)} label={W.pages} onPage={setPage} />
        </>
      ) : null}
    </Card>
  );
}
