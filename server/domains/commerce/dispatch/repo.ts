import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rawRows } from '../../../db/rows';
import { professionals, users } from '../../../db/schema';

/** The states a professional holds a line in: these occupy their slot and count as their load. */
export const HELD = sql`('assigned', 'accepted')`;

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
  const [row] = await rawRows(
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
    {
      servesZone: 'bool',
      hasSkill: 'bool',
      overlappingLineId: 'int?',
      rejectedBefore: 'bool',
      zoneName: 'text?',
      serviceName: 'text?',
    },
  );
  return row;
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
  const rows = await rawRows(
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
    {
      lineId: 'int',
      userId: 'int',
      fullName: 'text',
      mobileNo: 'text',
      professionalType: 'text',
      ratingTotal: 'int',
      ratingCount: 'int',
      todayJobs: 'int',
      zoneDistance: 'int',
      zoneName: 'text',
      serviceName: 'text?',
    },
  );
  return rows.map((r) => ({
    ...r,
    professionalType: r.professionalType as SuggestionRow['professionalType'],
    zoneDistance: r.zoneDistance as SuggestionRow['zoneDistance'],
    serviceName: r.serviceName ?? '',
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Slot capacity

/** The zone of a pincode (null when no zone lists it). */
export async function zoneOfPincode(exec: Executor, pinCode: string): Promise<number | null> {
  const [row] = await rawRows(exec, sql`select zone_id from zone_pincodes where pin_code = ${pinCode}`, {
    zoneId: 'int',
  });
  return row ? row.zoneId : null;
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
  const rows = await rawRows(
    exec,
    // A list of known length, not unnest of an array parameter, whose length a generic plan guesses: planned again
    // on every call otherwise.
    sql`select s.id as service_id from (values ${sql.join(
      serviceIds.map((id) => sql`(${id}::int)`),
      sql`, `,
    )}) as s(id)
      where ${covers(sql`${zoneId}::int`, sql`s.id`)}`,
    { serviceId: 'int' },
  );
  return new Set(rows.map((r) => r.serviceId));
}

/** The zone of a pincode and whether dispatch covers the service there (covers), in one statement. */
export async function zoneAndCoverage(
  exec: Executor,
  /** A pincode, or a subquery answering one (the customer's default address's: one round trip, not two). */
  pinCode: string | SQL,
  serviceId: number,
): Promise<{ zoneId: number; covered: boolean } | null> {
  const [row] = await rawRows(
    exec,
    sql`select zp.zone_id, ${covers(sql`zp.zone_id`, sql`${serviceId}::int`)} as covered
      from zone_pincodes zp where zp.pin_code = ${pinCode}`,
    { zoneId: 'int', covered: 'bool' },
  );
  return row ?? null;
}

/**
 * What slot capacity reads for one zone and service over a window: the professionals who could take such a line
 * (serve the zone, have the skill, active, available), the slots each already holds, and the unassigned lines in the
 * zone waiting in those slots for one of them (by any service one of them can do).
 */
export async function capacityFacts(exec: Executor, zoneId: number, serviceId: number, from: Date, to: Date) {
  const eligible = await rawRows(
    exec,
    sql`select p.user_id from professional_zones pz
      join professional_services ps on ps.professional_user_id = pz.professional_user_id and ps.service_id = ${serviceId}
      join professionals p on p.user_id = pz.professional_user_id
      join users u on u.id = p.user_id
      where pz.zone_id = ${zoneId} and u.active and p.available`,
    { userId: 'int' },
  );
  const ids = eligible.map((r) => r.userId);
  if (ids.length === 0) return { professionals: [] as number[], held: [], waiting: [] };
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [held, waiting] = await Promise.all([
    rawRows(
      exec,
      sql`select professional_user_id, slot_start from order_lines
        where professional_user_id in (${idList}) and state in ${HELD}
          and slot_start >= ${from.toISOString()}::timestamptz and slot_start < ${to.toISOString()}::timestamptz`,
      { professionalUserId: 'int', slotStart: 'timestamp' },
    ),
    rawRows(
      exec,
      sql`select l.slot_start, count(*)::int as n from order_lines l
        where l.state = 'unassigned' and l.zone_id = ${zoneId}
          and l.slot_start >= ${from.toISOString()}::timestamptz and l.slot_start < ${to.toISOString()}::timestamptz
          and exists (select 1 from professional_services ps
                      where ps.service_id = l.service_id and ps.professional_user_id in (${idList}))
        group by l.slot_start`,
      { slotStart: 'timestamp', n: 'int' },
    ),
  ]);
  return {
    professionals: ids,
    held: held.map((r) => ({ userId: r.professionalUserId, slotStart: r.slotStart })),
    waiting,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One line

/** The line of `serviceId` in order `orderId` (one line per service in an order), or null. */
export async function lineIdOf(exec: Executor, orderId: number, serviceId: number): Promise<number | null> {
  const [row] = await rawRows(
    exec,
    sql`select id from order_lines where order_id = ${orderId} and service_id = ${serviceId}`,
    { id: 'int' },
  );
  return row ? row.id : null;
}

/** The columns of a line the dispatch rules read. */
export const lineForRules = (exec: Executor, id: number) => ruleLine(exec, sql`id = ${id}`);

/** lineForRules of the line (OrderId, ServiceId). */
export const lineForRulesOf = (exec: Executor, orderId: number, serviceId: number) =>
  ruleLine(exec, sql`order_id = ${orderId} and service_id = ${serviceId}`);

async function ruleLine(exec: Executor, where: SQL) {
  const [row] = await rawRows(
    exec,
    sql`select id, service_id, zone_id, slot_start, professional_user_id, state from order_lines where ${where}`,
    {
      id: 'int',
      serviceId: 'int',
      zoneId: 'int?',
      slotStart: 'timestamp',
      professionalUserId: 'int?',
      state: 'text',
    },
  );
  return row ?? null;
}
