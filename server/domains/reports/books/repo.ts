import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { dayStart, istDay } from '../../../db/indiaDays';
import { rawRows } from '../../../db/rows';
import { ledgerDaily } from '../../../db/schema';
import { dayNumber, dayText } from '../../../shared/indiaTime';
import { splitPeriod } from '../period';

/**
 * The books (decision 059): read-only sums over the ledger (server/db/schema/wallets.ts). An entry's amount is signed,
 * positive a credit and negative a debit, and a transfer's entries sum to zero. An entry's time is its transfer's: both
 * take `now()` of the one transaction that posts them (decision 038), so a day's entries and its transfers agree.
 * A line's days before the rollup's `through` are read from ledger_daily, later days from the entries by `dayRows`,
 * the statement that fills it (rollup/service.ts).
 */

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Which ledger accounts a line of the books covers (`a` is ledger_accounts). */
export type AccountSet =
  /** Every wallet of a kind (customer_wallet, vendor_wallet): one line in the trial balance. */
  | { type: 'wallets'; kind: string }
  /** A system account with its 16 shards (decision 036): the same kind and provider, no owner. */
  | { type: 'system'; kind: string; provider: string }
  /** One person's wallet. */
  | { type: 'wallet'; id: number };

const inSet = (s: AccountSet): SQL =>
  s.type === 'wallets'
    ? sql`a.kind = ${s.kind} and a.owner_user_id is not null`
    : s.type === 'system'
      ? sql`a.owner_user_id is null and a.kind = ${s.kind} and coalesce(a.provider, '') = ${s.provider}`
      : sql`a.id = ${s.id}::int`;

/** The line of the books an account is on: its kind, its provider if a system account, and whether it is a wallet. */
const LINE_PROVIDER = sql`(case when a.owner_user_id is null then coalesce(a.provider, '') else '' end)`;
const LINE_WALLETS = sql`(a.owner_user_id is not null)`;

/** The same set on ledger_daily (`d`); a single wallet has no rollup row of its own. */
const dailyInSet = (s: AccountSet): SQL | null =>
  s.type === 'wallets'
    ? sql`d.kind = ${s.kind} and d.wallets`
    : s.type === 'system'
      ? sql`d.kind = ${s.kind} and d.provider = ${s.provider} and not d.wallets`
      : null;

/**
 * Each transfer's net on each line of the books in [from, to), with its India day, leaving out the transfers that net
 * to zero on a line (a move between two shards). Both times bound the read, so the planner may start from the
 * transfers' time index or, for one account, from its entries'.
 */
const transferMoves = (from: SQL, to: SQL, where: SQL) => sql`
  select ${istDay(sql`t.created_at`)} as day, a.kind, ${LINE_PROVIDER} as provider, ${LINE_WALLETS} as wallets,
         t.id as transfer_id, t.created_at, sum(e.amount) as amount
    from ledger_transfers t join ledger_entries e on e.transfer_id = t.id join ledger_accounts a on a.id = e.account_id
   where t.created_at >= ${from} and t.created_at < ${to} and e.created_at >= ${from} and e.created_at < ${to}
     and ${where}
   group by t.id, a.kind, ${LINE_PROVIDER}, ${LINE_WALLETS}
  having sum(e.amount) <> 0`;

/** The rows of ledger_daily for the India days [fromDay, toDay), read from the entries (the rollup job and `daysOf`). */
const dayRows = (fromDay: string, toDay: string, where: SQL = sql`true`) => sql`
  select m.day, m.kind, m.provider, m.wallets, count(*)::int as transfers,
         coalesce(sum(m.amount) filter (where m.amount > 0), 0) as credits,
         coalesce(-sum(m.amount) filter (where m.amount < 0), 0) as debits
    from (${transferMoves(dayStart(fromDay), dayStart(toDay), where)}) m
   group by m.day, m.kind, m.provider, m.wallets`;

const DAY_SHAPE = { day: 'text', transfers: 'int', credits: 'bigint', debits: 'bigint' } as const;

/**
 * An account set's transfers, credits and debits per India day in [fromDay, toDay), oldest first, days without a
 * transfer left out: the rollup's days before `through`, the entries' after.
 */
export function daysOf(exec: Executor, set: AccountSet, fromDay: string, toDay: string, through: string | null) {
  const onDaily = dailyInSet(set);
  const { rolled, live } = splitPeriod(fromDay, toDay, onDaily ? through : null);
  const parts: SQL[] = [];
  if (rolled && onDaily) {
    parts.push(sql`select d.day, d.transfers, d.credits, d.debits from ${ledgerDaily} d
      where ${onDaily} and d.day >= ${rolled.from}::date and d.day < ${rolled.to}::date`);
  }
  if (live) parts.push(sql`select day, transfers, credits, debits from (${dayRows(live.from, live.to, inSet(set))}) r`);
  if (!parts.length) return Promise.resolve([]);
  return rawRows(
    exec,
    sql`select day::text as day, sum(transfers)::int as transfers, sum(credits)::text as credits,
          sum(debits)::text as debits
        from (${sql.join(parts, sql` union all `)}) x group by day order by day`,
    DAY_SHAPE,
  );
}

/** Each line's net movement (credits less debits) from the India day `fromDay` on, rollup and entries together. */
function linesMovedSince(fromDay: string, toDay: string, through: string | null) {
  const { rolled, live } = splitPeriod(fromDay, toDay, through);
  const parts: SQL[] = [sql`select null::text as kind, '' as provider, false as wallets, 0::bigint as amount`];
  if (rolled) {
    parts.push(sql`select d.kind, d.provider, d.wallets, d.credits - d.debits from ${ledgerDaily} d
      where d.day >= ${rolled.from}::date and d.day < ${rolled.to}::date`);
  }
  if (live) parts.push(sql`select kind, provider, wallets, credits - debits from (${dayRows(live.from, live.to)}) r`);
  return sql`select kind, provider, wallets, sum(amount) as amount from (${sql.join(parts, sql` union all `)}) x
    where kind is not null group by kind, provider, wallets`;
}

/**
 * The rollup job's recomputation (rollup/service.ts). A transfer is dated when it is posted and never changes, so the
 * days to recompute are those from the last run's read time (`since`, already less the margin for late commits) to
 * `today` excluded; the first run (`since` null) computes every day since the first transfer.
 */
export async function recomputeDays(exec: Executor, today: string, last: { since: Date | null; through: string }) {
  const [first] = await rawRows(
    exec,
    last.since === null
      ? sql`select ${istDay(sql`min(created_at)`)}::text as day from ledger_transfers`
      : sql`select least(${last.through}::date, ${istDay(sql`${last.since.toISOString()}::timestamptz`)})::text as day`,
    { day: 'text?' },
  );
  const from = first.day !== null && first.day < today ? first.day : today;
  if (from < today) {
    await exec.execute(sql`delete from ${ledgerDaily} where day >= ${from}::date and day < ${today}::date`);
    await exec.execute(
      sql`insert into ${ledgerDaily} (day, kind, provider, wallets, transfers, credits, debits) ${dayRows(from, today)}`,
    );
  }
  return { from, to: today };
}

/** The rollup's rows for [fromDay, toDay) beside the same rows computed from the entries (tests, the bench). */
export async function rollupAgainstRows(exec: Executor, fromDay: string, toDay: string) {
  const order = sql.raw('order by day, kind, provider, wallets');
  const shape = {
    day: 'text',
    kind: 'text',
    provider: 'text',
    wallets: 'bool',
    transfers: 'int',
    credits: 'bigint',
    debits: 'bigint',
  } as const;
  const cols = sql.raw('day::text as day, kind, provider, wallets, transfers, credits::text, debits::text');
  const [rolled, rows] = await Promise.all([
    rawRows(
      exec,
      sql`select ${cols} from ${ledgerDaily} where day >= ${fromDay}::date and day < ${toDay}::date ${order}`,
      shape,
    ),
    rawRows(exec, sql`select ${cols} from (${dayRows(fromDay, toDay)}) d ${order}`, shape),
  ]);
  return { rolled, rows };
}

/** A shard's own id is `fixed id × 16 + shard` (decision 036): the fixed id names the account. */
const FIXED_ID = sql`(case when a.shard > 0 then a.id / 16 else a.id end)`;

/** One account as a key names it: a system account's fixed id (or a shard's), a wallet's id. */
export async function accountById(exec: Executor, id: number) {
  const [row] = await rawRows(
    exec,
    sql`select ${FIXED_ID} as fixed_id, a.kind, coalesce(a.provider, '') as provider, a.owner_user_id is not null as wallet,
          coalesce(u.full_name, a.name) as name, u.mobile_no
        from ledger_accounts a left join users u on u.id = a.owner_user_id where a.id = ${id}::int`,
    { fixedId: 'int', kind: 'text', provider: 'text', wallet: 'bool', name: 'text', mobileNo: 'text?' },
  );
  return row ?? null;
}

/** Whether any ledger account is a wallet of this kind (a wallet group named by its key). */
export async function walletKindExists(exec: Executor, kind: string) {
  const rows = await rawRows(
    exec,
    sql`select 1 as one from ledger_accounts a where a.kind = ${kind} and a.owner_user_id is not null limit 1`,
    { one: 'int' },
  );
  return rows.length > 0;
}

/**
 * Every line of the chart at the end of an India day, `endDay` being the day after it and `toDay` the day after
 * today: the system accounts (their shards summed) and one line per kind of wallet, each with today's cached balances
 * less what moved on the line from `endDay` on. Accounts come from the table, so an account a migration adds appears
 * by itself; `accounts` counts those open at the end.
 */
export function chartAt(exec: Executor, end: { at: Date; day: string }, toDay: string, through: string | null) {
  return rawRows(
    exec,
    sql`with moved as (${linesMovedSince(end.day, toDay, through)})
        select case when ${LINE_WALLETS} then a.kind || 's' else min(a.id)::text end as key,
               a.kind,
               ${LINE_PROVIDER} as provider,
               ${LINE_WALLETS} as wallets,
               min(a.id) as first_id,
               (array_agg(a.name order by a.shard, a.id))[1] as name,
               count(*) filter (where a.created_at < ${ts(end.at)})::int as accounts,
               (coalesce(sum(a.balance), 0) - coalesce(max(m.amount), 0))::text as balance
          from ledger_accounts a
          left join moved m on m.kind = a.kind and m.provider = ${LINE_PROVIDER} and m.wallets = ${LINE_WALLETS}
         group by a.kind, ${LINE_PROVIDER}, ${LINE_WALLETS}`,
    {
      key: 'text',
      kind: 'text',
      provider: 'text',
      wallets: 'bool',
      firstId: 'int',
      name: 'text',
      accounts: 'int',
      balance: 'bigint',
    },
  );
}

/** The wallets of a kind with a balance other than zero at `end`, largest first: the drill-down of a wallets line. */
export async function walletsAt(exec: Executor, kind: string, end: Date, page: { limit: number; offset: number }) {
  const base = sql`with moved as (
          select e.account_id, sum(e.amount) as amount
            from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
            join ledger_accounts a on a.id = e.account_id and a.kind = ${kind} and a.owner_user_id is not null
           where t.created_at >= ${ts(end)}
           group by e.account_id
        ), at as (
          select a.id, a.name, a.owner_user_id, a.balance - coalesce(m.amount, 0) as balance
            from ledger_accounts a left join moved m on m.account_id = a.id
           where a.kind = ${kind} and a.owner_user_id is not null
        )`;
  const [totals] = await rawRows(
    exec,
    sql`${base} select count(*)::int as n, coalesce(sum(balance), 0)::text as balance from at where balance <> 0`,
    { n: 'int', balance: 'bigint' },
  );
  const items = await rawRows(
    exec,
    sql`${base} select at.id, coalesce(u.full_name, at.name) as name, u.mobile_no, at.balance::text as balance
          from at left join users u on u.id = at.owner_user_id
         where at.balance <> 0
         order by abs(at.balance) desc, at.id
         limit ${page.limit} offset ${page.offset}`,
    { id: 'int', name: 'text', mobileNo: 'text?', balance: 'bigint' },
  );
  return { total: totals.n, balance: totals.balance, items };
}

/**
 * The document a transfer came from, by its kind and reference (the writers set them: commerce/orders/paying.ts,
 * orderLines/cancelling.ts, marketing/subscriptions/purchases.ts, supply/productRequests/decisions.ts,
 * people/payroll/payment.ts and expenses.ts): the invoice, credit note, plan or product invoice, salary slip.
 * Each lookup is by a primary or unique key, so a page of transfers costs a page of index reads.
 */
const DOCUMENT_NO = sql`(case t.kind
    when 'order_payment' then (select o.invoice_no from orders o
      where o.id = substring(t.reference from '^Order ([0-9]{1,9})$')::int)
    when 'order_refund' then (select cn.number from order_lines l join credit_notes cn on cn.order_line_id = l.id
      where l.order_id = substring(t.reference from '^Order ([0-9]{1,9}) ')::int and l.refund_transfer_id = t.id limit 1)
    when 'subscription_payment' then (select s.invoice_no from customer_subscriptions s
      where s.id = substring(t.reference from '^Subscription ([0-9]{1,9})$')::int)
    when 'product_purchase' then (select r.invoice_no from product_requests r
      where r.id = substring(t.reference from '^Product request ([0-9]{1,9})$')::int)
    when 'salary_payment' then substring(t.idempotency_key from '^salary-[0-9]+-([0-9]{4}-[0-9]{2})$')
      || '/' || substring(t.idempotency_key from '^salary-([0-9]+)-')
    when 'expense_payment' then 'Expense ' || substring(t.idempotency_key from '^expense-([0-9]+)$')
    when 'correction' then 'Transfer ' || t.corrects_transfer_id
    else null end)`;

const TRANSFER_SHAPE = {
  transferId: 'bigint',
  at: 'timestamp',
  kind: 'text',
  reference: 'text?',
  remark: 'text?',
  documentNo: 'text?',
  actor: 'text?',
} as const;

/**
 * An account set's statement over the India days [fromDay, toDay) (`afterToday` the day after today): its balance at
 * the start of `fromDay` (today's balances less every day's net since), the period's transfers that move it with
 * their credits and debits, and a page of them oldest first with the running balance. The days come from `daysOf`, so
 * a page reads only the entries of the days that hold it.
 */
export async function statement(
  exec: Executor,
  set: AccountSet,
  p: { fromDay: string; toDay: string; afterToday: string },
  through: string | null,
  page: { limit: number; offset: number } | null,
) {
  const [head] = await rawRows(
    exec,
    sql`select coalesce(sum(a.balance), 0)::text as balance, count(*)::int as accounts from ledger_accounts a
        where ${inSet(set)}`,
    { balance: 'bigint', accounts: 'int' },
  );
  // biome-ignore lint/complexity/useMathMinMax: the days are ISO date strings, which Math.max would make NaN
  const days = await daysOf(exec, set, p.fromDay, p.toDay > p.afterToday ? p.toDay : p.afterToday, through);
  const net = (d: (typeof days)[number]) => d.credits - d.debits;
  const opening = head.balance - days.reduce((n, d) => n + net(d), 0);
  const inPeriod = days.filter((d) => d.day < p.toDay);
  const totals = {
    n: inPeriod.reduce((n, d) => n + d.transfers, 0),
    credits: inPeriod.reduce((n, d) => n + d.credits, 0),
    debits: inPeriod.reduce((n, d) => n + d.debits, 0),
  };
  const offset = page?.offset ?? 0;
  if (offset >= totals.n) return { opening, accounts: head.accounts, ...totals, items: [] };
  // The first day the page reaches, the balance before it, and the last day it needs.
  let first = 0;
  let skip = offset;
  let before = opening;
  while (skip >= inPeriod[first].transfers) {
    skip -= inPeriod[first].transfers;
    before += net(inPeriod[first]);
    first++;
  }
  let last = first;
  for (let held = inPeriod[first].transfers; page && held < skip + page.limit && last + 1 < inPeriod.length; ) {
    last++;
    held += inPeriod[last].transfers;
  }
  if (!page) last = inPeriod.length - 1;
  const upTo = dayText(dayNumber(inPeriod[last].day) + 1);
  const items = await rawRows(
    exec,
    // An account set lies on one line of the books, so transferMoves already gives each transfer once, netted.
    sql`with moves as (
          select transfer_id, created_at, amount
            from (${transferMoves(dayStart(inPeriod[first].day), dayStart(upTo), inSet(set))}) m
        ), ordered as (
          select m.transfer_id, m.amount, m.created_at,
                 ${before}::bigint + sum(m.amount) over (order by m.created_at, m.transfer_id rows unbounded preceding) as running
            from moves m
           order by m.created_at, m.transfer_id
           ${page ? sql`limit ${page.limit} offset ${skip}` : sql``}
        )
        select o.transfer_id, o.created_at as at, t.kind, t.reference, t.remark, ${DOCUMENT_NO} as document_no,
               u.full_name as actor, o.amount::text as amount, o.running::text as running
          from ordered o join ledger_transfers t on t.id = o.transfer_id left join users u on u.id = t.actor_id
         order by o.created_at, o.transfer_id`,
    { ...TRANSFER_SHAPE, amount: 'bigint', running: 'bigint' },
  );
  return { opening, accounts: head.accounts, ...totals, items };
}

/** The transfers posted in [start, end): how many, and their entries' credits and debits. */
export async function dayTotals(exec: Executor, start: Date, end: Date) {
  const [row] = await rawRows(
    exec,
    sql`select count(distinct t.id)::int as n,
          coalesce(sum(e.amount) filter (where e.amount > 0), 0)::text as credits,
          coalesce(-sum(e.amount) filter (where e.amount < 0), 0)::text as debits
        from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
       where t.created_at >= ${ts(start)} and t.created_at < ${ts(end)}`,
    { n: 'int', credits: 'bigint', debits: 'bigint' },
  );
  return row;
}

/** A page of the transfers posted in [start, end), oldest first, each with its document. */
export function dayTransfers(exec: Executor, start: Date, end: Date, page: { limit: number; offset: number } | null) {
  return rawRows(
    exec,
    sql`select t.id as transfer_id, t.created_at as at, t.kind, t.reference, t.remark, ${DOCUMENT_NO} as document_no,
               u.full_name as actor
          from ledger_transfers t left join users u on u.id = t.actor_id
         where t.created_at >= ${ts(start)} and t.created_at < ${ts(end)}
         order by t.created_at, t.id
         ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
    TRANSFER_SHAPE,
  );
}

/**
 * The entries of some transfers, each with the account it names (a system account's fixed id, or the wallet and its
 * owner): debits first, then credits, each in the chart's order.
 */
export function legsOf(exec: Executor, transferIds: number[]) {
  if (!transferIds.length) return Promise.resolve([]);
  return rawRows(
    exec,
    sql`select e.transfer_id, e.amount::text as amount, ${FIXED_ID} as fixed_id, a.kind, a.owner_user_id is not null as wallet,
               coalesce(u.full_name, a.name) as name, u.mobile_no
          from ledger_entries e join ledger_accounts a on a.id = e.account_id
          left join users u on u.id = a.owner_user_id
         where e.transfer_id in (${sql.join(
           transferIds.map((id) => sql`${id}::bigint`),
           sql`, `,
         )})
         order by e.transfer_id, e.amount > 0, ${FIXED_ID}, e.id`,
    {
      transferId: 'bigint',
      amount: 'bigint',
      fixedId: 'int',
      kind: 'text',
      wallet: 'bool',
      name: 'text',
      mobileNo: 'text?',
    },
  );
}
