import { createFileRoute } from '@tanstack/react-router';
import type { CouponAction } from '../../../api/homeScreenAds';
import { type ListSearch, validateListSearch } from '../../_admin/-components/listSearch';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { CouponTable } from '../../-components/coupons/CouponTable';
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
    <StaffPage
      title="Coupons"
      description="Drafts, coupons waiting for approval, live, rejected (with the admin's remark) and ended ones."
      add={{ to: '/Coupons/AddCoupons', label: 'Add coupon' }}
    >
      <CouponTable
        caption="Coupons"
        action={action}
        detailTo="/Coupons/CouponDetail"
        editable
        emptyMessage="No coupons here. Add one, or show another list."
      />
    </StaffPage>
  );
}
