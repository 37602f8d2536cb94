import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../ui';
import { validateListSearch } from '../../_admin/-components/listSearch';
import { CouponHistoryTable } from '../../-components/coupons/CouponHistoryTable';
import * as s from '../../-components/coupons/coupons.css';

export const Route = createFileRoute('/_marketing/Coupons/CouponsHistory')({
  head: () => ({ meta: [{ title: 'Coupons history · Doorstep' }] }),
  validateSearch: validateListSearch,
  component: CouponsHistory,
});

/** /Coupons/CouponsHistory (marketing): every transition of every coupon, newest first. */
function CouponsHistory() {
  return (
    <div className={s.page}>
      <PageHeader
        title="Coupons history"
        description="Everything that happened to the coupons: made, changed, sent for approval, approved or rejected (with the admin's remark), switched off and on, expired, deleted."
      />
      <CouponHistoryTable
        caption="Coupons history"
        action="All"
        detailTo="/Coupons/CouponDetail"
        emptyMessage="Nothing has happened to any coupon yet."
      />
    </div>
  );
}
