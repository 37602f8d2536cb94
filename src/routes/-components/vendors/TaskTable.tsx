import { Link } from '@tanstack/react-router';
import { useSession } from '../../../api/session';
import { type TaskStateFilter, type VendorTaskLine, vendorTasksQuery } from '../../../api/vendors';
import { Badge, formatRupees, formatSlot } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import * as s from '../../_admin/-components/admin.css';
import { FilterSelect } from '../../_admin/-components/FilterSelect';
import { useListFilter, useServerTable } from '../../_admin/-components/useServerTable';

const tone = (state: string) =>
  state === 'cancelled' ? 'danger' : state === 'completed' || state === 'rated' ? 'success' : 'info';

export interface TaskTableProps {
  caption: string;
  /** One professional's lines only. */
  technicianId?: number;
  state?: TaskStateFilter;
}

/**
 * The order lines the vendor's professionals hold, newest slot first, one page at a time (the signed-in vendor's own:
 * the server refuses any other VendorId). Each row opens the line's order in detail.
 */
export function TaskTable({ caption, technicianId, state }: TaskTableProps) {
  const me = useSession().context.user;
  const setFilter = useListFilter();
  const table = useServerTable((st) => vendorTasksQuery(me?.Id ?? 0, st, { TechnicianId: technicianId, state }));
  const columns: Column<VendorTaskLine>[] = [
    {
      key: 'slotStart',
      header: 'Slot',
      render: (l) => (
        <>
          {formatSlot(l.slotStart)}
          <span className={s.cellNote}>Order {l.orderId}</span>
        </>
      ),
    },
    {
      key: 'serviceName',
      header: 'Service',
      render: (l) => (
        <>
          {l.serviceName}
          <span className={s.cellNote}>
            {l.categoryName} · qty {l.quantity}
          </span>
        </>
      ),
    },
    ...(technicianId
      ? []
      : [
          {
            key: 'technicianName',
            header: 'Professional',
            render: (l: VendorTaskLine) => (
              <Link to="/Professional/ProfessionalOrders" search={{ id: l.technicianId }}>
                {l.technicianName}
              </Link>
            ),
          } satisfies Column<VendorTaskLine>,
        ]),
    {
      key: 'area',
      header: 'Where',
      render: (l) => (
        <>
          {l.zoneName ?? '—'}
          <span className={s.cellNote}>
            {l.area} · {l.customerFirstName}
          </span>
        </>
      ),
    },
    { key: 'state', header: 'State', render: (l) => <Badge tone={tone(l.state)}>{l.stateLabel}</Badge> },
    { key: 'total', header: 'Total', align: 'end', render: (l) => formatRupees(l.total) },
    {
      key: 'view',
      header: 'Detail',
      render: (l) => (
        <Link
          to="/History/TechnicianTaskView"
          search={{ orderId: l.orderId, technicianId: l.technicianId }}
          aria-label={`Order ${l.orderId}, ${l.serviceName}, in detail`}
        >
          View
        </Link>
      ),
    },
  ];
  return (
    <DataTable
      {...table}
      caption={caption}
      columns={columns}
      rowKey={(l) => l.lineId}
      searchPlaceholder="Search by service, professional or order number…"
      toolbar={
        <div className={s.filters}>
          <FilterSelect
            label="State"
            allLabel="Every state"
            value={state ?? ''}
            onChange={(value) => setFilter({ state: value || undefined })}
            options={[
              { value: 'open', label: 'Assigned or accepted' },
              { value: 'completed', label: 'Completed' },
              { value: 'cancelled', label: 'Cancelled' },
            ]}
          />
        </div>
      }
    />
  );
}
