import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { FormPage } from '../../_admin/-components/FormPage';
import { CouponForm } from '../../-components/coupons/CouponForm';

export const Route = createFileRoute('/_marketing/Coupons/AddCoupons')({
  head: () => ({ meta: [{ title: 'Add coupon · Doorstep' }] }),
  component: AddCoupons,
});

/** /Coupons/AddCoupons (marketing): a coupon, saved as a draft or sent for an admin's approval at once. */
function AddCoupons() {
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add coupon"
      description="A code customers type at checkout. An admin who did not make it approves it before anyone can use it."
      list={{ to: '/Coupons/CouponsList', label: 'Coupons list' }}
    >
      <CouponForm
        cancelTo="/Coupons/CouponsList"
        onSaved={(id) => navigate({ to: '/Coupons/CouponDetail', search: { id } })}
      />
    </FormPage>
  );
}
