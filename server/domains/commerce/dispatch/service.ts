import { orderLineAllowedEvents } from '../../../../src/machines/orderLine/orderLine.machine';
import type { Db, Executor, Tx } from '../../../db/client';
import { badRequest, type CurrentUser, conflict, HttpError, notFound } from '../../../http';
import { paise, toRupees } from '../../../money';
import { toCsv } from '../../../shared/csv';
import { transitionsOf } from '../../../workflow/apply';
import { type LiveEvent, notifyUser, publishLive } from '../../platform';
import { indiaHour, SLOT_RULES } from '../cart/slots';
import { stateLabel } from '../orderLines/rules';
import { applyLineEvent } from '../orderLines/service';
import {
  assertAssignable,
  type EligibilityLine,
  indiaDay,
  type RefusalReason,
  suggestedForAny,
  suggestionsFor,
} from './eligibility';
import * as repo from './repo';

export { assertAssignable, refusalsFor, suggestionsFor } from './eligibility';

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
  search?: string;
  pageSize?: number;
  cursor?: string;
  /** GetAssignedOrders: only one of its states. */
  State?: 'assigned' | 'accepted';
}

/** The first instant of an India calendar day given as YYYY-MM-DD. */
function indiaMidnight(day: string, field: string): Date {
  const at = new Date(`${day}T00:00:00+05:30`);
  if (Number.isNaN(at.getTime())) throw badRequest(field, 'must be a date (YYYY-MM-DD)');
  if (!inRange(at)) throw badRequest(field, 'must be a date between the years 2000 and 2999');
  return at;
}

/** Instants the lists and slots can mean (the database's timestamps are read back as ISO text, years 0000-9999). */
const inRange = (at: Date) => at.getUTCFullYear() >= 2000 && at.getUTCFullYear() <= 2999;

function filtersOf(q: ListQuery): repo.LineFilters {
  const slotFrom = q.from ? indiaMidnight(q.from, 'from') : undefined;
  const slotTo = q.to ? new Date(indiaMidnight(q.to, 'to').getTime() + 86_400_000) : undefined;
  if (slotFrom && slotTo && slotTo <= slotFrom) throw badRequest('to', 'must be on or after from');
  return {
    zoneId: q.ZoneId,
    categoryId: q.CategoryId,
    professionalUserId: q.ProfessionalId,
    slotFrom,
    slotTo,
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

const firstName = (full: string) => full.trim().split(/\s+/)[0] ?? full;

function lineDto(r: repo.LineRow, now: Date) {
  return {
    lineId: r.id,
    orderId: r.orderId,
    serviceId: r.serviceId,
    serviceName: r.description,
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    quantity: r.quantity,
    slotStart: r.slotStart,
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

/** The zone of a pincode (the order lines' zone at placing), or null. */
export const zoneOfPincode = (exec: Executor, pinCode: string) => repo.zoneOfPincode(exec, pinCode);

/** The line (OrderId, ServiceId) names, or 404. */
async function lineIdOf(exec: Executor, orderId: number, serviceId: number) {
  const id = await repo.lineIdOf(exec, orderId, serviceId);
  if (id === null) throw notFound(`Order ${orderId} with service ${serviceId}`);
  return id;
}

/** GET Dispatch/GetSuggestions: the ranked professionals for one line (none when it cannot be assigned now). */
export async function suggestions(db: Db, orderId: number, serviceId: number, limit = 10, now = new Date()) {
  const line = await repo.lineForRulesOf(db, orderId, serviceId);
  if (!line) throw notFound(`Order ${orderId} with service ${serviceId}`);
  const id = line.id;
  const events = orderLineAllowedEvents(line.state);
  const assignable = events.includes('ASSIGN') || events.includes('REASSIGN');
  return {
    lineId: id,
    state: line.state,
    assignable,
    suggestions: assignable ? await suggestionsFor(db, line, { limit, now }) : [],
  };
}

const PRO_LINK = '/Dashboard/TechnicianDashboard';

/** A slot as people read it: "Tue, 24 Nov, 10:00 am" India time. */
const slotText = (at: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);

export interface AssignInput {
  orderId: number;
  serviceId: number;
  technicianId: number;
  /** The admin's remark: overrides the overridable rules, and is kept in the line's history. */
  remark?: string | null;
}

/**
 * POST AssignTechnician: ASSIGN an unassigned line, or REASSIGN an assigned or accepted one to someone else, under
 * the line's row lock and then the professional's (eligibility.ts). A rule broken without a remark is 409 with the
 * reason; with one it is recorded on the line (`assignment_override`) and in the transition log. The professional
 * (and the one it was taken from) is notified; the screens of staff, the professionals and the customer update live.
 */
export async function assign(db: Db, user: Pick<CurrentUser, 'id'>, input: AssignInput, now = new Date()) {
  const lineId = await lineIdOf(db, input.orderId, input.serviceId);
  const before = (await repo.lineForRules(db, lineId))!;
  const event: 'ASSIGN' | 'REASSIGN' =
    before.state === 'assigned' || before.state === 'accepted' ? 'REASSIGN' : 'ASSIGN';
  const remark = input.remark?.trim() || null;
  return db.transaction(async (tx) => {
    const patch: NonNullable<Parameters<typeof applyLineEvent>[4]>['patch'] = {
      professionalUserId: input.technicianId,
      assignedAt: now,
      assignmentOverride: null,
    };
    let overridden: RefusalReason[] = [];
    let previous: number | null = null;
    let row: { customerUserId: number; description: string; slotStart: Date } | null = null;
    const applied = await applyLineEvent(tx, lineId, event, user.id, {
      now,
      remark,
      professionalUserId: input.technicianId,
      patch,
      check: async (locked) => {
        row = locked;
        previous = locked.professionalUserId;
        if (locked.professionalUserId === input.technicianId) {
          throw conflict('TechnicianId', 'The line is already assigned to this professional.');
        }
        overridden = await assertAssignable(tx, {
          line: locked,
          professionalUserId: input.technicianId,
          now,
          override: remark,
        });
        if (overridden.length > 0) patch.assignmentOverride = `${overridden.join(', ')}: ${remark}`;
      },
    });
    const line = row as unknown as { customerUserId: number; description: string; slotStart: Date };
    const pro = (await repo.lockProfessional(tx, input.technicianId))!;
    await notifyUser(tx, {
      userId: input.technicianId,
      kind: 'job_assigned',
      title: 'New job',
      body: `${line.description} on ${slotText(line.slotStart)} (order ${input.orderId}) is assigned to you: please accept or reject it.`,
      link: PRO_LINK,
    });
    const was = previous as number | null;
    if (was !== null) {
      await notifyUser(tx, {
        userId: was,
        kind: 'job_reassigned',
        title: 'Job moved',
        body: `${line.description} on ${slotText(line.slotStart)} (order ${input.orderId}) was given to another professional.`,
        link: PRO_LINK,
      });
    }
    await publishLive(tx, {
      kind: event === 'ASSIGN' ? 'line_assigned' : 'line_reassigned',
      tags: ['Dispatch', 'ProfessionalJobs', 'OrderLines'],
      userIds: [input.technicianId, line.customerUserId, ...(was !== null ? [was] : [])],
      roles: ['A', 'CD'],
      payload: { lineId, orderId: input.orderId, serviceId: input.serviceId, professionalUserId: input.technicianId },
    });
    return {
      lineId,
      orderId: input.orderId,
      serviceId: input.serviceId,
      event,
      state: applied.to,
      allowedEvents: applied.allowedEvents,
      professional: { userId: pro.userId, fullName: pro.fullName, mobileNo: pro.mobileNo },
      overridden: overridden as RefusalReason[],
      override: patch.assignmentOverride ?? null,
      message:
        (event === 'ASSIGN' ? `Assigned to ${pro.fullName}.` : `Moved to ${pro.fullName}, who must accept it.`) +
        ((overridden as RefusalReason[]).length > 0 ? ' The rules you overrode are recorded.' : ''),
    };
  });
}

/**
 * The professionals publishUnassigned tells about lines (the rules' suggestions for each), read apart so that a
 * transaction can read them before the rows it holds longest (placing an order: decision 014). A line given whole
 * (as it was just written) saves reading it.
 */
export async function unassignedAudience(
  tx: Tx,
  lines: (number | (EligibilityLine & { professionalUserId: number | null }))[],
): Promise<number[]> {
  return suggestedForAny(tx, lines, 200);
}

/**
 * Tells everyone who could take lines that just became unassigned (paid, rejected, released): staff, and the
 * professionals the rules would suggest for each (`audience`: unassignedAudience read earlier in the same
 * transaction). Call it inside the transaction that made them unassigned, as its last write (publishLive).
 */
export async function publishUnassigned(tx: Tx, lineIds: number[], kind = 'line_unassigned', audience?: number[]) {
  if (lineIds.length === 0) return;
  await publishLive(tx, unassignedEvent(lineIds, kind, audience ?? (await unassignedAudience(tx, lineIds))));
}

/** The live event publishUnassigned writes, for a statement that writes it itself (live's publishLiveCtes). */
export const unassignedEvent = (lineIds: number[], kind: string, audience: number[]): LiveEvent => ({
  kind,
  tags: ['Dispatch', 'ProfessionalJobs'],
  userIds: audience,
  roles: ['A', 'CD'],
  payload: { lineIds },
});

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
    history: history.map((h) => ({
      at: h.at,
      fromState: h.fromState,
      toState: h.toState,
      event: h.event,
      actorName: h.actorName,
      remark: h.remark,
    })),
    rejections,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Slot capacity (decision 016)

const HOUR = 3_600_000;

/** The booking rules' slot starts in [from, to) that are at least the lead time away (pure). */
export function ruleSlots(from: Date, to: Date, now: Date): Date[] {
  const out: Date[] = [];
  const earliest = now.getTime() + SLOT_RULES.leadHours * HOUR;
  const latest = now.getTime() + SLOT_RULES.daysAhead * 24 * HOUR;
  // India is UTC+05:30: its hours start at half past a UTC hour.
  const offset = SLOT_RULES.utcOffsetMinutes * 60_000;
  for (let t = Math.ceil((from.getTime() + offset) / HOUR) * HOUR - offset; t < to.getTime(); t += HOUR) {
    if (t < earliest || t > latest) continue;
    const { hour, onTheHour } = indiaHour(new Date(t));
    if (onTheHour && hour >= SLOT_RULES.firstHour && hour <= SLOT_RULES.lastHour) out.push(new Date(t));
  }
  return out;
}

/**
 * Of `slots`, those in which a matching professional is free for one more line of the service in the zone: the
 * professionals who serve the zone with the skill, active and available, less those holding a job in the slot, must
 * outnumber the unassigned lines already waiting in that slot in the zone for one of them. `limited` is false when
 * no professional serves the zone with the skill at all: dispatch does not cover the pair yet, every slot stays open.
 */
export async function freeOf(
  exec: Executor,
  zoneId: number,
  serviceId: number,
  slots: Date[],
  /** Whether dispatch covers the pair, when the caller has read it already (coveredServices). */
  covered?: boolean,
) {
  if (slots.length === 0) return { limited: false, free: slots };
  const isCovered = covered ?? (await repo.coveredServices(exec, zoneId, [serviceId])).has(serviceId);
  if (!isCovered) return { limited: false, free: slots };
  const from = slots[0];
  const to = new Date(slots[slots.length - 1].getTime() + HOUR);
  const facts = await repo.capacityFacts(exec, zoneId, serviceId, from, to);
  const busy = new Map<number, Set<number>>();
  for (const h of facts.held) {
    const t = h.slotStart.getTime();
    if (!busy.has(t)) busy.set(t, new Set());
    busy.get(t)!.add(h.userId);
  }
  const waiting = new Map(facts.waiting.map((w) => [w.slotStart.getTime(), w.n]));
  const free = slots.filter((s) => {
    const t = s.getTime();
    const freePros = facts.professionals.length - (busy.get(t)?.size ?? 0);
    return freePros > (waiting.get(t) ?? 0);
  });
  return { limited: true, free };
}

/** GET Cart/GetFreeSlots. */
export async function freeSlots(
  db: Db,
  q: { serviceId: number; pinCode: string; from?: string; days?: number },
  now = new Date(),
) {
  const start = q.from ? indiaMidnight(q.from, 'from') : indiaDay(now).start;
  const end = new Date(start.getTime() + (q.days ?? 7) * 86_400_000);
  const at = await repo.zoneAndCoverage(db, q.pinCode, q.serviceId);
  const slots = ruleSlots(start, end, now);
  if (at === null) return { serviceId: q.serviceId, zoneId: null, limited: false, slots };
  const { limited, free } = await freeOf(db, at.zoneId, q.serviceId, slots, at.covered);
  return { serviceId: q.serviceId, zoneId: at.zoneId, limited, slots: free };
}

/**
 * Refuses (409 naming `field`) a slot in which no matching professional is free at the pincode's zone: the cart's
 * slot choice and placing an order call it. A pincode outside every zone, or a zone where nobody has the skill yet,
 * passes (the address and checkout rules refuse what is not served).
 */
export async function assertSlotHasCapacity(
  exec: Executor,
  q: {
    serviceId: number;
    /** A pincode, or a subquery answering one (addresses' defaultPinCodeOf). */
    pinCode?: Parameters<typeof repo.zoneAndCoverage>[1] | null;
    zoneId?: number | null;
    slotStart: Date;
    field: string;
  },
) {
  // By pincode, the zone and whether dispatch covers the service come in one read.
  const at =
    q.zoneId != null
      ? { zoneId: q.zoneId, covered: undefined }
      : q.pinCode
        ? await repo.zoneAndCoverage(exec, q.pinCode, q.serviceId)
        : null;
  if (at === null) return;
  const { free } = await freeOf(exec, at.zoneId, q.serviceId, [q.slotStart], at.covered);
  if (free.length === 0) {
    throw new HttpError(
      409,
      'Slot full',
      `No professional is free for this service at ${slotText(q.slotStart)} in your area: choose another slot.`,
      [
        {
          field: q.field,
          message: `is full: no professional is free at ${slotText(q.slotStart)}; choose another slot`,
        },
      ],
      { reason: 'slot_full' },
    );
  }
}

/**
 * Why each slot is full in the zone, or null where it can be booked (for the checkout quote's line problems), in
 * the order given. Whether dispatch covers each service is read once for all of them.
 */
export async function slotCapacityProblems(
  exec: Executor,
  zoneId: number | null,
  wanted: { serviceId: number; slotStart: Date }[],
): Promise<(string | null)[]> {
  if (zoneId === null || wanted.length === 0) return wanted.map(() => null);
  const covered = await repo.coveredServices(exec, zoneId, [...new Set(wanted.map((w) => w.serviceId))]);
  const out: (string | null)[] = [];
  for (const w of wanted) {
    const { free } = await freeOf(exec, zoneId, w.serviceId, [w.slotStart], covered.has(w.serviceId));
    out.push(
      free.length === 0
        ? `No professional is free at ${slotText(w.slotStart)} in this area: choose another slot.`
        : null,
    );
  }
  return out;
}
