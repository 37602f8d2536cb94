import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { vendorTaskViewQuery } from '../../../api/vendors';
import { Alert, Badge, buttonClassName, Card, formatDateTime, formatRupees, formatSlot, PageHeader } from '../../../ui';
import * as s from '../../_admin/-components/admin.css';
import { positiveId } from '../../_admin/-components/search';
import { NotLoaded } from '../../-components/Loaded';

export const Route = createFileRoute('/_vendor/History/TechnicianTaskView')({
  head: () => ({ meta: [{ title: 'Task · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): { orderId: number; technicianId: number } => ({
    orderId: positiveId(raw.orderId) ?? 0,
    technicianId: positiveId(raw.technicianId) ?? 0,
  }),
  component: TechnicianTaskView,
});

/** One order's lines held by one of the vendor's professionals, each with its history. */
function TechnicianTaskView() {
  const { orderId, technicianId } = Route.useSearch();
  const q = useQuery(vendorTaskViewQuery(orderId, technicianId));
  return (
    <div className={s.page}>
      <PageHeader
        title={`Order ${orderId || ''}`.trim()}
        description={q.data ? `The lines ${q.data.technicianName} holds.` : 'A task of one of your professionals.'}
        actions={
          <Link to="/History/TechnicianTaskList" className={buttonClassName({ variant: 'secondary' })}>
            Technician tasks
          </Link>
        }
      />
      {!orderId || !technicianId ? (
        <Alert tone="danger">No task was chosen.</Alert>
      ) : !q.data ? (
        <NotLoaded query={q} />
      ) : (
        q.data.lines.map((l) => (
          <Card key={l.lineId}>
            <h2>{l.serviceName}</h2>
            <dl className={s.priceList}>
              <dt>State</dt>
              <dd>
                <Badge tone={l.state === 'cancelled' ? 'danger' : 'info'}>{l.stateLabel}</Badge>
              </dd>
              <dt>Slot</dt>
              <dd>{formatSlot(l.slotStart)}</dd>
              <dt>Category</dt>
              <dd>
                {l.categoryName} · quantity {l.quantity}
              </dd>
              <dt>Where</dt>
              <dd>
                {l.zoneName ?? '—'} · {l.area} · {l.customerFirstName}
              </dd>
              <dt>Professional</dt>
              <dd>
                <Link to="/Professional/ProfessionalOrders" search={{ id: l.technicianId }}>
                  {l.technicianName}
                </Link>
              </dd>
              <dt>Total</dt>
              <dd>{formatRupees(l.total)}</dd>
              {l.rating !== null ? (
                <>
                  <dt>Rating</dt>
                  <dd>{l.rating} ★</dd>
                </>
              ) : null}
            </dl>
            <h3>History</h3>
            <ol>
              {l.history.map((h) => (
                <li key={`${h.at}-${h.event}`}>
                  {formatDateTime(h.at)}: {h.event.toLowerCase()} ({h.fromState ?? 'new'} → {h.toState})
                  {h.remark ? ` — ${h.remark}` : ''}
                </li>
              ))}
            </ol>
          </Card>
        ))
      )}
    </div>
  );
}
