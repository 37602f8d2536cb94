import { orderLineAllowedEvents } from '../../../../src/machines/orderLine/orderLine.machine';
import type { Db, Executor } from '../../../db/client';
import { badRequest, notFound } from '../../../http';
import { paise, toRupees } from '../../../money';
import { toCsv } from '../../../shared/csv';
import { firstName } from '../../../shared/person';
import { historyEntry, transitionsOf } from '../../../workflow/apply';
import { lineNamed, stateLabel } from '../orderLines/rules';
import { indiaDay } from './eligibility';
import * as repo from './repo.lists';
import { indiaMidnight, inRange } from './times';

/** The staff lists: which states each shows, and in which slot order (oldest first for the work still to do). */
export const LISTS = {
  unassigned: { states: ['unassigned'], direction: 'asc' },
  assigned: { states: ['assigned', 'accepted'], direction: 'asc' },
  cancelled: { states: ['cancelled'], direction: 'desc' },
  completed: { states: ['completed', 'rated'], direction: 'desc' },
} as const;
export type ListKind = keyof typeof LISTS;

/** Counts stop here ("1,000+"): a count of a big state never walks more than this many index entries. */
export const COUNT_CAP = 1_000;

export interface ListQuery {
  ZoneId?: number;
  CategoryId?: number;
  ProfessionalId?: number;
  from?: string;
  to?: string;
  /** The India days the line was placed in, and (the cancelled list) cancelled in: the admin dashboard's links. */
  placedFrom?: string;
  placedTo?: string;
  cancelledFrom?: string;
  cancelledTo?: string;
  search?: string;
  pageSize?: number;
  cursor?: string;
  /** GetAssignedOrders: only one of its states. */
  State?: 'assigned' | 'accepted';
}

/** India days `from`..`to` (both included) as instants [start, end); 400 naming `toField` when they cross. */
function dayRange(from: string | undefined, to: string | undefined, fromField: string, toField: string) {
  const start = from ? indiaMidnight(from, fromField) : undefined;
  const end = to ? new Date(indiaMidnight(to, toField).getTime() + 86_400_000) : undefined;
  if (start && end && end <= start) throw badRequest(toField, `must be on or after ${fromField}`);
  return { start, end };
}

function filtersOf(q: ListQuery): repo.LineFilters {
  const slot = dayRange(q.from, q.to, 'from', 'to');
  const placed = dayRange(q.placedFrom, q.placedTo, 'placedFrom', 'placedTo');
  const cancelled = dayRange(q.cancelledFrom, q.cancelledTo, 'cancelledFrom', 'cancelledTo');
  return {
    zoneId: q.ZoneId,
    categoryId: q.CategoryId,
    professionalUserId: q.ProfessionalId,
    slotFrom: slot.start,
    slotTo: slot.end,
    placedFrom: placed.start,
    placedTo: placed.end,
    cancelledFrom: cancelled.start,
    cancelledTo: cancelled.end,
    search: q.search,
  };
}

const cursorText = (k: repo.Keyset) => `${k.slotStart.getTime()}_${k.id}`;

function parseCursor(text: string | undefined): repo.Keyset | null {
  if (!text) return null;
  const m = /^(-?[0-9]{1,15})_([0-9]{1,10})$/.exec(text);
  const id = m ? Number(m[2]) : Number.NaN;
  const slotStart = new Date(m ? Number(m[1]) : Number.NaN);
  if (!m || id > 2_147_483_647 || Number.isNaN(slotStart.getTime()) || !inRange(slotStart)) {
    throw badRequest('cursor', 'is not a cursor of this list: start from the first page');
  }
  return { slotStart, id };
}

function statesOf(kind: ListKind, q: ListQuery): readonly string[] {
  if (kind === 'assigned' && q.State) return [q.State];
  return LISTS[kind].states;
}

function lineDto(r: repo.LineRow, now: Date) {
  return {
    ...lineNamed(r),
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    state: r.state as 'unassigned',
    stateLabel: stateLabel(r.state),
    zoneId: r.zoneId,
    zoneName: r.zoneName,
    area: `${r.city} ${r.pinCode}`,
    customerFirstName: firstName(r.customerName),
    customerMobileNo: r.customerMobileNo,
    professional:
      r.professionalUserId === null
        ? null
        : { userId: r.professionalUserId, fullName: r.professionalName ?? '', mobileNo: r.professionalMobileNo ?? '' },
    total: toRupees(paise(r.totalPaise)),
    placedAt: r.placedAt,
    stateChangedAt: r.stateChangedAt,
    waitingMinutes: Math.max(0, Math.floor((now.getTime() - r.stateChangedAt.getTime()) / 60_000)),
    assignedAt: r.assignedAt,
    completedAt: r.completedAt,
    cancelledAt: r.cancelledAt,
    cancelReason: r.cancelReason,
    rating: r.rating,
    assignmentOverride: r.assignmentOverride,
  };
}
export type DispatchLineDto = ReturnType<typeof lineDto>;

/** Lines in the order of `keys` (the keyset query's order). */
async function linesInOrder(exec: Executor, keys: repo.Keyset[]) {
  const rows = await repo.linesByIds(
    exec,
    keys.map((k) => k.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return keys.map((k) => byId.get(k.id)).filter((r): r is repo.LineRow => r !== undefined);
}

/** One keyset page of a staff list, with the matching count (capped at COUNT_CAP). */
export async function listLines(db: Db, kind: ListKind, q: ListQuery, now = new Date()) {
  const f = filtersOf(q);
  const after = parseCursor(q.cursor);
  const pageSize = q.pageSize ?? 20;
  const states = statesOf(kind, q);
  const [keys, counted] = await Promise.all([
    repo.pageIds(db, states, f, LISTS[kind].direction, after, pageSize + 1),
    repo.countCapped(db, states, f, COUNT_CAP),
  ]);
  const more = keys.length > pageSize;
  const page = keys.slice(0, pageSize);
  const rows = await linesInOrder(db, page);
  return {
    items: rows.map((r) => lineDto(r, now)),
    total: Math.min(counted, COUNT_CAP),
    totalCapped: counted > COUNT_CAP,
    pageSize,
    nextCursor: more ? cursorText(page[page.length - 1]) : null,
  };
}

const CSV_COLUMNS = [
  'LineId',
  'OrderId',
  'ServiceId',
  'Service',
  'Category',
  'Zone',
  'Area',
  'SlotStart',
  'State',
  'WaitingMinutes',
  'Customer',
  'CustomerMobileNo',
  'Professional',
  'ProfessionalMobileNo',
  'Total',
  'AssignedAt',
  'CompletedAt',
  'CancelledAt',
  'CancelReason',
  'Rating',
  'AssignmentOverride',
];
const CSV_BATCH = 500;

/**
 * Every matching line as CSV, streamed: keyset batches of CSV_BATCH lines are read and written one after the other,
 * so memory holds one batch whatever the list's size.
 */
export async function* csvLines(db: Db, kind: ListKind, q: ListQuery, now = new Date()): AsyncGenerator<string> {
  const f = filtersOf(q);
  const states = statesOf(kind, q);
  let after = parseCursor(q.cursor);
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  for (;;) {
    const keys = await repo.pageIds(db, states, f, LISTS[kind].direction, after, CSV_BATCH);
    if (keys.length === 0) return;
    const rows = (await linesInOrder(db, keys)).map((r) => {
      const d = lineDto(r, now);
      return {
        LineId: d.lineId,
        OrderId: d.orderId,
        ServiceId: d.serviceId,
        Service: d.serviceName,
        Category: d.categoryName,
        Zone: d.zoneName,
        Area: d.area,
        SlotStart: d.slotStart,
        State: d.stateLabel,
        WaitingMinutes: d.waitingMinutes,
        Customer: d.customerFirstName,
        CustomerMobileNo: d.customerMobileNo,
        Professional: d.professional?.fullName ?? null,
        ProfessionalMobileNo: d.professional?.mobileNo ?? null,
        Total: d.total.toFixed(2),
        AssignedAt: d.assignedAt,
        CompletedAt: d.completedAt,
        CancelledAt: d.cancelledAt,
        CancelReason: d.cancelReason,
        Rating: d.rating,
        AssignmentOverride: d.assignmentOverride,
      };
    });
    const text = toCsv(rows, CSV_COLUMNS);
    yield text.slice(text.indexOf('\r\n') + 2);
    if (keys.length < CSV_BATCH) return;
    after = keys[keys.length - 1];
  }
}

/** GET Professional/GetActivateTechsEngg. */
export async function activeProfessionals(
  db: Db,
  q: repo.ProfessionalFilters & { page?: number; pageSize?: number },
  now = new Date(),
) {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  const { rows, total } = await repo.activeProfessionals(db, q, indiaDay(now), {
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return {
    items: rows.map(({ ratingTotal, ratingCount, ...r }) => ({
      ...r,
      rating: ratingCount > 0 ? Math.round((ratingTotal / ratingCount) * 10) / 10 : null,
      ratingCount,
    })),
    total,
    page,
    pageSize,
  };
}

/** GET Dispatch/GetOrderLine: the staff line page. */
export async function lineDetail(db: Db, id: number, now = new Date()) {
  const [row] = await repo.linesByIds(db, [id]);
  if (!row) throw notFound(`Order line ${id}`);
  const [history, rejections] = await Promise.all([transitionsOf(db, 'OrderLine', id), repo.rejectionsOf(db, id)]);
  return {
    ...lineDto(row, now),
    customerName: firstName(row.customerName),
    allowedEvents: orderLineAllowedEvents(row.state),
    history: history.map(historyEntry),
    rejections,
  };
}
