import { createFileRoute } from '@tanstack/react-router';
import { referralCostHistoryQuery } from '../../../api/referrals';
import { CostHistoryTable } from '../../-components/referrals/CostHistoryTable';
import { tableStateOf, validateListSearch } from '../-components/listSearch';
import { StaffPage } from '../-components/StaffPage';

export const Route = createFileRoute('/_admin/Referral/ReferralUpdateHistory')({
  head: () => ({ meta: [{ title: 'Referral update history · Doorstep' }] }),
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const t = tableStateOf(deps);
    return context.queryClient.prefetchQuery(referralCostHistoryQuery({ page: t.page, pageSize: t.pageSize }));
  },
  component: ReferralUpdateHistory,
});

/** Every change of the referral cost, newest first, with who made it and when. */
function ReferralUpdateHistory() {
  return (
    <StaffPage
      title="Referral update history"
      description="Every change of the referral cost, newest first: the first row is the cost in force."
      add={{ to: '/Referral/SetReferralCost', label: 'Set referral cost' }}
    >
      <CostHistoryTable />
    </StaffPage>
  );
}
