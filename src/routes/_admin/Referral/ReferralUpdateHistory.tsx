import { createFileRoute, Link } from '@tanstack/react-router';
import { referralCostHistoryQuery } from '../../../api/referrals';
import { buttonClassName, PageHeader } from '../../../ui';
import { CostHistoryTable } from '../../-components/referrals/CostHistoryTable';
import * as s from '../-components/admin.css';
import { tableStateOf, validateListSearch } from '../-components/listSearch';

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
    <div className={s.page}>
      <PageHeader
        title="Referral update history"
        description="Every change of the referral cost, newest first: the first row is the cost in force."
        actions={
          <Link to="/Referral/SetReferralCost" className={buttonClassName()}>
            Set referral cost
          </Link>
        }
      />
      <CostHistoryTable />
    </div>
  );
}
