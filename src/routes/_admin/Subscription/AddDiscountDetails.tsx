import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { serviceQuery } from '../../../api/catalogue';
import { planQuery } from '../../../api/subscriptions';
import { LoadingPlaceholder } from '../../../ui';
import { DiscountForm } from '../../-components/subscriptions/DiscountForm';
import { FormPage } from '../-components/FormPage';
import { positiveId } from '../-components/search';

export const Route = createFileRoute('/_admin/Subscription/AddDiscountDetails')({
  head: () => ({ meta: [{ title: 'Add discount · Doorstep' }] }),
  validateSearch: (search: Record<string, unknown>): { plan?: number; service?: number } => ({
    plan: positiveId(search.plan),
    service: positiveId(search.service),
  }),
  component: AddDiscount,
});

/** Discount master add: a plan's discount on a service (from a plan's page or a service's, preset). */
function AddDiscount() {
  const { plan, service } = Route.useSearch();
  const navigate = useNavigate();
  const planRow = useQuery(planQuery(plan ?? 0));
  const serviceRow = useQuery({ ...serviceQuery(service ?? 0), enabled: (service ?? 0) > 0 });
  if ((plan && planRow.isPending) || (service && serviceRow.isPending)) return <LoadingPlaceholder />;
  return (
    <FormPage
      title="Add discount"
      description="Customers holding the plan get it on the service at checkout: the better of it and a coupon, never both."
      list={{ to: '/Subscription/DiscountMasterList', label: 'Discount master' }}
    >
      <DiscountForm
        plan={planRow.data ? { id: planRow.data.id, subscriptionName: planRow.data.subscriptionName } : undefined}
        service={serviceRow.data ? { id: serviceRow.data.id, heading: serviceRow.data.heading } : undefined}
        cancelTo={service ? '/Subscription/DiscountDetailsForService' : '/Subscription/DiscountMasterList'}
        onSaved={(d) =>
          service
            ? navigate({ to: '/Subscription/DiscountDetailsForService', search: { service: d.serviceId } })
            : navigate({ to: '/Subscription/DiscountMasterList', search: { plan: d.subscriptionId } })
        }
      />
    </FormPage>
  );
}
