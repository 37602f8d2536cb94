import { createFileRoute, Link } from '@tanstack/react-router';
import { type ExpiredFilter, packagesPageQuery, type SpecialPackage } from '../../../api/packages';
import { Badge, buttonClassName, formatDateTime, formatRupees } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { ExpireButton } from '../../-components/packages/ExpireButton';
import * as s from '../-components/admin.css';
import { type ListSearch, validateListSearch } from '../-components/listSearch';
import { StaffPage } from '../-components/StaffPage';
import { Thumbnail } from '../-components/Thumbnail';
import { UrlFilter } from '../-components/UrlFilter';
import { useServerTable } from '../-components/useServerTable';

const FILTERS: { value: ExpiredFilter; label: string }[] = [
  { value: 'N', label: 'On offer' },
  { value: 'Y', label: 'Expired' },
];

export const Route = createFileRoute('/_admin/Packages/PackageList')({
  head: () => ({ meta: [{ title: 'Packages · Doorstep' }] }),
  validateSearch: (search: Record<string, unknown>): ListSearch & { expired?: 'Y' | 'N' } => ({
    ...validateListSearch(search),
    expired: search.expired === 'Y' || search.expired === 'N' ? search.expired : undefined,
  }),
  component: PackageList,
});

const columns: Column<SpecialPackage>[] = [
  {
    key: 'image',
    header: 'Picture',
    width: '72px',
    render: (p) => <Thumbnail src={p.pkgImageUrl} alt={p.pkgName} />,
  },
  {
    key: 'pkgName',
    header: 'Package',
    sortable: true,
    render: (p) => (
      <>
        <span dir="auto">{p.pkgName}</span>
        <span className={s.cellNote}>
          {p.services.length === 1 ? '1 service' : `${p.services.length} services`}
          {p.services.length ? `: ${p.services.map((v) => v.heading).join(', ')}` : ''}
        </span>
      </>
    ),
  },
  {
    key: 'price',
    header: 'Price',
    sortable: true,
    align: 'end',
    render: (p) => (
      <>
        <strong className={s.nowrap}>{formatRupees(p.price)}</strong>
        <span className={s.cellNote}>services {formatRupees(p.servicesValue)}</span>
        <span className={s.cellNote}>before GST</span>
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (p) =>
      p.expiredStatus === 'Y' ? (
        <Badge tone="neutral">Expired</Badge>
      ) : p.available ? (
        <Badge tone="success">On offer</Badge>
      ) : (
        <Badge tone="warning">Hidden: {p.services.length ? 'a service is off' : 'no services'}</Badge>
      ),
  },
  { key: 'createdAt', header: 'Added', sortable: true, render: (p) => formatDateTime(p.createdAt) },
  {
    key: 'actions',
    header: 'Actions',
    render: (p) => (
      <div className={s.rowActions}>
        <Link
          to="/Packages/UpdatePackage"
          search={{ id: p.id }}
          className={buttonClassName({ variant: 'ghost', size: 'sm' })}
          aria-label={`Edit ${p.pkgName}`}
        >
          Edit
        </Link>
        <Link
          to="/Packages/AddSpecialOffer"
          search={{ id: p.id }}
          className={buttonClassName({ variant: 'ghost', size: 'sm' })}
          aria-label={`Services of ${p.pkgName}`}
        >
          Services
        </Link>
        <ExpireButton pkg={p} />
      </div>
    ),
  },
];

/** Packages list: every package, on offer or expired, newest first. */
function PackageList() {
  const { expired } = Route.useSearch();
  const table = useServerTable((state) => packagesPageQuery({ ...state, expired: expired ?? 'all' }), {
    sort: 'createdAt',
    order: 'desc',
  });
  return (
    <StaffPage
      title="Packages"
      description="Special packages: services sold together at one price before GST. Expired packages stay listed but are gone from the public pages."
      add={{ to: '/Packages/AddPackage', label: 'Add package' }}
    >
      <DataTable
        {...table}
        caption="Packages"
        columns={columns}
        rowKey={(p) => p.id}
        searchPlaceholder="Search packages…"
        emptyMessage="No packages yet. Add the first one."
        toolbar={
          <div className={s.filters}>
            <UrlFilter name="expired" label="Status" allLabel="All packages" options={FILTERS} table={table} />
          </div>
        }
      />
    </StaffPage>
  );
}
