import { type ProductRequest, type TrackAction, trackQuery } from '../../../api/productRequests';
import { Badge, formatDateTime, formatRupees } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { useServerTable } from '../../_admin/-components/useServerTable';
import { InPageLink } from '../InPageLink';
import * as s from './productRequests.css';
import { STATE_LABEL, STATE_TONE } from './states';

export interface RequestListProps {
  action: TrackAction;
  caption: string;
  /** Staff see the vendor column; a vendor sees only their own requests. */
  showVendor: boolean;
  emptyMessage: string;
}

export function RequestList({ action, caption, showVendor, emptyMessage }: RequestListProps) {
  const table = useServerTable<ProductRequest>(
    (state) =>
      trackQuery(action, {
        page: state.page,
        pageSize: state.pageSize,
        search: state.search || undefined,
        sort: state.sort as 'id' | 'createdAt' | 'updatedAt' | 'total' | undefined,
        order: state.sort ? state.order : undefined,
      }),
    {},
  );
  const columns: Column<ProductRequest>[] = [
    { key: 'id', header: 'Request', sortable: true, render: (r) => <span className={s.nowrap}>#{r.IOrderId}</span> },
    ...(showVendor
      ? [{ key: 'vendorName', header: 'Vendor', render: (r: ProductRequest) => <bdi>{r.vendorName}</bdi> }]
      : []),
    { key: 'professionals', header: 'For', render: (r) => <bdi>{r.professionals || '—'}</bdi> },
    {
      key: 'units',
      header: 'Units',
      align: 'end',
      render: (r) => `${r.units} (${r.lineCount} ${r.lineCount === 1 ? 'line' : 'lines'})`,
    },
    {
      key: 'total',
      header: 'Total',
      sortable: true,
      align: 'end',
      render: (r) => <span className={s.nowrap}>{formatRupees(r.total)}</span>,
    },
    { key: 'state', header: 'State', render: (r) => <Badge tone={STATE_TONE[r.state]}>{STATE_LABEL[r.state]}</Badge> },
    {
      key: 'createdAt',
      header: 'Submitted',
      sortable: true,
      render: (r) => <span className={s.nowrap}>{formatDateTime(r.createdAt)}</span>,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (r) => (
        <InPageLink set={{ id: r.IOrderId }} size="sm" aria-label={`View request ${r.IOrderId}`}>
          View
        </InPageLink>
      ),
    },
  ];
  return (
    <DataTable
      {...table}
      caption={caption}
      columns={columns}
      rowKey={(r) => r.IOrderId}
      searchPlaceholder={showVendor ? 'Request number or vendor…' : 'Request number…'}
      emptyMessage={table.state.search ? undefined : emptyMessage}
    />
  );
}
