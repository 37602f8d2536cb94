import { createFileRoute, Link } from '@tanstack/react-router';
import type { CouponAction } from '../../../api/homeScreenAds';
import { buttonClassName, PageHeader } from '../../../ui';
import { type ListSearch, validateListSearch } from '../../_admin/-components/listSearch';
import { CouponTable } from '../../-components/coupons/CouponTable';
import * as s from '../../-components/coupons/coupons.css';
import { couponActionOf } from '../../-components/coupons/search';

export const Route = createFileRoute('/_marketing/Coupons/CouponsList')({
  head: () => ({ meta: [{ title: 'Coupons · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): ListSearch & { action?: CouponAction } => ({
    ...validateListSearch(raw),
    ...(raw.action ? { action: couponActionOf(raw.action, 'All') } : {}),
  }),
  component: CouponsList,
});

/** /Coupons/CouponsList (marketing): every coupon, or those of one state (Marketing/GetCouponsOffersMR). */
function CouponsList() {
  const action = couponActionOf(Route.useSearch().action, 'All');
  return (
    <div className={s.page}>
      <PageHeader
        title="Coupons"
        description="Drafts, coupons waiting for approval, live, rejected (with the admin's remark) and ended ones."
        actions={
          <Link to="/Coupons/AddCoupons" className={buttonClassName()}>
            Add coupon
          </Link>
        }
      />
      <CouponTable
        caption="Coupons"
        action={action}
        detailTo="/Coupons/CouponDetail"
        editable
        emptyMessage="No coupons here. Add one, or show another list."
      />
    </div>
  );
}
