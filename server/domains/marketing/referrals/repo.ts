import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../../db/client';
import { likeTerm, type PageQuery, pageFor, pageOf } from '../../../db/paging';
import { rawRows } from '../../../db/rows';
import {
  customerAddresses,
  customers,
  orderLines,
  type ReferralStatus,
  referralCosts,
  referrals,
  users,
} from '../../../db/schema';
import type { Paise } from '../../../money';

export type { ReferralStatus };

// ---- The referral cost (SetReferralCost): every change is a row; the newest is in force. ----

const setter = alias(users, 'setter');
const costColumns = {
  id: referralCosts.id,
  costPaise: referralCosts.costPaise,
  setAt: referralCosts.setAt,
  setById: referralCosts.setBy,
  setByName: setter.fullName,
};
export type CostRow = { id: number; costPaise: Paise; setAt: Date; setById: number | null; setByName: string | null };

/** The cost in force: the newest row (none: nothing was ever set). */
export const currentCost = async (exec: Executor): Promise<CostRow | undefined> =>
  (
    await exec
      .select(costColumns)
      .from(referralCosts)
      .leftJoin(setter, eq(setter.id, referralCosts.setBy))
      .orderBy(desc(referralCosts.id))
      .limit(1)
  )[0];

export const insertCost = async (tx: Tx, costPaise: Paise, setBy: number, setAt: Date) =>
  (
    await tx
      .insert(referralCosts)
      .values({ costPaise, setBy, setAt })
      .returning({ id: referralCosts.id, costPaise: referralCosts.costPaise, setAt: referralCosts.setAt })
  )[0];

/** The referral update history, newest first. */
export async function pageCosts(exec: Executor, q: PageQuery) {
  const found = await pageFor(
    q,
    exec.select(costColumns).from(referralCosts).leftJoin(setter, eq(setter.id, referralCosts.setBy)).$dynamic(),
    exec.select({ total: count() }).from(referralCosts).$dynamic(),
    undefined,
    [desc(referralCosts.id)],
  );
  return { ...found, items: found.items as CostRow[] };
}

/**
 * Serialises cost changes against each other, so "the newest row" is the one committed last; sign-ups reading the
 * cost are not blocked.
 */
export const lockCostWrites = (tx: Tx) => tx.execute(sql`lock table ${referralCosts} in share row exclusive mode`);

// ---- Referrals ----

export const insertReferral = async (
  tx: Tx,
  r: { referrerUserId: number; referredUserId: number; costPaise: Paise; createdAt?: Date },
) => (await tx.insert(referrals).values(r).returning({ id: referrals.id }))[0].id;

export type ReferralLock = {
  id: number;
  referrerUserId: number;
  referredUserId: number;
  costPaise: Paise;
  status: ReferralStatus;
};

/**
 * The referred customer's referral, locked, while it is still pending. A completion that waited for another's lock
 * reads the row again after that one commits (READ COMMITTED re-checks the WHERE), finds it settled and gets nothing.
 */
export const lockPending = async (tx: Tx, referredUserId: number): Promise<ReferralLock | undefined> =>
  (
    await tx
      .select({
        id: referrals.id,
        referrerUserId: referrals.referrerUserId,
        referredUserId: referrals.referredUserId,
        costPaise: referrals.costPaise,
        status: referrals.status,
      })
      .from(referrals)
      .where(and(eq(referrals.referredUserId, referredUserId), eq(referrals.status, 'pending')))
      .for('update')
  )[0];

export const settle = (
  tx: Tx,
  id: number,
  patch: {
    status: Exclude<ReferralStatus, 'pending'>;
    refusedReason?: string | null;
    orderLineId: number | null;
    transferId?: number | null;
    settledAt: Date;
  },
) => tx.update(referrals).set(patch).where(eq(referrals.id, id));

export interface Party {
  id: number;
  fullName: string;
  mobileNo: string;
  phone: string | null;
  email: string | null;
  address: { address: string; pinCode: string; city: string; receiverMobileNo: string } | null;
}

/** What the self-referral rules compare: the person's numbers, e-mail and default address. */
export async function party(exec: Executor, userId: number): Promise<Party | undefined> {
  const [row] = await exec
    .select({
      id: users.id,
      fullName: users.fullName,
      mobileNo: users.mobileNo,
      phone: users.phone,
      email: users.email,
      address: customerAddresses.address,
      pinCode: customerAddresses.pinCode,
      city: customerAddresses.city,
      receiverMobileNo: customerAddresses.receiverMobileNo,
    })
    .from(users)
    .leftJoin(
      customerAddresses,
      and(eq(customerAddresses.customerUserId, users.id), eq(customerAddresses.isDefault, true)),
    )
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const { address, pinCode, city, receiverMobileNo, ...person } = row;
  return {
    ...person,
    address:
      address !== null && pinCode !== null && city !== null && receiverMobileNo !== null
        ? { address, pinCode, city, receiverMobileNo }
        : null,
  };
}

/** The order a line belongs to (shown in the histories). */
export const orderOfLine = async (exec: Executor, lineId: number) =>
  (await exec.select({ orderId: orderLines.orderId }).from(orderLines).where(eq(orderLines.id, lineId)))[0]?.orderId ??
  null;

// ---- Histories ----

const referrer = alias(users, 'referrer');
const referred = alias(users, 'referred');
const referrerProfile = alias(customers, 'referrer_profile');

const historyColumns = {
  id: referrals.id,
  referrerId: referrals.referrerUserId,
  referrerName: referrer.fullName,
  referrerMobileNo: referrer.mobileNo,
  referrerCode: referrerProfile.referralCode,
  referredId: referrals.referredUserId,
  referredName: referred.fullName,
  referredMobileNo: referred.mobileNo,
  costPaise: referrals.costPaise,
  status: referrals.status,
  refusedReason: referrals.refusedReason,
  orderLineId: referrals.orderLineId,
  orderId: orderLines.orderId,
  transferId: referrals.transferId,
  createdAt: referrals.createdAt,
  settledAt: referrals.settledAt,
};
export type HistoryRow = {
  id: number;
  referrerId: number;
  referrerName: string;
  referrerMobileNo: string;
  referrerCode: string | null;
  referredId: number;
  referredName: string;
  referredMobileNo: string;
  costPaise: Paise;
  status: ReferralStatus;
  refusedReason: string | null;
  orderLineId: number | null;
  orderId: number | null;
  transferId: number | null;
  createdAt: Date;
  settledAt: Date | null;
};

export interface HistoryQuery extends PageQuery {
  status?: ReferralStatus | 'all';
  from?: string;
  to?: string;
  sort?: 'signedUpAt' | 'settledAt' | 'cost';
  /** Only this referrer's referrals (the customer's own history). */
  referrerUserId?: number;
}

/** Days are India's: `from` starts at its midnight, `to` includes its whole day. */
function historyWhere(q: HistoryQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (q.referrerUserId !== undefined) where.push(eq(referrals.referrerUserId, q.referrerUserId));
  if (q.status && q.status !== 'all') where.push(eq(referrals.status, q.status));
  if (q.from) where.push(gte(referrals.createdAt, sql`(${q.from}::date)::timestamp at time zone 'Asia/Kolkata'`));
  if (q.to) where.push(lt(referrals.createdAt, sql`(${q.to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`));
  if (q.search?.trim()) {
    const term = likeTerm(q.search);
    where.push(
      or(
        ilike(referrer.fullName, term),
        ilike(referrer.mobileNo, term),
        ilike(referrerProfile.referralCode, term),
        ilike(referred.fullName, term),
        ilike(referred.mobileNo, term),
      ),
    );
  }
  return and(...where);
}

/** Who referred whom, with the status and the amount: newest sign-up first unless sorted otherwise. */
export async function pageReferrals(exec: Executor, q: HistoryQuery) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const where = historyWhere(q);
  const dir = q.order === 'asc' ? asc : desc;
  const sortBy: Record<NonNullable<HistoryQuery['sort']>, SQL[]> = {
    signedUpAt: [dir(referrals.createdAt)],
    // Settled ones by when; the pending ones last either way.
    settledAt: [sql`${referrals.settledAt} is null`, dir(referrals.settledAt)],
    cost: [dir(referrals.costPaise)],
  };
  const items: HistoryRow[] = await exec
    .select(historyColumns)
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referrerUserId))
    .innerJoin(referred, eq(referred.id, referrals.referredUserId))
    .leftJoin(referrerProfile, eq(referrerProfile.userId, referrals.referrerUserId))
    .leftJoin(orderLines, eq(orderLines.id, referrals.orderLineId))
    .where(where)
    .orderBy(...sortBy[q.sort ?? 'signedUpAt'], dir(referrals.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await exec
    .select({ n: count() })
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referrerUserId))
    .innerJoin(referred, eq(referred.id, referrals.referredUserId))
    .leftJoin(referrerProfile, eq(referrerProfile.userId, referrals.referrerUserId))
    .where(where);
  return { items, total: n, page, pageSize };
}

/** A customer's referral code and what their referrals have paid them so far. */
export async function codeAndEarnings(exec: Executor, userId: number) {
  const [row] = await exec
    .select({
      referralCode: customers.referralCode,
      earnedPaise:
        sql<number>`(select coalesce(sum(${referrals.costPaise}), 0) from ${referrals} where ${referrals.referrerUserId} = ${customers.userId} and ${referrals.status} = 'paid')`.mapWith(
          Number,
        ),
      pendingPaise:
        sql<number>`(select coalesce(sum(${referrals.costPaise}), 0) from ${referrals} where ${referrals.referrerUserId} = ${customers.userId} and ${referrals.status} = 'pending')`.mapWith(
          Number,
        ),
    })
    .from(customers)
    .where(eq(customers.userId, userId));
  return row;
}

// ---- The programme over time (/share/sharerefral) ----

export type BucketUnit = 'day' | 'week';

/**
 * Sign-ups with a referral code made in [from, to) per India day or week (Monday), every bucket of the range present
 * (zeros included), with how many of them have been paid so far; and the totals of the range by status.
 */
export async function signupSeries(exec: Executor, from: Date, to: Date, unit: BucketUnit) {
  const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const bucket =
    unit === 'day'
      ? sql`(r.created_at at time zone 'Asia/Kolkata')::date`
      : sql`date_trunc('week', r.created_at at time zone 'Asia/Kolkata')::date`;
  const first =
    unit === 'day'
      ? sql`(${ts(from)} at time zone 'Asia/Kolkata')::date`
      : sql`date_trunc('week', ${ts(from)} at time zone 'Asia/Kolkata')::date`;
  const last = sql`((${ts(to)} - interval '1 microsecond') at time zone 'Asia/Kolkata')::date`;
  const step = unit === 'day' ? sql`interval '1 day'` : sql`interval '1 week'`;
  return rawRows(
    exec,
    sql`
    with r as (
      select ${bucket} as b, r.status
        from ${referrals} r
       where r.created_at >= ${ts(from)} and r.created_at < ${ts(to)}
    ), series as (
      select g::date as b from generate_series(${first}::timestamp, ${last}::timestamp, ${step}) g
    )
    select to_char(s.b, 'YYYY-MM-DD') as start,
           count(r.b)::int as signups,
           count(r.b) filter (where r.status = 'paid')::int as paid
      from series s
      left join r on r.b = s.b
     group by s.b
     order by s.b`,
    { start: 'text', signups: 'int', paid: 'int' },
  );
}

/** Every referral's totals by status (counts and amounts), whenever made. */
export async function totals(exec: Executor) {
  const rows = await rawRows(
    exec,
    sql`
    select r.status, count(*)::int as n, coalesce(sum(r.cost_paise), 0)::bigint as paise
      from ${referrals} r
     group by r.status`,
    { status: 'text', n: 'int', paise: 'bigint' },
  );
  // The column holds only referral statuses.
  return rows.map((r) => ({ status: r.status as ReferralStatus, count: r.n, paise: r.paise }));
}

/** Seed data only (referrals service backdateSignupForSeed). */
export const backdateForSeed = (tx: Tx, referredUserId: number, at: Date) =>
  tx.update(referrals).set({ createdAt: at }).where(eq(referrals.referredUserId, referredUserId));
