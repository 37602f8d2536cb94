// The dispatch lists' columns: what every list shows, and each list's own.
import { Link } from '@tanstack/react-router';
import type { DispatchLine } from '../../../../api/dispatch';
import { Badge, buttonClassName, formatDateTime, formatRupees, formatSlot } from '../../../../ui';
import type { Column } from '../../../../ui/DataTable';
import { formatWaited, STATE_TONE, stateLabel } from '../../../-components/dispatch/labels';
import * as s from '../../-components/admin.css';

const slot: Column<DispatchLine> = {
  key: 'slotStart',
  header: 'Slot',
  render: (l) => <span className={s.nowrap}>{formatSlot(l.slotStart)}</span>,
};

const service: Column<DispatchLine> = {
  key: 'serviceName',
  header: 'Order line',
  render: (l) => (
    <>
      <bdi>{l.serviceName}</bdi>
      {l.quantity > 1 ? ` × ${l.quantity}` : ''}
      <span className={s.cellNote}>
        Order #{l.orderId} · <bdi>{l.categoryName}</bdi>
      </span>
    </>
  ),
};

const customer: Column<DispatchLine> = {
  key: 'customer',
  header: 'Customer',
  render: (l) => (
    <>
      <bdi>{l.customerFirstName}</bdi>
      <span className={`${s.cellNote} ${s.nowrap}`}>{l.customerMobileNo}</span>
    </>
  ),
};

const zone: Column<DispatchLine> = {
  key: 'zoneName',
  header: 'Zone',
  render: (l) => (
    <>
      {l.zoneName ? <bdi>{l.zoneName}</bdi> : '—'}
      <span className={s.cellNote}>
        <bdi>{l.area}</bdi>
      </span>
    </>
  ),
};

const professional: Column<DispatchLine> = {
  key: 'professional',
  header: 'Professional',
  render: (l) =>
    l.professional ? (
      <>
        <bdi>{l.professional.fullName}</bdi>
        <span className={`${s.cellNote} ${s.nowrap}`}>{l.professional.mobileNo}</span>
      </>
    ) : (
      '—'
    ),
};

const total: Column<DispatchLine> = {
  key: 'total',
  header: 'Total',
  align: 'end',
  render: (l) => <span className={s.nowrap}>{formatRupees(l.total)}</span>,
};

const state: Column<DispatchLine> = {
  key: 'state',
  header: 'State',
  render: (l) => <Badge tone={STATE_TONE[l.state]}>{stateLabel(l.state)}</Badge>,
};

/** The link to a line's page, named for the line so a screen reader's list of links tells them apart. */
export function ViewLine({ line }: { line: DispatchLine }) {
  return (
    <Link
      to="/Orders/OrderLine"
      search={{ id: line.lineId }}
      className={buttonClassName({ variant: 'ghost', size: 'sm' })}
      aria-label={`View line ${line.lineId}: ${line.serviceName}, order ${line.orderId}`}
    >
      View
    </Link>
  );
}

export const unassignedColumns: Column<DispatchLine>[] = [
  slot,
  {
    key: 'waitingMinutes',
    header: 'Waited',
    render: (l) => <span className={s.nowrap}>{formatWaited(l.waitingMinutes)}</span>,
  },
  service,
  customer,
  zone,
  total,
];

export const assignedColumns: Column<DispatchLine>[] = [
  slot,
  state,
  service,
  professional,
  customer,
  zone,
  {
    key: 'assignedAt',
    header: 'Assigned',
    render: (l) => (
      <>
        <span className={s.nowrap}>{l.assignedAt ? formatDateTime(l.assignedAt) : '—'}</span>
        {l.assignmentOverride ? <span className={s.cellNote}>Rules overridden</span> : null}
      </>
    ),
  },
];

export const cancelledColumns: Column<DispatchLine>[] = [
  slot,
  service,
  customer,
  zone,
  professional,
  {
    key: 'cancelledAt',
    header: 'Cancelled',
    render: (l) => (
      <>
        <span className={s.nowrap}>{l.cancelledAt ? formatDateTime(l.cancelledAt) : '—'}</span>
        {l.cancelReason ? (
          <span className={s.cellNote}>
            <bdi>{l.cancelReason}</bdi>
          </span>
        ) : null}
      </>
    ),
  },
  total,
];

export const completedColumns: Column<DispatchLine>[] = [
  slot,
  service,
  professional,
  customer,
  zone,
  {
    key: 'completedAt',
    header: 'Completed',
    render: (l) => <span className={s.nowrap}>{l.completedAt ? formatDateTime(l.completedAt) : '—'}</span>,
  },
  {
    key: 'rating',
    header: 'Rating',
    render: (l) => (l.rating !== null ? `${l.rating} of 5` : 'Not rated'),
  },
  total,
];
