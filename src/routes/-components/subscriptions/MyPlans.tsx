// The signed-in customer's plan now (or the purchase awaiting its payment) and their plans before, newest first.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type CustomerSubscription,
  type CustomerSubscriptionStatus,
  monthsText,
  myPlansQuery,
} from '../../../api/subscriptions';
import { Alert, Badge, type BadgeTone, buttonClassName, Card, formatRupees, Pager } from '../../../ui';
import { planDay } from './dates';
import * as s from './subscriptions.css';

const STATUS: Record<CustomerSubscriptionStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  awaitingPayment: { label: 'Awaiting payment', tone: 'warning' },
  ended: { label: 'Ended', tone: 'neutral' },
  failed: { label: 'Payment failed', tone: 'danger' },
};

const PAID_BY: Record<string, string> = {
  Wallet: 'from your wallet',
  CF: 'through Cashfree',
  RP: 'through Razorpay',
  sandbox: 'by test payment',
};

export const StatusBadge = ({ status }: { status: CustomerSubscriptionStatus }) => (
  <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>
);

function period(p: CustomerSubscription) {
  if (p.startsAt && p.endsAt) return `${planDay(p.startsAt)} – ${planDay(p.endsAt)}`;
  return `Bought ${planDay(p.createdAt)}`;
}

export function MyPlans() {
  const [page, setPage] = useState(1);
  const q = useQuery(myPlansQuery(page));
  if (q.isError) return <Alert tone="danger">{q.error.message}</Alert>;
  const data = q.data;
  const current = data?.current ?? null;
  return (
    <Card title="My plan">
      {!data ? (
        <p className={s.muted}>Loading your plans…</p>
      ) : current ? (
        <div className={s.current} data-testid="my-plan">
          <strong dir="auto">{current.subscriptionName}</strong>
          <StatusBadge status={current.status} />
          {current.status === 'active' && current.endsAt ? (
            <span>
              until <strong>{planDay(current.endsAt)}</strong>: its discounts apply at checkout.
            </span>
          ) : (
            <span>Finish the payment, or cancel it on the payment page, to buy a plan.</span>
          )}
          {current.checkoutUrl ? (
            <a className={buttonClassName({ size: 'sm' })} href={current.checkoutUrl}>
              Continue the payment
            </a>
          ) : null}
        </div>
      ) : (
        <p className={s.muted} data-testid="my-plan">
          You have no plan now. Choose one below.
        </p>
      )}
      {data && data.items.length > 0 ? (
        <>
          <h3 className={s.muted}>Your plans</h3>
          <ul className={s.history} aria-label="Your plans">
            {data.items.map((p) => (
              <li key={p.id} className={s.historyRow}>
                <span>
                  <strong dir="auto">{p.subscriptionName}</strong> · {monthsText(p.durationInMonths)} ·{' '}
                  {formatRupees(p.price)} {PAID_BY[p.paidBy] ?? `through ${p.paidBy}`}
                </span>
                <span>
                  {period(p)} <StatusBadge status={p.status} />
                </span>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pages={Math.ceil(data.total / data.pageSize)}
            label="Pages of your plans"
            onPage={setPage}
          />
        </>
      ) : null}
    </Card>
  );
}
