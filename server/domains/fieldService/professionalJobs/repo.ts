import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { pageAndTotal } from '../../../db/paging';
import { rawRows } from '../../../db/rows';
import {
  orderLineRejections,
  orderLines,
  orders,
  professionals,
  professionalTips,
  users,
  zones,
} from '../../../db/schema';

type LineState = (typeof orderLines.$inferSelect)['state'];

/** The states in which a professional holds a line: they occupy its slot. */
export const HELD_STATES: LineState[] = ['assigned', 'accepted'];

/** A professional named by mobile number (TE users only), with their profile when they have one. */
export async function professionalByMobile(exec: Executor, mobileNo: string) {
  const [row] = await exec
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobileNo, mobileNo), eq(users.role, 'TE')));
  return row ?? null;
}

/** The switch, the rating figures and whether the profile exists (a TE user without one has no zones or skills). */
export async function profileOf(exec: Executor, userId: number) {
  const [row] = await exec
    .select({
      available: professionals.available,
      ratingCount: professionals.ratingCount,
      ratingTotal: professionals.ratingTotal,
    })
    .from(professionals)
    .where(eq(professionals.userId, userId));
  return row ?? null;
}

export async function setAvailable(exec: Executor, userId: number, available: boolean, now: Date) {
  const [before] = await exec
    .select({ available: professionals.available })
    .from(professionals)
    .where(eq(professionals.userId, userId))
    .for('update');
  if (!before) return null;
  await exec.update(professionals).set({ available, updatedAt: now }).where(eq(professionals.userId, userId));
  return before.available;
}

const jobColumns = {
  id: orderLines.id,
  orderId: orderLines.orderId,
  serviceId: orderLines.serviceId,
  description: orderLines.description,
  quantity: orderLines.quantity,
  slotStart: orderLines.slotStart,
  state: orderLines.state,
  professionalUserId: orderLines.professionalUserId,
  customerName: orders.customerName,
  city: orders.city,
  pinCode: orders.pinCode,
  placeAddress: orders.placeAddress,
  receiverMobileNo: orders.receiverMobileNo,
  zoneName: zones.zoneName,
  completedAt: orderLines.completedAt,
  rating: orderLines.rating,
  review: orderLines.review,
  reviewHiddenAt: orderLines.reviewHiddenAt,
};
export type JobRow = Awaited<ReturnType<typeof jobsPage>>['items'][number];

async function jobsPage(
  exec: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
  withTip = false,
) {
  const base = exec
    .select({
      ...jobColumns,
      tipPaise: withTip
        ? sql<number>`coalesce(${professionalTips.amountPaise}, 0)`.mapWith(Number)
        : sql<number>`0`.mapWith(Number),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(zones, eq(zones.id, orderLines.zoneId));
  const joined = withTip ? base.leftJoin(professionalTips, eq(professionalTips.orderLineId, orderLines.id)) : base;
  const { rows: items, total: n } = await pageAndTotal(
    joined.$dynamic(),
    exec.select({ total: count() }).from(orderLines).$dynamic(),
    where,
    orderBy,
    { limit, offset },
  );
  return { items, total: n };
}

/**
 * The unassigned lines professional `p` could take: in one of their zones, of one of their skills, slot not yet
 * ended, never rejected by them, and no line they hold in the same slot (slots are one-hour windows on the hour, so
 * the same start is an overlap: the dispatch rule). Oldest slot first (order_lines_state_slot_idx).
 */
export function openJobsFor(exec: Executor, p: number, now: Date, slotMs: number, limit: number, offset: number) {
  const where = and(
    eq(orderLines.state, 'unassigned'),
    gte(orderLines.slotStart, new Date(now.getTime() - slotMs)),
    sql`${orderLines.zoneId} in (select zone_id from professional_zones where professional_user_id = ${p})`,
    sql`${orderLines.serviceId} in (select service_id from professional_services where professional_user_id = ${p})`,
    sql`not exists (select 1 from order_line_rejections r where r.order_line_id = ${orderLines.id} and r.professional_user_id = ${p})`,
    sql`not exists (select 1 from order_lines h where h.professional_user_id = ${p} and h.state in ('assigned', 'accepted') and h.slot_start = ${orderLines.slotStart})`,
  );
  return jobsPage(exec, where, [asc(orderLines.slotStart), asc(orderLines.id)], limit, offset);
}

/** Lines professional `p` holds in `states`, soonest slot first (order_lines_professional_slot_idx). */
export function heldJobs(exec: Executor, p: number, states: LineState[], limit: number, offset: number) {
  const where = and(eq(orderLines.professionalUserId, p), inArray(orderLines.state, states));
  return jobsPage(exec, where, [asc(orderLines.slotStart), asc(orderLines.id)], limit, offset);
}

/** Accepted jobs still to do, soonest first, or completed ones, latest completion first; slots within [from, to). */
export function acceptedJobs(
  exec: Executor,
  p: number,
  when: 'open' | 'done',
  range: { from?: Date; to?: Date },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(orderLines.professionalUserId, p),
    inArray(orderLines.state, when === 'open' ? ['accepted'] : ['completed', 'rated']),
    range.from ? gte(orderLines.slotStart, range.from) : undefined,
    range.to ? lt(orderLines.slotStart, range.to) : undefined,
  );
  const orderBy =
    when === 'open'
      ? [asc(orderLines.slotStart), asc(orderLines.id)]
      : [desc(orderLines.completedAt), desc(orderLines.id)];
  return jobsPage(exec, where, orderBy, limit, offset, true);
}

/** The lines professional `p` rejected, latest rejection first. */
export async function rejectedJobs(exec: Executor, p: number, limit: number, offset: number) {
  const where = eq(orderLineRejections.professionalUserId, p);
  const { rows: items, total: n } = await pageAndTotal(
    exec
      .select({
        rejectionId: orderLineRejections.id,
        lineId: orderLines.id,
        orderId: orderLines.orderId,
        serviceId: orderLines.serviceId,
        description: orderLines.description,
        slotStart: orderLines.slotStart,
        city: orders.city,
        pinCode: orders.pinCode,
        zoneName: zones.zoneName,
        reason: orderLineRejections.reason,
        at: orderLineRejections.at,
      })
      .from(orderLineRejections)
      .innerJoin(orderLines, eq(orderLines.id, orderLineRejections.orderLineId))
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .leftJoin(zones, eq(zones.id, orderLines.zoneId))
      .$dynamic(),
    exec.select({ total: count() }).from(orderLineRejections).$dynamic(),
    where,
    [desc(orderLineRejections.at), desc(orderLineRejections.id)],
    { limit, offset },
  );
  return { items, total: n };
}

/** Every line of professional `p` whose slot starts in [from, to), in slot order: the dashboard's day. */
export async function dayJobs(exec: Executor, p: number, from: Date, to: Date) {
  const where = and(
    eq(orderLines.professionalUserId, p),
    gte(orderLines.slotStart, from),
    lt(orderLines.slotStart, to),
  );
  return (await jobsPage(exec, where, [asc(orderLines.slotStart), asc(orderLines.id)], 200, 0)).items;
}

/** The dashboard's counts: open jobs whose slot has not ended, completions and rejections since `monthStart`. */
export async function dashboardCounts(exec: Executor, p: number, now: Date, slotMs: number, monthStart: Date) {
  const [[held], [rejected]] = await Promise.all([
    exec
      .select({
        upcoming:
          sql<number>`count(*) filter (where ${orderLines.state} in ('assigned', 'accepted') and ${orderLines.slotStart} > ${new Date(now.getTime() - slotMs)})`.mapWith(
            Number,
          ),
        completed:
          sql<number>`count(*) filter (where ${orderLines.state} in ('completed', 'rated') and ${orderLines.completedAt} >= ${monthStart})`.mapWith(
            Number,
          ),
      })
      .from(orderLines)
      .where(eq(orderLines.professionalUserId, p)),
    exec
      .select({ n: count() })
      .from(orderLineRejections)
      .where(and(eq(orderLineRejections.professionalUserId, p), gte(orderLineRejections.at, monthStart))),
  ]);
  return { upcoming: held.upcoming, completedThisMonth: held.completed, rejectedThisMonth: rejected.n };
}

/** The line a professional names, as their request reads it (by id). */
export async function lineById(exec: Executor, id: number) {
  const [row] = await exec
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      customerUserId: orderLines.customerUserId,
      state: orderLines.state,
      professionalUserId: orderLines.professionalUserId,
    })
    .from(orderLines)
    .where(eq(orderLines.id, id));
  return row ?? null;
}

/** The line of `serviceId` in order `orderId` (one line per service in an order). */
export async function lineOf(exec: Executor, orderId: number, serviceId: number) {
  const [row] = await exec
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.serviceId, serviceId)));
  return row ?? null;
}

/** The line locked for a completion attempt (the same row lock applyLineEvent takes, so attempts queue). */
export async function lockForCompletion(exec: Executor, id: number) {
  const [row] = await exec
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      customerUserId: orderLines.customerUserId,
      description: orderLines.description,
      slotStart: orderLines.slotStart,
      state: orderLines.state,
      professionalUserId: orderLines.professionalUserId,
      completionCode: orderLines.completionCode,
      completionAttempts: orderLines.completionAttempts,
    })
    .from(orderLines)
    .where(eq(orderLines.id, id))
    .for('update');
  return row ?? null;
}

export async function setCompletionAttempts(exec: Executor, id: number, attempts: number) {
  await exec.update(orderLines).set({ completionAttempts: attempts }).where(eq(orderLines.id, id));
}

/**
 * The order's tip and whether another of its lines was already completed, with the order row locked: completions of
 * an order's lines and the cancellation of its last line queue here, so the tip is owed once or refunded, never both.
 */
export async function lockOrderForTip(exec: Executor, orderId: number, exceptLineId: number) {
  const [order] = await exec
    .select({ id: orders.id, status: orders.status, tipPaise: orders.tipPaise })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  const [{ n }] = await exec
    .select({ n: count() })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.orderId, orderId),
        ne(orderLines.id, exceptLineId),
        inArray(orderLines.state, ['completed', 'rated']),
      ),
    );
  return { ...order, otherCompleted: n };
}

/** Owes a line's tip to its professional; the primary key (the line) makes a replay owe nothing more. */
export async function oweTip(exec: Executor, row: typeof professionalTips.$inferInsert) {
  const made = await exec
    .insert(professionalTips)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: professionalTips.orderLineId });
  return made.length > 0;
}

/**
 * The professionals who could take line `lineId` now (its zone and skill, active, available, never rejected it, free
 * in its slot): the live event of a job back in the pool goes to them.
 */
export async function couldTake(exec: Executor, lineId: number, limit = 500): Promise<number[]> {
  const rows = await rawRows(
    exec,
    sql`
    select p.user_id from order_lines l
      join professional_zones pz on pz.zone_id = l.zone_id
      join professional_services ps on ps.professional_user_id = pz.professional_user_id and ps.service_id = l.service_id
      join professionals p on p.user_id = pz.professional_user_id
      join users u on u.id = p.user_id
    where l.id = ${lineId} and u.active and p.available
      and not exists (select 1 from order_line_rejections r where r.order_line_id = l.id and r.professional_user_id = p.user_id)
      and not exists (select 1 from order_lines h where h.professional_user_id = p.user_id
                        and h.state in ('assigned', 'accepted') and h.slot_start = l.slot_start and h.id <> l.id)
    order by p.user_id
    limit ${limit}`,
    { userId: 'int' },
  );
  return rows.map((r) => r.userId);
}

/** Tips owed and not yet paid, for checks and the demo seed's consistency. */
export async function unpaidTipsOf(exec: Executor, p: number) {
  const [row] = await exec
    .select({ n: count(), total: sql<number>`coalesce(sum(${professionalTips.amountPaise}), 0)`.mapWith(Number) })
    .from(professionalTips)
    .where(and(eq(professionalTips.professionalUserId, p), isNull(professionalTips.paidAt)));
  return row;
}

/**
 * Seed only: every professional's rating figures recomputed from their rated lines (what the rating writes keep
 * them at), so demo data made in any order ends consistent.
 */
export async function resyncRatingsForSeed(exec: Executor) {
  await exec.execute(sql`
    update professionals p set rating_count = coalesce(s.n, 0), rating_total = coalesce(s.total, 0)
    from (select pr.user_id, r.n, r.total from professionals pr
          left join (select professional_user_id, count(*)::int as n, sum(rating)::int as total from order_lines
                     where rating is not null and professional_user_id is not null
                     group by professional_user_id) r on r.professional_user_id = pr.user_id) s
    where s.user_id = p.user_id`);
}
