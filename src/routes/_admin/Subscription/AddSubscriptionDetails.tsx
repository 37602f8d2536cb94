import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PlanForm } from '../../-components/subscriptions/PlanForm';
import { FormPage } from '../-components/FormPage';

export const Route = createFileRoute('/_admin/Subscription/AddSubscriptionDetails')({
  head: () => ({ meta: [{ title: 'Add subscription plan · Doorstep' }] }),
  component: AddPlan,
});

/** Subscription Master add: the plan first, then its discounts per service. */
function AddPlan() {
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add subscription plan"
      description="A plan runs for its months from the customer's payment. After saving, give it discounts on services."
      list={{ to: '/Subscription/GetSubscriptionDetails', label: 'Plan list' }}
    >
      <PlanForm
        onSaved={(plan) => navigate({ to: '/Subscription/UpdateSubscriptionDetails', search: { id: plan.id } })}
      />
    </FormPage>
  );
}
