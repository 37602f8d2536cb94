import { createFileRoute, Link } from '@tanstack/react-router';
import { useSession } from '../../../api/session';
import { type VendorProfessional, vendorProfessionalsQuery } from '../../../api/vendors';
import { Badge, PageHeader } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import * as s from '../../_admin/-components/admin.css';
import { type ListSearch, validateListSearch } from '../../_admin/-components/listSearch';
import { useServerTable } from '../../_admin/-components/useServerTable';
import { leadColumns } from '../../-components/professionals/leadColumns';

export const Route = createFileRoute('/_vendor/Vender/ProfessionalList')({
  head: () => ({ meta: [{ title: 'My professionals · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): ListSearch => validateListSearch(raw),
  component: ProfessionalList,
});

const stars = (p: VendorProfessional) => (p.averageRating === null ? '—' : `${p.averageRating.toFixed(1)} ★`);

/** The professionals who work for the signed-in vendor (the server answers only their own). */
function ProfessionalList() {
  const me = useSession().context.user;
  const table = useServerTable((st) => vendorProfessionalsQuery(me?.MobileNo ?? '', st));
  const columns: Column<VendorProfessional>[] = [
    ...leadColumns<VendorProfessional>(
      (p) => (
        <Link to="/Professional/ProfessionalOrders" search={{ id: p.id }}>
          {p.fullName}
        </Link>
      ),
      (p) => p.homeZoneName ?? null,
    ),
    { key: 'openJobs', header: 'Open jobs', align: 'end' },
    { key: 'completedJobs', header: 'Done', align: 'end' },
    { key: 'rating', header: 'Rating', render: stars },
    {
      key: 'status',
      header: 'Status',
      render: (p) =>
        !p.active ? (
          <Badge tone="danger">Switched off</Badge>
        ) : p.available ? (
          <Badge tone="success">Available</Badge>
        ) : (
          <Badge tone="neutral">Not available</Badge>
        ),
    },
  ];
  return (
    <div className={s.page}>
      <PageHeader title="My professionals" description="The professionals who work for you and their jobs." />
      <DataTable
        {...table}
        caption="My professionals"
        columns={columns}
        rowKey={(p) => p.id}
        searchPlaceholder="Search by name or mobile…"
        emptyMessage="No professional works for you yet."
      />
    </div>
  );
}
