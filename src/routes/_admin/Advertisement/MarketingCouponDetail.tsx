import { createFileRoute } from '@tanstack/react-router';
import { couponDetailsQuery } from '../../../api/homeScreenAds';
import { CouponDetailPage } from '../../-components/coupons/CouponDetailPage';
import { validateIdSearch } from '../-components/search';

export const Route = createFileRoute('/_admin/Advertisement/MarketingCouponDetail')({
  head: () => ({ meta: [{ title: 'Coupon · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.ensureQueryData(couponDetailsQuery(deps.id)).catch(() => null) : null,
  component: MarketingCouponDetail,
});

/** A coupon's page for the admin: approve or reject it (never one they made), switch it off and on, its log. */
function MarketingCouponDetail() {
  const { id } = Route.useSearch();
  return (
    <CouponDetailPage
      id={id}
      area="admin"
      list={{ to: '/Advertisement/MarketingCoupons', label: 'Marketing coupons' }}
    />
  );
}
