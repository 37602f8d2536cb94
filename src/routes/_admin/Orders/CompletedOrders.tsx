import { createFileRoute } from '@tanstack/react-router';
import { type DispatchSearch, validateDispatchSearch } from '../../-components/dispatch/dispatchSearch';
import { completedColumns, ViewLine } from './-components/columns';
import { DispatchListPage } from './-components/DispatchListPage';
import { listQueryOf } from './-components/useDispatchTable';

export const Route = createFileRoute('/_admin/Orders/CompletedOrders')({
  head: () => ({ meta: [{ title: 'Completed orders · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): DispatchSearch => validateDispatchSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(listQueryOf('completed', deps)),
  component: CompletedOrders,
});

/** Completed orders: lines professionals completed (and customers may have rated), latest slot first. */
function CompletedOrders() {
  const search = Route.useSearch();
  return (
    <DispatchListPage
      list="completed"
      search={search}
      title="Completed orders"
      description="Order lines professionals completed, latest slot first, with the customer's rating."
      columns={completedColumns}
      actions={(l) => <ViewLine line={l} />}
      emptyMessage="No line has been completed yet."
      fileName="completed-orders"
    />
  );
}
