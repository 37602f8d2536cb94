// Coupons by state (Marketing/GetCouponsOffersMR): marketing's /Coupons/CouponsList and the admin's
// /Advertisement/MarketingCoupons. The state filter and the table's page, size and search live in the URL.
import { Link } from '@tanstack/react-router';
import { type CouponAction, couponsByStateQuery, type HomeScreenAd } from '../../../api/homeScreenAds';
import { Badge, formatDateTime } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { FilterSelect } from '../../_admin/-components/FilterSelect';
import { useListFilter, useServerTable } from '../../_admin/-components/useServerTable';
import * as s from './coupons.css';
import { COUPON_ACTIONS, STATE_LABEL, STATE_TONE } from './states';
import { dayText, offerText } from './terms';

export interface CouponTableProps {
  caption: string;
  action: CouponAction;
  /** Where a coupon's page is: marketing's or the admin's. */
  detailTo: '/Coupons/CouponDetail' | '/Advertisement/MarketingCouponDetail';
  /** Marketing changes coupons: an Edit link per row. */
  editable?: boolean;
  emptyMessage: string;
}

export function CouponTable({ caption, action, detailTo, editable, emptyMessage }: CouponTableProps) {
  const setFilter = useListFilter();
  const table = useServerTable<HomeScreenAd>((state) =>
    couponsByStateQuery(action, { page: state.page, pageSize: state.pageSize, search: state.search || undefined }),
  );
  const columns: Column<HomeScreenAd>[] = [
    {
      key: 'code',
      header: 'Code',
      render: (a) => (
        <Link to={detailTo} search={{ id: a.id }} className={s.code}>
          {a.coupon?.couponCode}
        </Link>
      ),
    },
    {
      key: 'offer',
      header: 'Offer',
      render: (a) =>
        a.coupon ? (
          <>
            {offerText(a.coupon)}
            <bdi className={s.cellNote}>{a.description}</bdi>
          </>
        ) : null,
    },
    {
      key: 'validity',
      header: 'Valid',
      render: (a) =>
        a.coupon ? (
          <span className={s.nowrap}>
            {dayText(a.coupon.validFrom)} – {dayText(a.coupon.validTo)}
          </span>
        ) : null,
    },
    {
      key: 'state',
      header: 'State',
      render: (a) =>
        a.coupon ? (
          <>
            <Badge tone={STATE_TONE[a.coupon.state]}>{STATE_LABEL[a.coupon.state]}</Badge>
            {a.coupon.live ? <span className={s.cellNote}>Live now</span> : null}
          </>
        ) : null,
    },
    {
      key: 'used',
      header: 'Used',
      align: 'end',
      render: (a) => (a.coupon ? `${a.coupon.used} of ${a.coupon.totalLimit}` : null),
    },
    {
      key: 'addedBy',
      header: 'Made by',
      render: (a) => <bdi>{a.addedByName ?? '—'}</bdi>,
    },
    { key: 'updatedAt', header: 'Last change', render: (a) => formatDateTime(a.updatedAt) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (a) => (
        <div className={s.actions}>
          <Link to={detailTo} search={{ id: a.id }} aria-label={`Open coupon ${a.coupon?.couponCode}`}>
            Open
          </Link>
          {editable && a.coupon?.state !== 'deleted' ? (
            <Link to="/Coupons/UpdateCoupons" search={{ id: a.id }} aria-label={`Edit coupon ${a.coupon?.couponCode}`}>
              Edit
            </Link>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <DataTable
      {...table}
      caption={caption}
      columns={columns}
      rowKey={(a) => a.id}
      searchPlaceholder="Search code or description"
      toolbar={
        <FilterSelect
          label="Show"
          value={action === 'All' ? '' : action}
          allLabel="All coupons"
          options={COUPON_ACTIONS.map((a) => ({ value: a.value, label: a.label }))}
          onChange={(value) => setFilter({ action: value || 'All' })}
        />
      }
      emptyMessage={emptyMessage}
    />
  );
}
