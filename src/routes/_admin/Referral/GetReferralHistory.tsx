import { createFileRoute } from '@tanstack/react-router';
import {
  REFERRAL_STATUS_LABELS,
  REFERRAL_STATUSES,
  type ReferralHistoryRow,
  type ReferralStatus,
  referralHistoryQuery,
} from '../../../api/referrals';
import { DataTable } from '../../../ui/DataTable';
import { referralColumns } from '../../-components/referrals/referralColumns';
import { type ListSearch, tableStateOf, validateListSearch } from '../-components/listSearch';
import { StaffPage } from '../-components/StaffPage';
import { UrlFilter } from '../-components/UrlFilter';
import { useServerTable } from '../-components/useServerTable';

// Spelled out rather than read from the API module: a route's search check is in every page's first chunk.
const statusOf = (v: unknown): ReferralStatus | undefined =>
  v === 'pending' || v === 'paid' || v === 'refused' ? v : undefined;
/** Newest sign-up first unless the table is sorted otherwise. */
const DEFAULTS = { sort: 'signedUpAt', order: 'desc' as const };

export const Route = createFileRoute('/_admin/Referral/GetReferralHistory')({
  head: () => ({ meta: [{ title: 'Referral history · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): ListSearch & { status?: ReferralStatus } => ({
    ...validateListSearch(raw),
    status: statusOf(raw.status),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(referralHistoryQuery({ ...tableStateOf(deps, DEFAULTS), status: deps.status })),
  component: ReferralHistory,
});

/** GetReferralHistory: who referred whom, the status and the amount paid, filtered by status and searched. */
function ReferralHistory() {
  const { status } = Route.useSearch();
  const table = useServerTable<ReferralHistoryRow>((t) => referralHistoryQuery({ ...t, status }), DEFAULTS, {
    message: 'Nobody has signed up with a referral code yet.',
    filtered: !!status,
  });
  return (
    <StaffPage
      title="Referral history"
      description="Who referred whom, newest sign-up first. A referral pays the referrer once, when the new customer's first visit is completed; a self-referral is never paid."
    >
      <DataTable
        {...table}
        caption="Referrals"
        columns={referralColumns}
        rowKey={(r) => r.id}
        searchPlaceholder="Name, mobile number or referral code…"
        toolbar={
          <UrlFilter
            name="status"
            label="Status"
            allLabel="All statuses"
            options={REFERRAL_STATUSES.map((v) => ({ value: v, label: REFERRAL_STATUS_LABELS[v] }))}
          />
        }
      />
    </StaffPage>
  );
}
