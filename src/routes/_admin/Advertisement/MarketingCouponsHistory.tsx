import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../ui';
import { CouponHistoryTable } from '../../-components/coupons/CouponHistoryTable';
import * as s from '../../-components/coupons/coupons.css';
import { validateListSearch } from '../-components/listSearch';

export const Route = createFileRoute('/_admin/Advertisement/MarketingCouponsHistory')({
  head: () => ({ meta: [{ title: 'Coupons history · Doorstep' }] }),
  validateSearch: validateListSearch,
  component: MarketingCouponsHistory,
});

/** /Advertisement/MarketingCouponsHistory (admin): every approval and rejection, newest first. */
function MarketingCouponsHistory() {
  return (
    <div className={s.page}>
      <PageHeader
        title="Coupons history"
        description="Every coupon decision: who approved or rejected it, when, and the remark."
      />
      <CouponHistoryTable
        caption="Coupon decisions"
        action="Decisions"
        detailTo="/Advertisement/MarketingCouponDetail"
        emptyMessage="No coupon has been approved or rejected yet."
      />
    </div>
  );
}
