import { createFileRoute } from '@tanstack/react-router';
import { couponDetailsQuery } from '../../../api/homeScreenAds';
import { validateIdSearch } from '../../_admin/-components/search';
import { CouponDetailPage } from '../../-components/coupons/CouponDetailPage';

export const Route = createFileRoute('/_marketing/Coupons/CouponDetail')({
  head: () => ({ meta: [{ title: 'Coupon · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.ensureQueryData(couponDetailsQuery(deps.id)).catch(() => null) : null,
  component: CouponDetail,
});

/** A coupon's page for marketing: its terms, the machine with the events marketing may send, and its log. */
function CouponDetail() {
  const { id } = Route.useSearch();
  return <CouponDetailPage id={id} area="marketing" list={{ to: '/Coupons/CouponsList', label: 'Coupons list' }} />;
}
