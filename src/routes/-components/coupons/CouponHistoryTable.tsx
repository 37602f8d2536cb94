// Coupons' transitions (Marketing/GetCouponsHistory): every decision for the admin's
// /Advertisement/MarketingCouponsHistory, every transition for marketing's /Coupons/CouponsHistory.
import { Link } from '@tanstack/react-router';
import { type CouponHistoryRow, couponsHistoryQuery, type HistoryAction } from '../../../api/homeScreenAds';
import { formatDateTime } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { useServerTable } from '../../_admin/-components/useServerTable';
import * as s from './coupons.css';
import { DIAGRAM_LABELS } from './states';

export interface CouponHistoryTableProps {
  caption: string;
  action: HistoryAction;
  detailTo: '/Coupons/CouponDetail' | '/Advertisement/MarketingCouponDetail';
  emptyMessage: string;
}

export function CouponHistoryTable({ caption, action, detailTo, emptyMessage }: CouponHistoryTableProps) {
  const table = useServerTable<CouponHistoryRow>((state) =>
    couponsHistoryQuery(action, { page: state.page, pageSize: state.pageSize, search: state.search || undefined }),
  );
  const columns: Column<CouponHistoryRow>[] = [
    { key: 'at', header: 'When', render: (r) => <span className={s.nowrap}>{formatDateTime(r.at)}</span> },
    {
      key: 'couponCode',
      header: 'Coupon',
      render: (r) => (
        <Link to={detailTo} search={{ id: r.couponId }} className={s.code}>
          {r.couponCode}
        </Link>
      ),
    },
    {
      key: 'event',
      header: action === 'Decisions' ? 'Decision' : 'Event',
      render: (r) =>
        action === 'Decisions'
          ? r.event === 'APPROVE'
            ? 'Approved'
            : 'Rejected'
          : `${DIAGRAM_LABELS[r.event] ?? r.event}${r.fromState ? ` (${DIAGRAM_LABELS[r.fromState] ?? r.fromState} → ${DIAGRAM_LABELS[r.toState] ?? r.toState})` : ''}`,
    },
    { key: 'actorName', header: 'By', render: (r) => <bdi>{r.actorName ?? 'The system'}</bdi> },
    { key: 'remark', header: 'Remark', render: (r) => (r.remark ? <bdi>{r.remark}</bdi> : '—') },
  ];
  return (
    <DataTable
      {...table}
      caption={caption}
      columns={columns}
      rowKey={(r) => r.id}
      searchPlaceholder="Search coupon code"
      emptyMessage={emptyMessage}
    />
  );
}
