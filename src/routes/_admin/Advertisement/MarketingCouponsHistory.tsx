import { createFileRoute } from '@tanstack/react-router';
import { CouponHistoryTable } from '../../-components/coupons/CouponHistoryTable';
import { validateListSearch } from '../-components/listSearch';
import { StaffPage } from '../-components/StaffPage';

export const Route = createFileRoute('/_admin/Advertisement/MarketingCouponsHistory')({
  head: () => ({ meta: [{ title: 'Coupons history · Doorstep' }] }),
  validateSearch: validateListSearch,
  component: MarketingCouponsHistory,
});

/** /Advertisement/MarketingCouponsHistory (admin): every approval and rejection, newest first. */
function MarketingCouponsHistory() {
  return (
    <StaffPage
      title="Coupons history"
      description="Every coupon decision: who approved or rejected it, when, and the remark."
    >
      <CouponHistoryTable
        caption="Coupon decisions"
        action="Decisions"
        detailTo="/Advertisement/MarketingCouponDetail"
        emptyMessage="No coupon has been approved or rejected yet."
      />
    </StaffPage>
  );
}
