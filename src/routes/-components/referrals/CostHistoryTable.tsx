import { type ReferralCost, referralCostHistoryQuery } from '../../../api/referrals';
import { formatDateTime, formatRupees } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import * as s from '../../_admin/-components/admin.css';
import { useServerTable } from '../../_admin/-components/useServerTable';

const COLUMNS: Column<ReferralCost>[] = [
  {
    key: 'setAt',
    header: 'Changed',
    render: (c) => <span className={s.nowrap}>{formatDateTime(c.setAt)}</span>,
  },
  { key: 'cost', header: 'Referral cost', align: 'end', render: (c) => formatRupees(c.cost) },
  { key: 'setBy', header: 'Changed by', render: (c) => (c.setBy ? <bdi>{c.setBy.fullName}</bdi> : '—') },
];

/**
 * The referral update history: every SetReferralCost, newest first (the first row is in force). Its page lives in the
 * route's URL (page, pageSize).
 */
export function CostHistoryTable() {
  // The reply is a page plus the cost in force; the table reads the page (its `select` type is the only mismatch).
  const table = useServerTable<ReferralCost>(
    (t) => referralCostHistoryQuery({ page: t.page, pageSize: t.pageSize }) as never,
  );
  return (
    <DataTable
      {...table}
      caption="Referral update history"
      columns={COLUMNS}
      rowKey={(c) => c.id}
      searchable={false}
      emptyMessage="The referral cost was never set: referrals pay nothing (₹0) until it is."
    />
  );
}
