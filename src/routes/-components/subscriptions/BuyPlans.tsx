// The plans on sale for a signed-in customer: how to pay (the wallet, or a provider the server has set up) and a Buy
// button on each plan. A plan runs from the payment; a customer holding a plan, or with one awaiting its payment,
// cannot buy another (decision 023), so the buttons say why.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { invalidateAfter } from '../../../api/invalidate';
import { paymentModesQuery } from '../../../api/payments';
import {
  myPlansQuery,
  type SubscriptionPayMode,
  type SubscriptionPlan,
  takeSubscription,
} from '../../../api/subscriptions';
import { customerBalanceQuery, newIdempotencyKey } from '../../../api/wallets';
import { Alert, Button, formatRupees, toast } from '../../../ui';
import { SelectField } from '../../../ui/form';
import { providerName } from '../payments/providers';
import { planDay } from './dates';
import { PlanCard } from './PlanCard';
import * as s from './subscriptions.css';
import { SUBSCRIPTIONS } from './words';

const W = SUBSCRIPTIONS.buy;

export function BuyPlans({ plans, mobileNo }: { plans: SubscriptionPlan[]; mobileNo: string }) {
  const queryClient = useQueryClient();
  const modes = useQuery(paymentModesQuery());
  const balance = useQuery(customerBalanceQuery(mobileNo));
  const mine = useQuery(myPlansQuery());
  const [mode, setMode] = useState<SubscriptionPayMode>('Wallet');
  // One key per choice made on this page: a double click buys once (a new key after each answer).
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const held = mine.data?.current ?? null;
  const wallet = balance.data?.balance ?? 0;

  async function buy(plan: SubscriptionPlan) {
    setBusy(plan.id);
    setError(null);
    try {
      const reply = await takeSubscription(plan.id, mode, key);
      await invalidateAfter(queryClient, 'takeSubscription');
      if (reply.data.status === 'awaitingPayment' && reply.data.checkoutUrl) {
        window.location.assign(reply.data.checkoutUrl);
        return;
      }
      toast.success(reply.message);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : (e as Error).message);
      await invalidateAfter(queryClient, 'takeSubscription');
    } finally {
      setKey(newIdempotencyKey());
      setBusy(null);
    }
  }

  const options = [
    { value: 'Wallet', label: W.wallet(formatRupees(wallet)) },
    ...(modes.data?.modes ?? []).map((m) => ({ value: m, label: providerName(m) })),
  ];
  return (
    <>
      <div className={s.payWith}>
        <SelectField
          name="payWith"
          label={W.payWith}
          value={mode}
          options={options}
          onChange={(e) => setMode(e.target.value as SubscriptionPayMode)}
          hint={W.payHint}
        />
      </div>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <ul className={s.grid} aria-label={SUBSCRIPTIONS.onSale}>
        {plans.map((p) => {
          const short = mode === 'Wallet' && wallet < p.price;
          const isHeld = held?.subscriptionId === p.id && held.status === 'active';
          return (
            <li key={p.id}>
              <PlanCard plan={p} held={isHeld}>
                {held ? (
                  <p className={s.muted}>
                    {isHeld && held.endsAt
                      ? W.yoursUntil(planDay(held.endsAt))
                      : held.status === 'awaitingPayment'
                        ? W.awaiting
                        : W.holding(held.subscriptionName, held.endsAt ? planDay(held.endsAt) : null)}
                  </p>
                ) : (
                  <>
                    <Button
                      onClick={() => buy(p)}
                      loading={busy === p.id}
                      disabled={busy !== null || short}
                      // The name starts with the words shown (WCAG 2.5.3, label in name), then says which plan.
                      aria-label={W.named(formatRupees(p.price), p.subscriptionName)}
                    >
                      {W.button(formatRupees(p.price))}
                    </Button>
                    {short ? <span className={s.muted}>{W.short}</span> : null}
                  </>
                )}
              </PlanCard>
            </li>
          );
        })}
      </ul>
    </>
  );
}
