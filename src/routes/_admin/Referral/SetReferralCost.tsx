import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { referralCostHistoryQuery } from '../../../api/referrals';
import { Card, formatDateTime, formatRupees, PageHeader, StatCard, StatGrid } from '../../../ui';
import { LoadFailure } from '../../-components/Loaded';
import { CostHistoryTable } from '../../-components/referrals/CostHistoryTable';
import { ReferralCostForm } from '../../-components/referrals/ReferralCostForm';
import * as s from '../-components/admin.css';
import { tableStateOf, validateListSearch } from '../-components/listSearch';

export const Route = createFileRoute('/_admin/Referral/SetReferralCost')({
  head: () => ({ meta: [{ title: 'Referral cost · Doorstep' }] }),
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const t = tableStateOf(deps);
    return context.queryClient.prefetchQuery(referralCostHistoryQuery({ page: t.page, pageSize: t.pageSize }));
  },
  component: SetReferralCost,
});

/** The cost in force, the form that changes it, and every change with who made it (the referral update history). */
function SetReferralCost() {
  const history = useQuery(referralCostHistoryQuery({ page: 1, pageSize: 20 }));
  const current = history.data?.current ?? null;
  return (
    <div className={s.page}>
      <PageHeader
        title="Referral cost"
        description="What a customer earns in their wallet for each new customer who joins with their referral code, paid when that customer's first visit is completed."
        actions={<Link to="/Referral/GetReferralHistory">Referral history</Link>}
      />
      <LoadFailure query={history} />
      <StatGrid label="The referral cost">
        <StatCard
          label="Cost in force"
          value={history.data ? formatRupees(current?.cost ?? 0) : '…'}
          hint={
            current
              ? `Set by ${current.setBy?.fullName ?? 'unknown'} on ${formatDateTime(current.setAt)}`
              : history.data
                ? 'Never set: referrals pay nothing until it is'
                : undefined
          }
        />
      </StatGrid>
      <Card title="Change the referral cost">
        <ReferralCostForm current={current?.cost ?? 0} />
        <p className={s.muted}>
          A new cost applies to customers who sign up from now on; referrals already made keep the cost of their
          sign-up.
        </p>
      </Card>
      <Card title="Referral update history">
        <CostHistoryTable />
      </Card>
    </div>
  );
}
