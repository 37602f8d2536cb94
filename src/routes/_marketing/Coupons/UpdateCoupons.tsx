import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { couponDetailsQuery } from '../../../api/homeScreenAds';
import { Alert, Badge, buttonClassName, Card, EmptyState, LoadingPlaceholder, PageHeader } from '../../../ui';
import { validateIdSearch } from '../../_admin/-components/search';
import { CouponForm } from '../../-components/coupons/CouponForm';
import * as s from '../../-components/coupons/coupons.css';
import { STATE_LABEL, STATE_TONE } from '../../-components/coupons/states';
import { LoadFailure } from '../../-components/Loaded';

export const Route = createFileRoute('/_marketing/Coupons/UpdateCoupons')({
  head: () => ({ meta: [{ title: 'Change coupon · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.ensureQueryData(couponDetailsQuery(deps.id)).catch(() => null) : null,
  component: UpdateCoupons,
});

/** /Coupons/UpdateCoupons (marketing): change a coupon; a decided one goes back for approval. */
function UpdateCoupons() {
  const { id } = Route.useSearch();
  const navigate = useNavigate();
  const coupon = useQuery({ ...couponDetailsQuery(id), enabled: id > 0 });
  const back = (
    <Link to="/Coupons/CouponsList" className={buttonClassName({ variant: 'secondary' })}>
      Coupons list
    </Link>
  );
  if (coupon.isPending && id > 0) return <LoadingPlaceholder />;
  const c = coupon.data;
  return (
    <div className={s.page}>
      <PageHeader
        title={c?.coupon ? `Change coupon ${c.coupon.couponCode}` : 'Change coupon'}
        description={
          c?.coupon ? <Badge tone={STATE_TONE[c.coupon.state]}>{STATE_LABEL[c.coupon.state]}</Badge> : undefined
        }
        actions={back}
      />
      <LoadFailure query={coupon} />
      {c?.coupon?.state === 'rejected' && c.coupon.rejectRemark ? (
        <Alert tone="warning" title="The admin's remark">
          <bdi>{c.coupon.rejectRemark}</bdi>
        </Alert>
      ) : null}
      {c?.coupon ? (
        <Card>
          <CouponForm
            key={`${c.id} ${c.updatedAt}`}
            coupon={c}
            cancelTo="/Coupons/CouponsList"
            onSaved={(saved) => navigate({ to: '/Coupons/CouponDetail', search: { id: saved } })}
          />
        </Card>
      ) : coupon.error ? null : (
        <EmptyState title="Coupon not found" description="Choose a coupon from the coupons list." />
      )}
    </div>
  );
}
