import { createFileRoute } from '@tanstack/react-router';
import { validateListSearch } from '../../_admin/-components/listSearch';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { CouponHistoryTable } from '../../-components/coupons/CouponHistoryTable';

export const Route = createFileRoute('/_marketing/Coupons/CouponsHistory')({
  head: () => ({ meta: [{ title: 'Coupons history · Doorstep' }] }),
  validateSearch: validateListSearch,
  component: CouponsHistory,
});

/** /Coupons/CouponsHistory (marketing): every transition of every coupon, newest first. */
function CouponsHistory() {
  return (
    <StaffPage
      title="Coupons history"
      description="Everything that happened to the coupons: made, changed, sent for approval, approved or rejected (with the admin's remark), switched off and on, expired, deleted."
    >
      <CouponHistoryTable
        caption="Coupons history"
        action="All"
        detailTo="/Coupons/CouponDetail"
        emptyMessage="Nothing has happened to any coupon yet."
      />
    </StaffPage>
  );
}
