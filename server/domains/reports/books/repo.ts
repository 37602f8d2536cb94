import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rawRows } from '../../../db/rows';

/**
 * The books (decision 059): read-only sums over the ledger (server/db/schema/wallets.ts). An entry's amount is signed,
 * positive a credit and negative a debit, and a transfer's entries sum to zero. An entry's time is its transfer's: both
 * take `now()` of the one transaction that posts them (decision 038), so a day's entries and its transfers agree.
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
 * Every line of the chart at the instant `end`: the system accounts (their shards summed) and one line per kind of
 * wallet, each with its balance then: today's cached balance less what moved at or after `end`. Accounts come from the
 * table, so an account a migration adds appears by itself.
 */
export function chartAt(exec: Executor, end: Date) {
  return rawRows(
    exec,
    sql`with moved as (
          select e.account_id, sum(e.amount) as amount
            from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
           where t.created_at >= ${ts(end)}
           group by e.account_id
        )
        select case when a.owner_user_id is not null then a.kind || 's' else min(a.id)::text end as key,
               a.kind,
               case when a.owner_user_id is null then coalesce(a.provider, '') else '' end as provider,
               a.owner_user_id is not null as wallets,
               min(a.id) as first_id,
               (array_agg(a.name order by a.shard, a.id))[1] as name,
               count(*)::int as accounts,
               count(*) filter (where a.balance - coalesce(m.amount, 0) <> 0)::int as open_accounts,
               coalesce(sum(a.balance - coalesce(m.amount, 0)), 0)::text as balance
          from ledger_accounts a left join moved m on m.account_id = a.id
         group by a.owner_user_id is not null, a.kind, case when a.owner_user_id is null then coalesce(a.provider, '') else '' end`,
    {
      key: 'text',
      kind: 'text',
      provider: 'text',
      wallets: 'bool',
      firstId: 'int',
      name: 'text',
      accounts: 'int',
      openAccounts: 'int',
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

/** An account set's balance just before `start`, and its entries' net per transfer in [start, end), with totals. */
export async function statement(
  exec: Executor,
  set: AccountSet,
  start: Date,
  end: Date,
  page: { limit: number; offset: number } | null,
) {
  const acct = sql`acct as (select a.id, a.balance from ledger_accounts a where ${inSet(set)})`;
  const [head] = await rawRows(
    exec,
    sql`with ${acct}
        select (select coalesce(sum(balance), 0) from acct)
             - (select coalesce(sum(e.amount), 0) from ledger_entries e join acct on acct.id = e.account_id
                 where e.created_at >= ${ts(start)}) as opening,
               (select count(*) from acct)::int as accounts`,
    { opening: 'bigint', accounts: 'int' },
  );
  const moves = sql`with ${acct}, moves as (
          select e.transfer_id, sum(e.amount) as amount
            from ledger_entries e join acct on acct.id = e.account_id
           where e.created_at >= ${ts(start)} and e.created_at < ${ts(end)}
           group by e.transfer_id
          having sum(e.amount) <> 0
        )`;
  const [totals] = await rawRows(
    exec,
    sql`${moves} select count(*)::int as n,
          coalesce(sum(amount) filter (where amount > 0), 0)::text as credits,
          coalesce(-sum(amount) filter (where amount < 0), 0)::text as debits
        from moves`,
    { n: 'int', credits: 'bigint', debits: 'bigint' },
  );
  const items = await rawRows(
    exec,
    sql`${moves}, ordered as (
          select m.transfer_id, m.amount, t.created_at,
                 sum(m.amount) over (order by t.created_at, m.transfer_id rows unbounded preceding) as running
            from moves m join ledger_transfers t on t.id = m.transfer_id
           order by t.created_at, m.transfer_id
           ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}
        )
        select o.transfer_id, o.created_at as at, t.kind, t.reference, t.remark, ${DOCUMENT_NO} as document_no,
               u.full_name as actor, o.amount::text as amount, o.running::text as running
          from ordered o join ledger_transfers t on t.id = o.transfer_id left join users u on u.id = t.actor_id
         order by o.created_at, o.transfer_id`,
    { ...TRANSFER_SHAPE, amount: 'bigint', running: 'bigint' },
  );
  return { opening: head.opening, accounts: head.accounts, ...totals, items };
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
