import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { adminCancelOrderLine, type DispatchLineDetail, dispatchOrderLineQuery } from '../../../api/dispatch';

import { orderLineMachine } from '../../../machines/orderLine/orderLine.machine';
import {
  Alert,
  Badge,
  Button,
  buttonClassName,
  Card,
  Dialog,
  EmptyState,
  LoadingPlaceholder,
  MachineDiagram,
  PageHeader,
} from '../../../ui';
import { Form, FormActions, FormErrorSummary, TextArea } from '../../../ui/form';
import { DIAGRAM_LABELS, STATE_TONE, stateLabel } from '../../-components/dispatch/labels';
import { OrderLineFacts } from '../../-components/dispatch/OrderLineFacts';
import { OrderLineHistory } from '../../-components/dispatch/OrderLineHistory';
import { useOperationForm } from '../../-components/form';
import { LoadFailure } from '../../-components/Loaded';
import * as s from '../-components/admin.css';
import { validateIdSearch } from '../-components/search';
import { AssignDialog } from './-components/AssignDialog';

export const Route = createFileRoute('/_admin/Orders/OrderLine')({
  head: () => ({ meta: [{ title: 'Order line · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.ensureQueryData(dispatchOrderLineQuery(deps.id)).catch(() => null) : null,
  component: OrderLinePage,
});

/** The events the admin sends from this page; the others are the customer's, the professional's or the system's. */
const STAFF_EVENTS: readonly string[] = ['ASSIGN', 'REASSIGN', 'ADMIN_CANCEL'];

/** Where a line of each state is listed, for the way back. */
const LIST_OF: Record<string, { to: string; label: string }> = {
  unassigned: { to: '/Orders/PendingOrders', label: 'Unassigned orders' },
  assigned: { to: '/Orders/AssignedOrders', label: 'Assigned orders' },
  accepted: { to: '/Orders/AssignedOrders', label: 'Assigned orders' },
  completed: { to: '/Orders/CompletedOrders', label: 'Completed orders' },
  rated: { to: '/Orders/CompletedOrders', label: 'Completed orders' },
  cancelled: { to: '/Orders/CancelledOrders', label: 'Cancelled orders' },
};

/**
 * One order line (decision 016): the line, its order, customer and professional, the order line machine with the
 * current state and the staff actions it allows now (assign, reassign, cancel), and the transition history.
 */
function OrderLinePage() {
  const { id } = Route.useSearch();
  const query = useQuery(dispatchOrderLineQuery(id));
  const [action, setAction] = useState<'assign' | 'cancel' | null>(null);
  const line = query.data;
  const list = LIST_OF[line?.state ?? 'unassigned'] ?? LIST_OF.unassigned;
  const back = (
    <Link to={list.to} className={buttonClassName({ variant: 'secondary' })}>
      {list.label}
    </Link>
  );
  if (query.isPending && id > 0) return <LoadingPlaceholder />;
  if (!line) {
    return (
      <div className={s.page}>
        <PageHeader title="Order line" actions={back} />
        {query.error ? (
          <Alert tone="danger">{query.error.message}</Alert>
        ) : (
          <EmptyState title="Order line not found" description="Choose a line from one of the order lists." />
        )}
      </div>
    );
  }
  const allowed = line.allowedEvents.filter((e) => STAFF_EVENTS.includes(e));
  return (
    <div className={s.page}>
      <PageHeader
        title={`Order line ${line.lineId}`}
        description={
          <>
            <Badge tone={STATE_TONE[line.state]}>{stateLabel(line.state)}</Badge> <bdi>{line.serviceName}</bdi>, order #
            {line.orderId}
          </>
        }
        actions={back}
      />
      <LoadFailure query={query} />
      <OrderLineFacts line={line} />
      <Card title="States">
        <MachineDiagram
          machine={orderLineMachine}
          current={line.state}
          allowedEvents={allowed}
          labels={DIAGRAM_LABELS}
          title="Order line"
          onEvent={(type) => setAction(type === 'ADMIN_CANCEL' ? 'cancel' : 'assign')}
        />
        {allowed.length === 0 ? (
          <p className={s.muted}>Nothing for the admin to do on this line in its state.</p>
        ) : null}
      </Card>
      <Card title="History">
        <OrderLineHistory history={line.history} caption="History of the line" />
      </Card>
      {action === 'assign' ? <AssignDialog line={line} onClose={() => setAction(null)} /> : null}
      {action === 'cancel' ? <CancelDialog line={line} onClose={() => setAction(null)} /> : null}
    </div>
  );
}

/** The admin's cancel (AdminCancelOrderLine, decision 014): a full refund to the customer's wallet, with a remark. */
function CancelDialog({ line, onClose }: { line: DispatchLineDetail; onClose(): void }) {
  const queryClient = useQueryClient();
  const form = useOperationForm({
    operation: 'adminCancelOrderLine',
    initial: { Remark: '' },
    labels: { Remark: 'Remark' },
    toBody: (v) => ({ OrderId: line.orderId, ServiceId: line.serviceId, Remark: v.Remark.trim() }),
    send: adminCancelOrderLine,
    onSaved: () => {
      // The call's x-invalidates (decision 014) does not name Dispatch, whose reads this page and the lists are.
      void queryClient.invalidateQueries({ queryKey: ['Dispatch'] });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Cancel this line?"
      description={`${line.serviceName}, order #${line.orderId}: the customer gets a full refund to their wallet${
        line.professional ? ` and ${line.professional.fullName} is told` : ''
      }.`}
    >
      <Form onSubmit={form.submit} aria-label="Cancel the line">
        <FormErrorSummary errors={form.errors} />
        <TextArea {...form.text('Remark')} required rows={3} hint="Kept in the line's history." fullWidth />
        <FormActions>
          <Button variant="secondary" onClick={onClose}>
            Keep the line
          </Button>
          <Button type="submit" variant="danger" loading={form.busy}>
            Cancel the line
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
