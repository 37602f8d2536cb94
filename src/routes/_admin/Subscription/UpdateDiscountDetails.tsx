import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { discountQuery } from '../../../api/subscriptions';
import { Badge, buttonClassName, Card, EmptyState, LoadingPlaceholder, PageHeader } from '../../../ui';
import { LoadFailure } from '../../-components/Loaded';
import { DiscountForm } from '../../-components/subscriptions/DiscountForm';
import { discountText } from '../../-components/subscriptions/words';
import * as s from '../-components/admin.css';
import { validateIdSearch } from '../-components/search';

export const Route = createFileRoute('/_admin/Subscription/UpdateDiscountDetails')({
  head: () => ({ meta: [{ title: 'Change discount · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.ensureQueryData(discountQuery(deps.id)).catch(() => null) : null,
  component: UpdateDiscount,
});

/** Discount master update. */
function UpdateDiscount() {
  const { id } = Route.useSearch();
  const navigate = useNavigate();
  const query = useQuery(discountQuery(id));
  if (query.isPending && id > 0) return <LoadingPlaceholder />;
  const d = query.data;
  return (
    <div className={s.page}>
      <PageHeader
        title={d ? `${d.subscriptionName}: ${d.serviceName}` : 'Change discount'}
        description={
          d ? (
            <>
              {discountText(d)}{' '}
              <Badge tone={d.status ? 'success' : 'neutral'}>{d.status ? 'On' : 'Switched off'}</Badge>
            </>
          ) : undefined
        }
        actions={
          <Link to="/Subscription/DiscountMasterList" className={buttonClassName({ variant: 'secondary' })}>
            Discount master
          </Link>
        }
      />
      <LoadFailure query={query} />
      {d ? (
        <Card>
          <DiscountForm
            key={d.id}
            discount={d}
            onSaved={(saved) =>
              navigate({ to: '/Subscription/DiscountMasterList', search: { plan: saved.subscriptionId } })
            }
          />
        </Card>
      ) : query.error ? null : (
        <EmptyState title="Discount not found" description="Choose a discount from the discount master." />
      )}
    </div>
  );
}
