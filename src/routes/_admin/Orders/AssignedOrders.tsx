import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { DispatchLine } from '../../../api/dispatch';
import { Button } from '../../../ui';
import { type DispatchSearch, validateDispatchSearch } from '../../-components/dispatch/dispatchSearch';
import { AssignDialog } from './-components/AssignDialog';
import { assignedColumns, ViewLine } from './-components/columns';
import { DispatchListPage } from './-components/DispatchListPage';
import { listQueryOf } from './-components/useDispatchTable';

export const Route = createFileRoute('/_admin/Orders/AssignedOrders')({
  head: () => ({ meta: [{ title: 'Assigned orders · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): DispatchSearch => validateDispatchSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(listQueryOf('assigned', deps)),
  component: AssignedOrders,
});

/** Assigned orders: lines a professional holds, assigned or accepted, soonest slot first. */
function AssignedOrders() {
  const search = Route.useSearch();
  const [moving, setMoving] = useState<DispatchLine | null>(null);
  return (
    <>
      <DispatchListPage
        list="assigned"
        search={search}
        title="Assigned orders"
        description="Order lines a professional holds, soonest slot first: assigned ones wait for the professional to accept. Reassign one to another professional, who must accept it."
        columns={assignedColumns}
        actions={(l) => (
          <>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setMoving(l)}
              aria-label={`Reassign line ${l.lineId}: ${l.serviceName}, order ${l.orderId}`}
            >
              Reassign
            </Button>
            <ViewLine line={l} />
          </>
        )}
        emptyMessage="No professional holds a line now."
        fileName="assigned-orders"
      />
      {moving ? <AssignDialog line={moving} onClose={() => setMoving(null)} /> : null}
    </>
  );
}
