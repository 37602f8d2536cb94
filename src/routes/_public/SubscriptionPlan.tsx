import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { tagsChangedBy } from '../../api/invalidate';
import { keyOf } from '../../api/kit';
import { useSession } from '../../api/session';
import { checkSubscriptionPayment, plansOnSaleQuery } from '../../api/subscriptions';
import { Alert, Button, buttonClassName, EmptyState, LoadingPlaceholder, PageHeader, toast } from '../../ui';
import { Loaded } from '../-components/Loaded';
import * as st from '../-components/storefront/storefront.css';
import { BuyPlans } from '../-components/subscriptions/BuyPlans';
import { MyPlans } from '../-components/subscriptions/MyPlans';
import { PlanCard } from '../-components/subscriptions/PlanCard';
import * as s from '../-components/subscriptions/subscriptions.css';
import { SUBSCRIPTIONS as W } from '../-components/subscriptions/words';

interface Search {
  /** Our payment order id: the provider returns here with it. */
  UID?: string;
}

export const Route = createFileRoute('/_public/SubscriptionPlan')({
  head: () => ({ meta: [{ title: 'Subscription plans · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): Search =>
    typeof raw.UID === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(raw.UID) ? { UID: raw.UID } : {},
  component: SubscriptionPlan,
});

/** The return from a provider: the server asks the provider, then the plan shows active (or why it is not). */
function VerifyPayment({ uid }: { uid: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const check = useQuery({
    queryKey: keyOf('Subscriptions', 'checkSubscriptionPayment', { uid }),
    queryFn: () => checkSubscriptionPayment(uid),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const reply = check.data;
  useEffect(() => {
    if (!reply) return;
    // What the verification changed is read again (not this verification itself: it would run again).
    for (const tag of tagsChangedBy('checkSubscriptionPayment')) {
      void queryClient.invalidateQueries({
        queryKey: [tag],
        predicate: (q) => q.queryKey[1] !== 'checkSubscriptionPayment',
      });
    }
    if (reply.data.status === 'active') toast.success(reply.message);
    else if (reply.data.status === 'failed') toast.error(reply.message);
    // The UID leaves the address unless the payment is still open: a reload never verifies a settled one again.
    if (reply.data.status !== 'awaitingPayment') void navigate({ to: '/SubscriptionPlan', search: {}, replace: true });
  }, [reply, queryClient, navigate]);
  if (check.isPending) return <LoadingPlaceholder label={W.checking} />;
  if (check.isError) return <Alert tone="danger">{check.error.message}</Alert>;
  if (reply?.data.status === 'awaitingPayment') {
    return (
      <Alert tone="warning" title={W.notComplete}>
        {reply.message}{' '}
        <Button variant="secondary" size="sm" onClick={() => void check.refetch()}>
          {W.checkAgain}
        </Button>
      </Alert>
    );
  }
  return null;
}

/** /SubscriptionPlan: the plans on sale with their service discounts; a customer buys one and sees theirs. */
function SubscriptionPlan() {
  const { UID } = Route.useSearch();
  const user = useSession().context.user;
  const plans = useQuery(plansOnSaleQuery());
  const customer = user?.Role === 'Cust' ? user : null;
  return (
    <div className={st.page}>
      <PageHeader title={W.title} description={W.lead} />
      {customer && UID ? <VerifyPayment uid={UID} /> : null}
      {customer ? <MyPlans /> : null}
      <section className={st.section} aria-labelledby="plans-on-sale">
        <h2 id="plans-on-sale" className={st.sectionTitle}>
          {W.onSale}
        </h2>
        <Loaded query={plans} loadingLabel={W.loading}>
          {(data) =>
            data.length === 0 ? (
              <EmptyState title={W.noneTitle} description={W.noneText} />
            ) : customer ? (
              <BuyPlans plans={data} mobileNo={customer.MobileNo} />
            ) : (
              <ul className={s.grid} aria-label={W.onSale}>
                {data.map((p) => (
                  <li key={p.id}>
                    <PlanCard plan={p}>
                      {user ? (
                        <p className={s.muted}>{W.customersOnly}</p>
                      ) : (
                        <Link
                          to="/Auth"
                          search={{ redirect: '/SubscriptionPlan' }}
                          className={buttonClassName({ variant: 'secondary' })}
                        >
                          {W.signIn}
                        </Link>
                      )}
                    </PlanCard>
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
      </section>
    </div>
  );
}
