import { createFileRoute } from '@tanstack/react-router';
import type { CouponAction } from '../../../api/homeScreenAds';
import { PageHeader } from '../../../ui';
import { CouponTable } from '../../-components/coupons/CouponTable';
import * as s from '../../-components/coupons/coupons.css';
import { couponActionOf } from '../../-components/coupons/search';
import { type ListSearch, validateListSearch } from '../-components/listSearch';

export const Route = createFileRoute('/_admin/Advertisement/MarketingCoupons')({
  head: () => ({ meta: [{ title: 'Marketing coupons · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): ListSearch & { action?: CouponAction } => ({
    ...validateListSearch(raw),
    ...(raw.action ? { action: couponActionOf(raw.action, 'Pending') } : {}),
  }),
  component: MarketingCoupons,
});

/** /Advertisement/MarketingCoupons (admin): marketing's coupons, those waiting for approval first. */
function MarketingCoupons() {
  const action = couponActionOf(Route.useSearch().action, 'Pending');
  return (
    <div className={s.page}>
      <PageHeader
        title="Marketing coupons"
        description="Open a coupon to approve or reject it (a rejection needs a remark). Nobody decides a coupon they made or last changed."
      />
      <CouponTable
        caption="Marketing coupons"
        action={action}
        detailTo="/Advertisement/MarketingCouponDetail"
        emptyMessage={action === 'Pending' ? 'No coupons are waiting for approval.' : 'No coupons here.'}
      />
    </div>
  );
}
