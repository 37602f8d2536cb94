import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { serviceQuery } from '../../../api/catalogue';
import { buttonClassName, Card, EmptyState, LoadingPlaceholder, PageHeader } from '../../../ui';
import { LoadFailure } from '../../-components/Loaded';
import { ActiveBadge } from '../-components/ActiveBadge';
import * as s from '../-components/admin.css';
import { validateIdSearch } from '../-components/search';
import { ServiceForm } from './-components/ServiceForm';
import { ServiceMediaSection } from './-components/ServiceMediaSection';
import { ServicePrices } from './-components/ServicePrices';

export const Route = createFileRoute('/_admin/Services/ServicesUpdate')({
  head: () => ({ meta: [{ title: 'Edit service · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.ensureQueryData(serviceQuery(deps.id)).catch(() => null) : null,
  component: ServicesUpdate,
});

function ServicesUpdate() {
  const { id } = Route.useSearch();
  const query = useQuery(serviceQuery(id));
  if (query.isPending && id > 0) return <LoadingPlaceholder />;
  const sv = query.data;
  return (
    <div className={s.page}>
      <PageHeader
        title={sv ? `Change ${sv.heading}` : 'Change service'}
        description={
          sv ? (
            <>
              {sv.categoryName} › {sv.subCategoryName} <ActiveBadge active={sv.active} />
            </>
          ) : undefined
        }
        actions={
          <Link
            to="/Services/ServicesList"
            search={sv ? { categoryId: sv.categoryId, subCategoryId: sv.subCategoryId } : {}}
            className={buttonClassName({ variant: 'secondary' })}
          >
            Service list
          </Link>
        }
      />
      <LoadFailure query={query} />
      {sv ? (
        <>
          <ServicePrices service={sv} />
          <Card title="Details">
            {/* Stays on this page after saving, so the new prices show above. */}
            <ServiceForm key={`${sv.id}`} service={sv} onSaved={() => void query.refetch()} />
          </Card>
          <ServiceMediaSection serviceId={sv.id} heading={sv.heading} />
        </>
      ) : query.error ? null : (
        <EmptyState title="Service not found" description="Choose a service from the service list." />
      )}
    </div>
  );
}
