import { REFERRAL_STATUS_LABELS, type ReferralHistoryRow, type ReferralStatus } from '../../../api/referrals';
import { Badge, type BadgeTone, formatDateTime, formatRupees } from '../../../ui';
import type { Column } from '../../../ui/DataTable';
import * as s from '../../_admin/-components/admin.css';

export const STATUS_TONE: Record<ReferralStatus, BadgeTone> = {
  pending: 'warning',
  paid: 'success',
  refused: 'danger',
};

export function StatusBadge({ status }: { status: ReferralStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{REFERRAL_STATUS_LABELS[status]}</Badge>;
}

/** The admin's referral history: who referred whom, the status (with the reason when refused) and the money. */
export const referralColumns: Column<ReferralHistoryRow>[] = [
  {
    key: 'signedUpAt',
    header: 'Signed up',
    sortable: true,
    render: (r) => <span className={s.nowrap}>{formatDateTime(r.signedUpAt)}</span>,
  },
  {
    key: 'referrer',
    header: 'Referrer',
    render: (r) => (
      <>
        <bdi>{r.referrer.fullName}</bdi>
        <span className={s.cellNote}>
          {r.referrer.mobileNo}
          {r.referrer.referralCode ? ` · ${r.referrer.referralCode}` : ''}
        </span>
      </>
    ),
  },
  {
    key: 'referred',
    header: 'New customer',
    render: (r) => (
      <>
        <bdi>{r.referred.fullName}</bdi>
        <span className={s.cellNote}>{r.referred.mobileNo}</span>
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (r) => (
      <>
        <StatusBadge status={r.status} />
        {r.refusedReason ? <span className={s.cellNote}>{r.refusedReason}</span> : null}
        {r.orderId ? <span className={s.cellNote}>First visit: order {r.orderId}</span> : null}
      </>
    ),
  },
  {
    key: 'cost',
    header: 'Referral cost',
    sortable: true,
    align: 'end',
    render: (r) => <span className={s.nowrap}>{formatRupees(r.cost)}</span>,
  },
  {
    key: 'amountPaid',
    header: 'Amount paid',
    align: 'end',
    render: (r) => <span className={s.nowrap}>{formatRupees(r.amountPaid)}</span>,
  },
  {
    key: 'settledAt',
    header: 'Settled',
    sortable: true,
    render: (r) => <span className={s.nowrap}>{r.settledAt ? formatDateTime(r.settledAt) : '—'}</span>,
  },
];
