import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { inventoryDashboardQuery } from '../../../api/products';
import { buttonClassName, Card, formatRupees, PageHeader, StatCard, StatGrid } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { DEFAULT_TABLE_STATE } from '../../../ui/tableState';
import * as s from '../../_admin/-components/admin.css';
import { ProfileCard } from '../../-components/Dashboard';
import { LoadFailure } from '../../-components/Loaded';

export const Route = createFileRoute('/_inventory/Dashboard/InventoryManagerDashBoard')({
  head: () => ({ meta: [{ title: 'Inventory manager dashboard · Doorstep' }] }),
  loader: ({ context }) => context.queryClient.prefetchQuery(inventoryDashboardQuery()),
  component: InventoryManagerDashBoard,
});

type LowRow = {
  id: number;
  productName: string;
  available: number;
  onHand: number;
  reserved: number;
  lowStockAt: number;
};

const lowColumns: Column<LowRow>[] = [
  {
    key: 'productName',
    header: 'Product',
    render: (p) => (
      <Link to="/Managestore/UpdateProduct" search={{ id: p.id }}>
        <span dir="auto">{p.productName}</span>
      </Link>
    ),
  },
  { key: 'available', header: 'Free', align: 'end', render: (p) => <strong>{p.available}</strong> },
  { key: 'onHand', header: 'On hand', align: 'end', render: (p) => p.onHand },
  { key: 'reserved', header: 'Held', align: 'end', render: (p) => p.reserved },
  { key: 'lowStockAt', header: 'Low at', align: 'end', render: (p) => p.lowStockAt },
];

/** The inventory manager's dashboard: requests waiting, low stock, and the stock's value at cost. */
function InventoryManagerDashBoard() {
  const q = useQuery(inventoryDashboardQuery());
  const d = q.data;
  return (
    <div className={s.page}>
      <PageHeader title="Inventory manager dashboard" />
      <LoadFailure query={q} />
      <StatGrid>
        <StatCard
          label={<Link to="/Requests/ProductRequests">Requests waiting for you</Link>}
          value={d?.pendingIM ?? '…'}
          hint={d ? `${d.pendingAdmin} accepted, waiting for the admin` : undefined}
        />
        <StatCard
          label={
            <Link to="/Managestore/InventoryProductList" search={{ lowStock: true }}>
              Low on stock
            </Link>
          }
          value={d?.lowStockCount ?? '…'}
          hint="active products at or below their level"
        />
        <StatCard label="Stock value at cost" value={d ? formatRupees(d.stockValue) : '…'} hint="GST excluded" />
        <StatCard
          label="Units"
          value={d ? `${d.unitsOnHand.toLocaleString('en-IN')}` : '…'}
          hint={d ? `on hand, ${d.unitsReserved.toLocaleString('en-IN')} held for requests` : undefined}
        />
        <StatCard
          label="Products"
          value={d ? `${d.activeProducts} / ${d.products}` : '…'}
          hint="active / in the store"
        />
      </StatGrid>
      <Card title="Lowest on stock">
        <DataTable
          caption="Products lowest on stock"
          columns={lowColumns}
          rows={d?.lowStock ?? []}
          total={d?.lowStock.length ?? 0}
          state={DEFAULT_TABLE_STATE}
          onStateChange={() => {}}
          searchable={false}
          rowKey={(p) => p.id}
          loading={q.isFetching}
          emptyMessage="No product is low on stock."
        />
        <Link
          to="/Managestore/InventoryProductList"
          search={{ lowStock: true }}
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
        >
          Every product low on stock
        </Link>
      </Card>
      <ProfileCard />
    </div>
  );
}
