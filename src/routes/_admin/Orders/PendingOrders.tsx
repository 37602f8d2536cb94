import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { DispatchLine } from '../../../api/dispatch';
import { Button } from '../../../ui';
import { type DispatchSearch, validateDispatchSearch } from '../../-components/dispatch/dispatchSearch';
import { AssignDialog } from './-components/AssignDialog';
import { unassignedColumns, ViewLine } from './-components/columns';
import { DispatchListPage } from './-components/DispatchListPage';
import { listQueryOf } from './-components/useDispatchTable';

export const Route = createFileRoute('/_admin/Orders/PendingOrders')({
  head: () => ({ meta: [{ title: 'Unassigned orders · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): DispatchSearch => validateDispatchSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(listQueryOf('unassigned', deps)),
  component: PendingOrders,
});

/** 'Unassign Orders': lines no professional holds, oldest slot first, with how long each has waited. */
function PendingOrders() {
  const search = Route.useSearch();
  const [assigning, setAssigning] = useState<DispatchLine | null>(null);
  return (
    <>
      <DispatchListPage
        list="unassigned"
        search={search}
        title="Unassigned orders"
        description="Paid order lines no professional holds, oldest slot first. Assign one from the professionals the rules suggest, or choose any active professional."
        columns={unassignedColumns}
        actions={(l) => (
          <>
            <Button
              size="sm"
              onClick={() => setAssigning(l)}
              aria-label={`Assign line ${l.lineId}: ${l.serviceName}, order ${l.orderId}`}
            >
              Assign
            </Button>
            <ViewLine line={l} />
          </>
        )}
        emptyMessage="Every paid line has a professional."
        fileName="unassigned-orders"
      />
      {assigning ? <AssignDialog line={assigning} onClose={() => setAssigning(null)} /> : null}
    </>
  );
}
