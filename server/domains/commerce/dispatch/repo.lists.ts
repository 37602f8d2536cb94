import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { likeTerm } from '../../../db/paging';
import { rawRows } from '../../../db/rows';
import { HELD } from './repo';

/** The staff lists of order lines and the active professionals: filtered keyset pages and their rows. */

export interface LineFilters {
  zoneId?: number;
  categoryId?: number;
  professionalUserId?: number;
  /** Slot range, as instants: [from, to). */
  slotFrom?: Date;
  slotTo?: Date;
  /** When the line was placed, and cancelled: [from, to). */
  placedFrom?: Date;
  placedTo?: Date;
  cancelledFrom?: Date;
  cancelledTo?: Date;
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
  if (f.placedFrom) parts.push(sql`l.created_at >= ${f.placedFrom.toISOString()}::timestamptz`);
  if (f.placedTo) parts.push(sql`l.created_at < ${f.placedTo.toISOString()}::timestamptz`);
  if (f.cancelledFrom) parts.push(sql`l.cancelled_at >= ${f.cancelledFrom.toISOString()}::timestamptz`);
  if (f.cancelledTo) parts.push(sql`l.cancelled_at < ${f.cancelledTo.toISOString()}::timestamptz`);
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
  return rawRows(
    exec,
    parts.length === 1
      ? parts[0]
      : sql`select * from (${sql.join(parts, sql` union all `)}) u order by u.slot_start ${dir}, u.id ${dir} limit ${limit}`,
    { id: 'int', slotStart: 'timestamp' },
  );
}

/** How many lines match, counted up to `cap` (a count never walks more than cap + 1 index entries). */
export async function countCapped(exec: Executor, states: readonly string[], f: LineFilters, cap: number) {
  const stateList = sql.join(
    states.map((s) => sql`${s}`),
    sql`, `,
  );
  const [row] = await rawRows(
    exec,
    sql`select count(*)::int as n from (select 1 from order_lines l where l.state in (${stateList}) and ${filterSql(f)}
      limit ${cap + 1}) t`,
    { n: 'int' },
  );
  return row.n;
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
  return rawRows(
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
    {
      id: 'int',
      orderId: 'int',
      serviceId: 'int',
      description: 'text',
      categoryId: 'int',
      categoryName: 'text',
      quantity: 'int',
      slotStart: 'timestamp',
      state: 'text',
      zoneId: 'int?',
      zoneName: 'text?',
      city: 'text',
      pinCode: 'text',
      customerUserId: 'int',
      customerName: 'text',
      customerMobileNo: 'text',
      professionalUserId: 'int?',
      professionalName: 'text?',
      professionalMobileNo: 'text?',
      totalPaise: 'bigint',
      placedAt: 'timestamp',
      stateChangedAt: 'timestamp',
      assignedAt: 'timestamp?',
      completedAt: 'timestamp?',
      cancelledAt: 'timestamp?',
      cancelReason: 'text?',
      rating: 'int?',
      assignmentOverride: 'text?',
      completionCode: 'text?',
    },
  );
}

/** Who rejected a line, oldest first. */
export async function rejectionsOf(exec: Executor, lineId: number) {
  return rawRows(
    exec,
    sql`select r.professional_user_id, u.full_name, r.reason, r.at from order_line_rejections r
      join users u on u.id = r.professional_user_id where r.order_line_id = ${lineId} order by r.at, r.id`,
    { professionalUserId: 'int', fullName: 'text', reason: 'text?', at: 'timestamp' },
  );
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
    rawRows(
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
      {
        userId: 'int',
        fullName: 'text',
        mobileNo: 'text',
        professionalType: 'text',
        available: 'bool',
        ratingTotal: 'int',
        ratingCount: 'int',
        homeZoneName: 'text?',
        zones: 'json',
        todayJobs: 'int',
      },
    ),
    rawRows(exec, sql`select count(*)::int as n from professionals p join users u on u.id = p.user_id where ${where}`, {
      n: 'int',
    }),
  ]);
  return {
    total: n,
    rows: rows.map((r) => ({
      ...r,
      professionalType: r.professionalType as 'Technician' | 'Engineer',
      zones: r.zones as string[],
    })),
  };
}
