import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { packageQuery } from '../../../api/packages';
import { Badge, buttonClassName, Card, EmptyState, LoadingPlaceholder, PageHeader } from '../../../ui';
import { LoadFailure } from '../../-components/Loaded';
import { ExpireButton } from '../../-components/packages/ExpireButton';
import { PackageForm } from '../../-components/packages/PackageForm';
import { PackageServices } from '../../-components/packages/PackageServices';
import * as s from '../-components/admin.css';
import { validateIdSearch } from '../-components/search';

export const Route = createFileRoute('/_admin/Packages/UpdatePackage')({
  head: () => ({ meta: [{ title: 'Change package · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.ensureQueryData(packageQuery(deps.id)).catch(() => null) : null,
  component: UpdatePackage,
});

/** Packages update: the package's details, its services and its expiry. */
function UpdatePackage() {
  const { id } = Route.useSearch();
  const query = useQuery(packageQuery(id));
  if (query.isPending && id > 0) return <LoadingPlaceholder />;
  const pkg = query.data;
  return (
    <div className={s.page}>
      <PageHeader
        title={pkg ? `Change ${pkg.pkgName}` : 'Change package'}
        description={
          pkg ? (
            pkg.expiredStatus === 'Y' ? (
              <Badge tone="neutral">Expired</Badge>
            ) : (
              <Badge tone={pkg.available ? 'success' : 'warning'}>{pkg.available ? 'On offer' : 'Hidden'}</Badge>
            )
          ) : undefined
        }
        actions={
          <>
            {pkg ? <ExpireButton pkg={pkg} size="md" /> : null}
            <Link to="/Packages/PackageList" className={buttonClassName({ variant: 'secondary' })}>
              Package list
            </Link>
          </>
        }
      />
      <LoadFailure query={query} />
      {pkg ? (
        <>
          <Card title="Details">
            <PackageForm key={pkg.id} pkg={pkg} onSaved={() => void query.refetch()} />
          </Card>
          <Card title="Services">
            <PackageServices pkg={pkg} />
          </Card>
        </>
      ) : query.error ? null : (
        <EmptyState title="Package not found" description="Choose a package from the package list." />
      )}
    </div>
  );
}
