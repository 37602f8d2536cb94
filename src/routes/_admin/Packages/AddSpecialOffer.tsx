import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { packageQuery, packagesPageQuery } from '../../../api/packages';
import { buttonClassName, Card, LoadingPlaceholder, PageHeader } from '../../../ui';
import { SelectField } from '../../../ui/form';
import { LoadFailure } from '../../-components/Loaded';
import { PackageServices } from '../../-components/packages/PackageServices';
import * as s from '../-components/admin.css';
import { validateIdSearch } from '../-components/search';

export const Route = createFileRoute('/_admin/Packages/AddSpecialOffer')({
  head: () => ({ meta: [{ title: 'Special offers · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.ensureQueryData(packageQuery(deps.id)).catch(() => null) : null,
  component: AddSpecialOffer,
});

/** Special offers add: choose a package, then the services it includes. */
function AddSpecialOffer() {
  const { id } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const pkg = useQuery(packageQuery(id));
  // The packages still on offer to choose from (the newest 200; a marketplace runs a handful at a time).
  const choices = useQuery(
    packagesPageQuery({ page: 1, pageSize: 200, sort: 'createdAt', order: 'desc', expired: 'N' }),
  );
  const options = (choices.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.pkgName }));
  if (pkg.data && !options.some((o) => o.value === String(pkg.data.id))) {
    options.unshift({ value: String(pkg.data.id), label: pkg.data.pkgName });
  }
  return (
    <div className={s.page}>
      <PageHeader
        title={pkg.data ? `Special offers: ${pkg.data.pkgName}` : 'Special offers'}
        description="The services a package includes. Visitors see a package once it has services that are all on offer."
        actions={
          <>
            {pkg.data ? (
              <Link
                to="/Packages/UpdatePackage"
                search={{ id: pkg.data.id }}
                className={buttonClassName({ variant: 'secondary' })}
              >
                Edit package
              </Link>
            ) : null}
            <Link to="/Packages/PackageList" className={buttonClassName({ variant: 'secondary' })}>
              Package list
            </Link>
          </>
        }
      />
      <Card>
        <SelectField
          label="Package"
          name="PkgId"
          placeholder={choices.isPending ? 'Loading packages…' : 'Choose a package'}
          options={options}
          value={id ? String(id) : ''}
          onChange={(e) => navigate({ search: { id: Number(e.target.value) || 0 }, replace: true })}
          hint={choices.data?.items.length === 0 ? 'No packages on offer yet: add one first.' : undefined}
        />
      </Card>
      <LoadFailure query={pkg} />
      {id > 0 && pkg.isPending ? <LoadingPlaceholder /> : null}
      {pkg.data ? (
        <Card title={`Services in ${pkg.data.pkgName}`}>
          <PackageServices pkg={pkg.data} />
        </Card>
      ) : null}
    </div>
  );
}
