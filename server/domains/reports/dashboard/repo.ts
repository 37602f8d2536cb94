import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rawRows } from '../../../db/rows';
import {
  candidates,
  coupons,
  homeScreenAds,
  ledgerAccounts,
  orderLines,
  orders,
  productRequests,
} from '../../../db/schema';

/**
 * The admin dashboard's aggregates (decision 061) beside the sales rollup's (reports/sales): counts and sums the
 * database computed; the only rows that reach Node are one per top cancellation reason. Date ranges are instants
 * [start, end) the service derives from India days, so each condition is an index range on a date column
 * (migration 0022): orders_paid_created_idx, order_lines_created_idx, order_lines_cancelled_idx.
 */

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Orders paid and placed in [start, end): how many, and their totals (GST and tips included). */
export async function paidOrders(exec: Executor, start: Date, end: Date) {
  const [row] = await rawRows(
    exec,
    sql`
    select count(*)::int as n, coalesce(sum(o.total_paise), 0)::bigint as paise
      from ${orders} o
     where o.status = 'order created' and o.created_at >= ${ts(start)} and o.created_at < ${ts(end)}`,
    { n: 'int', paise: 'bigint' },
  );
  return row;
}

/** Lines placed in [start, end), by the staff list that holds them now (the dispatch lists' states). */
export async function linesPlacedByList(exec: Executor, start: Date, end: Date) {
  const [row] = await rawRows(
    exec,
    sql`
    select count(*) filter (where l.state = 'unassigned')::int as unassigned,
           count(*) filter (where l.state in ('assigned', 'accepted'))::int as assigned,
           count(*) filter (where l.state in ('completed', 'rated'))::int as completed,
           count(*) filter (where l.state = 'cancelled')::int as cancelled
      from ${orderLines} l
     where l.created_at >= ${ts(start)} and l.created_at < ${ts(end)}`,
    { unassigned: 'int', assigned: 'int', completed: 'int', cancelled: 'int' },
  );
  return row;
}

/**
 * Unassigned lines by when they were placed: from `today` on, from `twoDays` (yesterday and the day before), from
 * `sevenDays` (3–7 days ago), and before that. One pass over the unassigned state (order_lines_state_idx).
 */
export async function unassignedByAge(exec: Executor, today: Date, twoDays: Date, sevenDays: Date) {
  const [row] = await rawRows(
    exec,
    sql`
    select count(*) filter (where l.created_at >= ${ts(today)})::int as today,
           count(*) filter (where l.created_at >= ${ts(twoDays)} and l.created_at < ${ts(today)})::int as days1to2,
           count(*) filter (where l.created_at >= ${ts(sevenDays)} and l.created_at < ${ts(twoDays)})::int as days3to7,
           count(*) filter (where l.created_at < ${ts(sevenDays)})::int as older
      from ${orderLines} l
     where l.state = 'unassigned'`,
    { today: 'int', days1to2: 'int', days3to7: 'int', older: 'int' },
  );
  return row;
}

/** Lines cancelled in [start, end): the `top` most frequent reasons, and the count of all of them. */
export async function cancellationReasons(exec: Executor, start: Date, end: Date, top: number) {
  const rows = await rawRows(
    exec,
    sql`
    with r as (
      select coalesce(nullif(btrim(l.cancel_reason), ''), 'No reason given') as reason, count(*) as n
        from ${orderLines} l
       where l.cancelled_at >= ${ts(start)} and l.cancelled_at < ${ts(end)} and l.state = 'cancelled'
       group by 1
    )
    select reason, n::int as n, (sum(n) over ())::int as total from r order by n desc, reason limit ${top}`,
    { reason: 'text', n: 'int', total: 'int' },
  );
  return { total: rows[0]?.total ?? 0, reasons: rows.map((r) => ({ reason: r.reason, count: r.n })) };
}

/** The customer and vendor wallets' balances now (the ledger's cached balances, decision 013), and how many hold money. */
export async function walletFloat(exec: Executor) {
  return rawRows(
    exec,
    sql`
    select a.kind, coalesce(sum(a.balance), 0)::bigint as paise, count(*) filter (where a.balance > 0)::int as wallets
      from ${ledgerAccounts} a
     where a.kind in ('customer_wallet', 'vendor_wallet')
     group by a.kind`,
    { kind: 'text', paise: 'bigint', wallets: 'int' },
  );
}

/**
 * What waits for the admin: coupons sent for approval (their advertisement not deleted, as the coupon lists show
 * them), product requests the inventory manager passed on, candidates HR sent for approval.
 */
export async function waitingApprovals(exec: Executor) {
  const [row] = await rawRows(
    exec,
    sql`
    select (select count(*) from ${coupons} c join ${homeScreenAds} a on a.id = c.ad_id
             where c.state = 'pending' and a.deleted_at is null)::int as coupons,
           (select count(*) from ${productRequests} r where r.state = 'pendingAdmin')::int as "productRequests",
           (select count(*) from ${candidates} k where k.state = 'sentForApproval')::int as candidates`,
    { coupons: 'int', productRequests: 'int', candidates: 'int' },
  );
  return row;
}
