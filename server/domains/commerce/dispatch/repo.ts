import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../../db/client';
import { likeTerm } from '../../../db/paging';
import { professionals, users } from '../../../db/schema';

/** The states a professional holds a line in: these occupy their slot and count as their load. */
const HELD = sql`('assigned', 'accepted')`;

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const toDateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : toDate(v));

// ---------------------------------------------------------------------------------------------------------------
// Eligibility

/**
 * The professional's row, locked for the transaction (`FOR UPDATE`): two assignments of one professional (an admin's
 * and their own, or two lines in one slot) queue here, so the overlap check of the second sees the first's line.
 * Null when the user is not a professional.
 */
export async function lockProfessional(exec: Executor, userId: number) {
  const [row] = await exec
    .select({
      userId: professionals.userId,
      fullName: users.fullName,
      mobileNo: users.mobileNo,
      role: users.role,
      active: users.active,
      available: professionals.available,
    })
    .from(professionals)
    .innerJoin(users, eq(users.id, professionals.userId))
    .where(eq(professionals.userId, userId))
    .for('update', { of: professionals });
  return row ?? null;
}

export interface EligibilityQuestion {
  lineId: number;
  serviceId: number;
  zoneId: number | null;
  slotStart: Date;
  professionalUserId: number;
}

/** The facts the dispatch rules read about one professional and one line, in one round trip. */
export async function eligibilityFacts(exec: Executor, q: EligibilityQuestion) {
  const [row] = await rowsOf<{
    serves_zone: boolean;
    has_skill: boolean;
    overlapping_line_id: number | null;
    rejected_before: boolean;
    zone_name: string | null;
    service_name: string | null;
  }>(
    exec,
    sql`select
      exists (select 1 from professional_zones pz
              where pz.professional_user_id = ${q.professionalUserId} and pz.zone_id = ${q.zoneId}) as serves_zone,
      exists (select 1 from professional_services ps
              where ps.professional_user_id = ${q.professionalUserId} and ps.service_id = ${q.serviceId}) as has_skill,
      (select o.id from order_lines o
        where o.professional_user_id = ${q.professionalUserId} and o.state in ${HELD}
          and o.slot_start = ${q.slotStart.toISOString()}::timestamptz and o.id <> ${q.lineId}
        limit 1) as overlapping_line_id,
      exists (select 1 from order_line_rejections r
              where r.order_line_id = ${q.lineId} and r.professional_user_id = ${q.professionalUserId}) as rejected_before,
      (select z.zone_name from zones z where z.id = ${q.zoneId}) as zone_name,
      (select s.heading from services s where s.id = ${q.serviceId}) as service_name`,
  );
  return {
    servesZone: row.serves_zone === true,
    hasSkill: row.has_skill === true,
    overlappingLineId: row.overlapping_line_id === null ? null : Number(row.overlapping_line_id),
    rejectedBefore: row.rejected_before === true,
    zoneName: row.zone_name,
    serviceName: row.service_name,
  };
}

export interface SuggestionQuery {
  lineId: number;
  serviceId: number;
  zoneId: number;
  slotStart: Date;
  /** The India day of the slot: the load counted is the professional's lines that day. */
  dayStart: Date;
  dayEnd: Date;
  /** The line's current professional (a reassignment suggests someone else). */
  exceptUserId: number | null;
  /** What an unrated professional's average counts as in the ranking (decision 016). */
  unratedAs: number;
  limit: number;
}

export interface SuggestionRow {
  userId: number;
  fullName: string;
  mobileNo: string;
  professionalType: 'Technician' | 'Engineer';
  ratingTotal: number;
  ratingCount: number;
  todayJobs: number;
  zoneDistance: 0 | 1 | 2 | 3;
  zoneName: string;
  serviceName: string;
}

/**
 * The eligible professionals of a line, ranked, in one statement: the zone's professionals (professional_zones_zone_idx)
 * with the skill (professional_services_uq), active and available, free in the slot and never rejected this line
 * (order_lines_professional_slot_idx, order_line_rejections_line_idx); ranked by that day's load, then average rating,
 * then distance of zone, then id (stable).
 */
export async function rankedSuggestions(exec: Executor, q: SuggestionQuery): Promise<SuggestionRow[]> {
  return (await rankedSuggestionsOfLines(exec, [q])).map(({ lineId: _, ...row }) => row);
}

/**
 * rankedSuggestions for several lines in one statement (one round trip, planned once): each line's ranked
 * professionals, in order, naming their line. "Free in the slot" and "never rejected it" are scalar subqueries with
 * LIMIT 1 rather than NOT EXISTS: as anti-joins they joined the planner's join-order search, which made planning
 * (4.4 ms for two lines) twenty times the execution; as sub-plans it is 1.4 ms, each still one index probe.
 */
export async function rankedSuggestionsOfLines(
  exec: Executor,
  qs: SuggestionQuery[],
): Promise<(SuggestionRow & { lineId: number })[]> {
  if (qs.length === 0) return [];
  const lines = sql.join(
    qs.map(
      (q, i) =>
        sql`(${i}::int, ${q.lineId}::int, ${q.serviceId}::int, ${q.zoneId}::int, ${q.slotStart.toISOString()}::timestamptz,
          ${q.exceptUserId ?? 0}::int, ${q.dayStart.toISOString()}::timestamptz, ${q.dayEnd.toISOString()}::timestamptz,
          ${q.unratedAs}::numeric, ${q.limit}::int)`,
    ),
    sql`, `,
  );
  const rows = await rowsOf<Record<string, unknown>>(
    exec,
    sql`select l.ord, l.line_id, c.* from (values ${lines})
        as l(ord, line_id, service_id, zone_id, slot_start, except_user_id, day_start, day_end, unrated_as, max_rows)
      cross join lateral (
        select x.*, row_number() over (
            order by x.today_jobs asc, coalesce(x.rating_total::numeric / nullif(x.rating_count, 0), l.unrated_as) desc,
              x.zone_distance asc, x.user_id asc) as rn
        from (
          select p.user_id, u.full_name, u.mobile_no, p.professional_type, p.rating_total, p.rating_count,
            case when p.home_zone_id = lz.id then 0 when p.city_id = lz.city_id then 1
                 when p.state_id = lz.state_id then 2 else 3 end as zone_distance,
            lz.zone_name,
            (select s.heading from services s where s.id = l.service_id) as service_name,
            (select count(*) from order_lines j where j.professional_user_id = p.user_id and j.state in ${HELD}
              and j.slot_start >= l.day_start and j.slot_start < l.day_end)::int as today_jobs
          from zones lz
          join professional_zones pz on pz.zone_id = lz.id
          join professional_services ps on ps.professional_user_id = pz.professional_user_id and ps.service_id = l.service_id
          join professionals p on p.user_id = pz.professional_user_id
          join users u on u.id = p.user_id
          where lz.id = l.zone_id and u.active and p.available and p.user_id <> l.except_user_id
            and (select 1 from order_lines o where o.professional_user_id = p.user_id and o.state in ${HELD}
                 and o.slot_start = l.slot_start and o.id <> l.line_id limit 1) is null
            and (select 1 from order_line_rejections r
                 where r.order_line_id = l.line_id and r.professional_user_id = p.user_id limit 1) is null
        ) x
        order by rn
        limit l.max_rows
      ) c
      order by l.ord, c.rn`,
  );
  return rows.map((r) => ({
    lineId: Number(r.line_id),
    userId: Number(r.user_id),
    fullName: String(r.full_name),
    mobileNo: String(r.mobile_no),
    professionalType: r.professional_type as SuggestionRow['professionalType'],
    ratingTotal: Number(r.rating_total),
    ratingCount: Number(r.rating_count),
    todayJobs: Number(r.today_jobs),
    zoneDistance: Number(r.zone_distance) as SuggestionRow['zoneDistance'],
    zoneName: String(r.zone_name),
    serviceName: String(r.service_name ?? ''),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Slot capacity

/** The zone of a pincode (null when no zone lists it). */
export async function zoneOfPincode(exec: Executor, pinCode: string): Promise<number | null> {
  const [row] = await rowsOf<{ zone_id: number }>(
    exec,
    sql`select zone_id from zone_pincodes where pin_code = ${pinCode}`,
  );
  return row ? Number(row.zone_id) : null;
}

/**
 * Whether at least one professional (whatever their switches) serves the zone with the service as a skill: dispatch
 * covers the pair, so slot capacity applies to it.
 */
const covers = (zoneId: SQL, serviceId: SQL) =>
  sql`exists (select 1 from professional_zones pz join professional_services ps
    on ps.professional_user_id = pz.professional_user_id and ps.service_id = ${serviceId}
    where pz.zone_id = ${zoneId})`;

/** Of these services, those dispatch covers in the zone (covers), in one statement for any number of them. */
export async function coveredServices(exec: Executor, zoneId: number, serviceIds: number[]): Promise<Set<number>> {
  if (serviceIds.length === 0) return new Set();
  const rows = await rowsOf<{ service_id: number }>(
    exec,
    // A list of known length, not unnest of an array parameter, whose length a generic plan guesses: planned again
    // on every call otherwise.
    sql`select s.id as service_id from (values ${sql.join(
      serviceIds.map((id) => sql`(${id}::int)`),
      sql`, `,
    )}) as s(id)
      where ${covers(sql`${zoneId}::int`, sql`s.id`)}`,
  );
  return new Set(rows.map((r) => Number(r.service_id)));
}

/** The zone of a pincode and whether dispatch covers the service there (covers), in one statement. */
export async function zoneAndCoverage(
  exec: Executor,
  /** A pincode, or a subquery answering one (the customer's default address's: one round trip, not two). */
  pinCode: string | SQL,
  serviceId: number,
): Promise<{ zoneId: number; covered: boolean } | null> {
  const [row] = await rowsOf<{ zone_id: number; covered: boolean }>(
    exec,
    sql`select zp.zone_id, ${covers(sql`zp.zone_id`, sql`${serviceId}::int`)} as covered
      from zone_pincodes zp where zp.pin_code = ${pinCode}`,
  );
  return row ? { zoneId: Number(row.zone_id), covered: row.covered === true } : null;
}

/**
 * What slot capacity reads for one zone and service over a window: the professionals who could take such a line
 * (serve the zone, have the skill, active, available), the slots each already holds, and the unassigned lines in the
 * zone waiting in those slots for one of them (by any service one of them can do).
 */
export async function capacityFacts(exec: Executor, zoneId: number, serviceId: number, from: Date, to: Date) {
  const eligible = await rowsOf<{ user_id: number }>(
    exec,
    sql`select p.user_id from professional_zones pz
      join professional_services ps on ps.professional_user_id = pz.professional_user_id and ps.service_id = ${serviceId}
      join professionals p on p.user_id = pz.professional_user_id
      join users u on u.id = p.user_id
      where pz.zone_id = ${zoneId} and u.active and p.available`,
  );
  const ids = eligible.map((r) => Number(r.user_id));
  if (ids.length === 0) return { professionals: [] as number[], held: [], waiting: [] };
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [held, waiting] = await Promise.all([
    rowsOf<{ professional_user_id: number; slot_start: unknown }>(
      exec,
      sql`select professional_user_id, slot_start from order_lines
        where professional_user_id in (${idList}) and state in ${HELD}
          and slot_start >= ${from.toISOString()}::timestamptz and slot_start < ${to.toISOString()}::timestamptz`,
    ),
    rowsOf<{ slot_start: unknown; n: number }>(
      exec,
      sql`select l.slot_start, count(*)::int as n from order_lines l
        where l.state = 'unassigned' and l.zone_id = ${zoneId}
          and l.slot_start >= ${from.toISOString()}::timestamptz and l.slot_start < ${to.toISOString()}::timestamptz
          and exists (select 1 from professional_services ps
                      where ps.service_id = l.service_id and ps.professional_user_id in (${idList}))
        group by l.slot_start`,
    ),
  ]);
  return {
    professionals: ids,
    held: held.map((r) => ({ userId: Number(r.professional_user_id), slotStart: toDate(r.slot_start) })),
    waiting: waiting.map((r) => ({ slotStart: toDate(r.slot_start), n: Number(r.n) })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Lists

export interface LineFilters {
  zoneId?: number;
  categoryId?: number;
  professionalUserId?: number;
  /** Slot range, as instants: [from, to). */
  slotFrom?: Date;
  slotTo?: Date;
  search?: string;
}

export interface Keyset {
  slotStart: Date;
  id: number;
}

function filterSql(f: LineFilters): SQL {
  const parts: SQL[] = [];
  if (f.zoneId !== undefined) parts.push(sql`l.zone_id = ${f.zoneId}`);
  if (f.categoryId !== undefined) parts.push(sql`l.category_id = ${f.categoryId}`);
  if (f.professionalUserId !== undefined) parts.push(sql`l.professional_user_id = ${f.professionalUserId}`);
  if (f.slotFrom) parts.push(sql`l.slot_start >= ${f.slotFrom.toISOString()}::timestamptz`);
  if (f.slotTo) parts.push(sql`l.slot_start < ${f.slotTo.toISOString()}::timestamptz`);
  const term = f.search?.trim();
  if (term) {
    if (/^[0-9]{1,9}$/.test(term)) parts.push(sql`l.order_id = ${Number(term)}`);
    else if (/^[0-9]{10}$/.test(term)) {
      parts.push(sql`l.customer_user_id in (select u.id from users u where u.mobile_no = ${term})`);
    } else {
      const like = likeTerm(term);
      parts.push(
        sql`(l.description ilike ${like} or l.customer_user_id in (select u.id from users u where u.full_name ilike ${like}))`,
      );
    }
  }
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/**
 * One keyset page of line ids in `states`, ordered by (slot, id) in `direction`: one index range per state
 * (order_lines_state_slot_idx) merged, so neither OFFSET nor a sort of the whole state is ever needed. `limit + 1`
 * rows come back so the caller knows whether a next page exists.
 */
export async function pageIds(
  exec: Executor,
  states: readonly string[],
  f: LineFilters,
  direction: 'asc' | 'desc',
  after: Keyset | null,
  limit: number,
): Promise<Keyset[]> {
  const dir = direction === 'asc' ? sql`asc` : sql`desc`;
  const cmp = direction === 'asc' ? sql`>` : sql`<`;
  const where = filterSql(f);
  const keyset = after
    ? sql`and (l.slot_start, l.id) ${cmp} (${after.slotStart.toISOString()}::timestamptz, ${after.id})`
    : sql``;
  const parts = states.map(
    (s) =>
      sql`(select l.id, l.slot_start from order_lines l where l.state = ${s} and ${where} ${keyset}
        order by l.slot_start ${dir}, l.id ${dir} limit ${limit})`,
  );
  const rows = await rowsOf<{ id: number; slot_start: unknown }>(
    exec,
    parts.length === 1
      ? parts[0]
      : sql`select * from (${sql.join(parts, sql` union all `)}) u order by u.slot_start ${dir}, u.id ${dir} limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), slotStart: toDate(r.slot_start) }));
}

/** How many lines match, counted up to `cap` (a count never walks more than cap + 1 index entries). */
export async function countCapped(exec: Executor, states: readonly string[], f: LineFilters, cap: number) {
  const stateList = sql.join(
    states.map((s) => sql`${s}`),
    sql`, `,
  );
  const [row] = await rowsOf<{ n: number }>(
    exec,
    sql`select count(*)::int as n from (select 1 from order_lines l where l.state in (${stateList}) and ${filterSql(f)}
      limit ${cap + 1}) t`,
  );
  return Number(row.n);
}

export interface LineRow {
  id: number;
  orderId: number;
  serviceId: number;
  description: string;
  categoryId: number;
  categoryName: string;
  quantity: number;
  slotStart: Date;
  state: string;
  zoneId: number | null;
  zoneName: string | null;
  city: string;
  pinCode: string;
  customerUserId: number;
  customerName: string;
  customerMobileNo: string;
  professionalUserId: number | null;
  professionalName: string | null;
  professionalMobileNo: string | null;
  totalPaise: number;
  placedAt: Date;
  stateChangedAt: Date;
  assignedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  rating: number | null;
  assignmentOverride: string | null;
  completionCode: string | null;
}

/** The lines of `ids` with everything the staff lists show (one statement; order is the caller's). */
export async function linesByIds(exec: Executor, ids: number[]): Promise<LineRow[]> {
  if (ids.length === 0) return [];
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf<Record<string, unknown>>(
    exec,
    sql`select l.id, l.order_id, l.service_id, l.description, l.category_id, cat.name as category_name, l.quantity,
        l.slot_start, l.state, l.zone_id, z.zone_name, o.city, o.pin_code, l.customer_user_id,
        c.full_name as customer_name, c.mobile_no as customer_mobile_no, l.professional_user_id,
        p.full_name as professional_name, p.mobile_no as professional_mobile_no, l.total_paise, o.created_at as placed_at,
        l.state_changed_at, l.assigned_at, l.completed_at, l.cancelled_at, l.cancel_reason, l.rating,
        l.assignment_override, l.completion_code
      from order_lines l
      join orders o on o.id = l.order_id
      join users c on c.id = l.customer_user_id
      join categories cat on cat.id = l.category_id
      left join users p on p.id = l.professional_user_id
      left join zones z on z.id = l.zone_id
      where l.id in (${idList})`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    orderId: Number(r.order_id),
    serviceId: Number(r.service_id),
    description: String(r.description),
    categoryId: Number(r.category_id),
    categoryName: String(r.category_name),
    quantity: Number(r.quantity),
    slotStart: toDate(r.slot_start),
    state: String(r.state),
    zoneId: r.zone_id === null ? null : Number(r.zone_id),
    zoneName: (r.zone_name as string | null) ?? null,
    city: String(r.city),
    pinCode: String(r.pin_code),
    customerUserId: Number(r.customer_user_id),
    customerName: String(r.customer_name),
    customerMobileNo: String(r.customer_mobile_no),
    professionalUserId: r.professional_user_id === null ? null : Number(r.professional_user_id),
    professionalName: (r.professional_name as string | null) ?? null,
    professionalMobileNo: (r.professional_mobile_no as string | null) ?? null,
    totalPaise: Number(r.total_paise),
    placedAt: toDate(r.placed_at),
    stateChangedAt: toDate(r.state_changed_at),
    assignedAt: toDateOrNull(r.assigned_at),
    completedAt: toDateOrNull(r.completed_at),
    cancelledAt: toDateOrNull(r.cancelled_at),
    cancelReason: (r.cancel_reason as string | null) ?? null,
    rating: r.rating === null ? null : Number(r.rating),
    assignmentOverride: (r.assignment_override as string | null) ?? null,
    completionCode: (r.completion_code as string | null) ?? null,
  }));
}

/** The line of `serviceId` in order `orderId` (one line per service in an order), or null. */
export async function lineIdOf(exec: Executor, orderId: number, serviceId: number): Promise<number | null> {
  const [row] = await rowsOf<{ id: number }>(
    exec,
    sql`select id from order_lines where order_id = ${orderId} and service_id = ${serviceId}`,
  );
  return row ? Number(row.id) : null;
}

/** The columns of a line the dispatch rules read. */
export const lineForRules = (exec: Executor, id: number) => ruleLine(exec, sql`id = ${id}`);

/** lineForRules of the line (OrderId, ServiceId). */
export const lineForRulesOf = (exec: Executor, orderId: number, serviceId: number) =>
  ruleLine(exec, sql`order_id = ${orderId} and service_id = ${serviceId}`);

async function ruleLine(exec: Executor, where: SQL) {
  const [row] = await rowsOf<Record<string, unknown>>(
    exec,
    sql`select id, service_id, zone_id, slot_start, professional_user_id, state from order_lines where ${where}`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    serviceId: Number(row.service_id),
    zoneId: row.zone_id === null ? null : Number(row.zone_id),
    slotStart: toDate(row.slot_start),
    professionalUserId: row.professional_user_id === null ? null : Number(row.professional_user_id),
    state: String(row.state),
  };
}

/** Who rejected a line, oldest first. */
export async function rejectionsOf(exec: Executor, lineId: number) {
  const rows = await rowsOf<Record<string, unknown>>(
    exec,
    sql`select r.professional_user_id, u.full_name, r.reason, r.at from order_line_rejections r
      join users u on u.id = r.professional_user_id where r.order_line_id = ${lineId} order by r.at, r.id`,
  );
  return rows.map((r) => ({
    professionalUserId: Number(r.professional_user_id),
    fullName: String(r.full_name),
    reason: (r.reason as string | null) ?? null,
    at: toDate(r.at),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Active professionals

export interface ProfessionalFilters {
  zoneId?: number;
  serviceId?: number;
  type?: 'Technician' | 'Engineer';
  available?: boolean;
  search?: string;
}

function professionalWhere(f: ProfessionalFilters): SQL {
  const parts: SQL[] = [sql`u.active`];
  if (f.zoneId !== undefined) {
    parts.push(
      sql`exists (select 1 from professional_zones pz where pz.professional_user_id = p.user_id and pz.zone_id = ${f.zoneId})`,
    );
  }
  if (f.serviceId !== undefined) {
    parts.push(
      sql`exists (select 1 from professional_services ps where ps.professional_user_id = p.user_id and ps.service_id = ${f.serviceId})`,
    );
  }
  if (f.type) parts.push(sql`p.professional_type = ${f.type}`);
  if (f.available !== undefined) parts.push(sql`p.available = ${f.available}`);
  const term = f.search?.trim();
  if (term) parts.push(sql`(u.full_name ilike ${likeTerm(term)} or u.mobile_no like ${likeTerm(term)})`);
  return sql.join(parts, sql` and `);
}

/** One page of active professionals by name, with their zones, rating and today's held lines. */
export async function activeProfessionals(
  exec: Executor,
  f: ProfessionalFilters,
  day: { start: Date; end: Date },
  page: { limit: number; offset: number },
) {
  const where = professionalWhere(f);
  const [rows, [{ n }]] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      exec,
      sql`select p.user_id, u.full_name, u.mobile_no, p.professional_type, p.available, p.rating_total, p.rating_count,
          hz.zone_name as home_zone_name,
          coalesce((select array_agg(z.zone_name order by z.zone_name) from professional_zones pz
                    join zones z on z.id = pz.zone_id where pz.professional_user_id = p.user_id), '{}') as zones,
          (select count(*) from order_lines j where j.professional_user_id = p.user_id and j.state in ${HELD}
            and j.slot_start >= ${day.start.toISOString()}::timestamptz
            and j.slot_start < ${day.end.toISOString()}::timestamptz)::int as today_jobs
        from professionals p join users u on u.id = p.user_id left join zones hz on hz.id = p.home_zone_id
        where ${where}
        order by u.full_name, p.user_id
        limit ${page.limit} offset ${page.offset}`,
    ),
    rowsOf<{ n: number }>(
      exec,
      sql`select count(*)::int as n from professionals p join users u on u.id = p.user_id where ${where}`,
    ),
  ]);
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      userId: Number(r.user_id),
      fullName: String(r.full_name),
      mobileNo: String(r.mobile_no),
      professionalType: r.professional_type as 'Technician' | 'Engineer',
      available: r.available === true,
      ratingTotal: Number(r.rating_total),
      ratingCount: Number(r.rating_count),
      homeZoneName: (r.home_zone_name as string | null) ?? null,
      zones: (r.zones as string[] | null) ?? [],
      todayJobs: Number(r.today_jobs),
    })),
  };
}

/** Whether a user exists and is a professional (for the 404 of an assignment to someone who is not one). */
export async function isProfessional(exec: Executor, userId: number): Promise<boolean> {
  const [row] = await exec
    .select({ id: professionals.userId })
    .from(professionals)
    .where(and(eq(professionals.userId, userId)));
  return row !== undefined;
}
