import { createFileRoute } from '@tanstack/react-router';
import { type DispatchSearch, validateDispatchSearch } from '../../-components/dispatch/dispatchSearch';
import { cancelledColumns, ViewLine } from './-components/columns';
import { DispatchListPage } from './-components/DispatchListPage';
import { listQueryOf } from './-components/useDispatchTable';

export const Route = createFileRoute('/_admin/Orders/CancelledOrders')({
  head: () => ({ meta: [{ title: 'Cancelled orders · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): DispatchSearch => validateDispatchSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(listQueryOf('cancelled', deps)),
  component: CancelledOrders,
});

/** Cancelled orders: lines the customer or the admin cancelled, latest slot first, with the reason. */
function CancelledOrders() {
  const search = Route.useSearch();
  return (
    <DispatchListPage
      list="cancelled"
      search={search}
      title="Cancelled orders"
      description="Order lines cancelled by the customer or by us, latest slot first, with the reason."
      columns={cancelledColumns}
      actions={(l) => <ViewLine line={l} />}
      emptyMessage="No line has been cancelled."
      fileName="cancelled-orders"
    />
  );
}
