import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import { pgError } from '../../../db/errors';
import { type Output, type PerRow, WritePlan } from '../../../db/plan';
import { type RowOfShape, rawRows } from '../../../db/rows';
import { ledgerAccounts, ledgerEntries, ledgerTransfers, paymentIntents, type TransferKind } from '../../../db/schema';
import type { RoleCode } from '../../../http';
import { isFree, MAY_GO_NEGATIVE, personWhere, SHARDS, walletKindOf } from './repo.accounts';

export interface Leg {
  accountId: number;
  /** Paise: positive credits the account, negative debits it. */
  amount: number;
}

export interface TransferInput {
  kind: TransferKind;
  legs: Leg[];
  reference?: string | null;
  remark?: string | null;
  actorId: number | null;
  idempotencyKey?: string | null;
  requestHash?: string | null;
  providerPaymentId?: string | null;
  correctsTransferId?: number | null;
  /**
   * The most an account may hold after this transfer (a wallet's maximum balance on a credit); `withReserved` counts
   * the top-ups on their way into it as held already.
   */
  maxBalance?: { accountId: number; limit: number; withReserved?: boolean };
}

export type Posted =
  | { replayed: false; transferId: number; balances: Map<number, number> }
  | { replayed: true; transferId: number; requestHash: string | null; balances: Map<number, number> };

/** Why a transfer was not posted: the service answers 409 with these words. */
export class Refused extends Error {
  constructor(
    readonly accountId: number,
    readonly reason: 'insufficient' | 'limit',
  ) {
    super(reason);
  }
}

/**
 * A transfer whose row is written and whose checked accounts are locked and checked, but whose balances have not
 * moved yet: `moveBalances` finishes it in the same transaction.
 */
export interface OpenTransfer {
  transferId: number;
  /** One movement per account (legs summed, zero movements dropped). */
  moves: Map<number, number>;
}

/**
 * Posts one balanced transfer in one statement (decision 038), in the caller's transaction or, given the pool, as a
 * transaction of its own. In order:
 * 1. the transfer row, so a repeated idempotency key stops here (PostgreSQL makes a racing twin wait for the first to
 *    commit, then skip) and nothing moves;
 * 2. the accounts that must not go negative (wallets, the company wallet) locked in id order and checked: below zero
 *    or over a limit raises `ledger_refuse` (SQLSTATE DS001), answered as `Refused`, and nothing is written;
 * 3. every balance moved and the entries written with the balances after.
 * The system accounts that may go negative (the other side of most transfers, so the hottest rows) are not read
 * first: the UPDATE locks the connection's shard of them last. Locks are always taken checked accounts first, each
 * group in id order, so two transfers never wait on each other in a ring.
 */
export async function postTransfer(exec: Executor, t: TransferInput): Promise<Posted> {
  const plan = new WritePlan();
  return runPlannedTransfer(exec, t, plan, planTransfer(plan, t));
}

/**
 * postTransfer with one leg on the wallet of a person the statement finds itself (`OWNER_WALLET` stands for it in
 * the legs and the limit; `ownerOf` for them in a notice): an admin's move by mobile number is then one round trip,
 * not a lookup and a transfer. Null, having written nothing, when there is no such person or they have no wallet yet.
 */
export async function postToOwner(exec: Executor, t: TransferInput, owner: Owner) {
  const plan = new WritePlan();
  return runPlannedToOwner(exec, t, plan, planTransfer(plan, t, owner));
}

/**
 * postTransfer's statement as steps of a write-plan, for a caller that adds its own (a notice of the balance the
 * transfer leaves) before running it with `postTransfer` or `postToOwner`: `planned` is what those steps may read.
 */
export function planTransferFor(plan: WritePlan, t: TransferInput, owner?: Owner) {
  return planTransfer(plan, t, owner);
}

/** Runs a plan made with planTransferFor: the transfer and every step added after it, in one statement. */
export async function runPlannedTransfer(exec: Executor, t: TransferInput, plan: WritePlan, planned: PlannedTransfer) {
  return postedOf(exec, t, await runTransfer(exec, plan, planned));
}

/** runPlannedTransfer for a plan with an owner: null, having written nothing, when the owner was not found. */
export async function runPlannedToOwner(exec: Executor, t: TransferInput, plan: WritePlan, planned: PlannedTransfer) {
  const rows = await runTransfer(exec, plan, planned);
  const found = rows[0];
  if (found.walletId === null) return null;
  const person = {
    id: found.userId!,
    fullName: found.fullName!,
    mobileNo: found.mobileNo!,
    walletId: found.walletId,
  };
  return { person, posted: await postedOf(exec, t, rows) };
}

/** A wallet's owner as a transfer finds them: a customer or vendor by id or mobile number. */
export interface Owner {
  role: RoleCode;
  who: { id?: number; mobileNo?: string };
}

/** The leg or limit on the owner's wallet in postToOwner (never an account's id: those start at 1). */
export const OWNER_WALLET = -1;

const accountRef = (id: number, owner?: Output) =>
  id === OWNER_WALLET ? sql`(select wallet_id from ${owner!.ref})` : sql`${id}::int`;

/** The person a wallet move names and their wallet, found by the move's own statement. */
const ownerSelect = (o: Owner) => sql`select u.id as user_id, u.full_name, u.mobile_no, a.id as wallet_id
        from users u join ledger_accounts a on a.kind = ${walletKindOf(o.role)} and a.owner_user_id = u.id
        where u.role = ${o.role} and ${personWhere(o.who)}`;

/** What a planned transfer's later steps may read: its row, its entries, and the owner it found. */
export interface PlannedTransfer {
  transfer: Output;
  entries: Output;
  owner?: Output;
}

/** The entry a planned transfer writes on `accountId` (or the owner's wallet), for a step written once for it. */
export const entryOf = (p: PlannedTransfer, accountId: number): PerRow => ({
  from: p.entries,
  where: sql`${p.entries.col('account_id')} = ${accountRef(accountId, p.owner)}`,
});

/** The balance an entry leaves, in words: ₹1,23,456.78 (as rupeesText). */
export const balanceText = (p: PlannedTransfer): SQL =>
  sql`'₹' || to_char(${p.entries.col('balance_after')} / 100.0, 'FM9,99,99,99,99,99,990.00')`;

/** The person a postToOwner plan found: their account id and mobile number, as the statement reads them. */
export const ownerOf = (p: PlannedTransfer) => ({
  userId: sql`(select user_id from ${p.owner!.ref})`,
  mobileNo: sql`(select mobile_no from ${p.owner!.ref})`,
});

const WRITTEN = {
  transferId: 'bigint?',
  accountId: 'int?',
  balanceAfter: 'bigint?',
  walletId: 'int?',
  userId: 'int?',
  fullName: 'text?',
  mobileNo: 'text?',
} as const;
type Written = RowOfShape<typeof WRITTEN>[];

/**
 * The transfer as steps (decision 038): the transfer row, the checked accounts locked and checked (a refusal raises
 * `ledger_refuse`), the moves by shard, the balances moved and the entries written.
 */
function planTransfer(plan: WritePlan, t: TransferInput, owner?: Owner): PlannedTransfer {
  const moves = movesOf(t.legs);
  const ids = [...moves.keys()].sort((a, b) => a - b);
  const checked = ids.filter((id) => !isFree(id));
  const limit = t.maxBalance;
  const found = owner ? plan.add('wallet_owner', ownerSelect(owner)) : undefined;
  const transfer = plan.add('transfer', transferRow(t, found));
  const wanted = plan.add(
    'transfer_moves',
    sql`select * from (values ${movesValues(ids, moves, found)}) as v(id, amount)`,
  );
  const locked = plan.add(
    'transfer_locked',
    sql`select a.id, a.balance + v.amount as after, a.allow_negative, ${reservedOf(t)} as reserved
        from ledger_accounts a join ${wanted.ref} v on v.id = a.id
        where a.id = any(${checkedIds(checked, found)}) and exists (select 1 from ${transfer.ref})
        order by a.id for update of a`,
  );
  const over = limit
    ? sql`(l.id = ${accountRef(limit.accountId, found)} and l.after + l.reserved > ${limit.limit})`
    : sql`false`;
  const refused = plan.add(
    'transfer_refused',
    sql`select ledger_refuse(case when l.after < 0 and not l.allow_negative then 'insufficient' else 'limit' end, l.id)
        from ${locked.ref} l where (l.after < 0 and not l.allow_negative) or ${over}`,
  );
  const shards = plan.add('transfer_shards', shardsOf(ids, wanted));
  const moved = plan.add(
    'transfer_moved',
    sql`update ledger_accounts a set balance = a.balance + s.amount from ${shards.ref} s
        where a.id = s.id and exists (select 1 from ${transfer.ref}) and (select count(*) from ${refused.ref}) = 0${freeInIdOrder(ids, shards)}
        returning a.id, a.balance`,
  );
  const entries = plan.add(
    'transfer_entries',
    sql`insert into ledger_entries (transfer_id, account_id, amount, balance_after)
        select (select id from ${transfer.ref}), s.id, s.amount, m.balance from ${shards.ref} s join ${moved.ref} m on m.id = s.id
        returning account_id, balance_after`,
  );
  return { transfer, entries, owner: found };
}

async function runTransfer(exec: Executor, plan: WritePlan, p: PlannedTransfer): Promise<Written> {
  try {
    return await plan.run(
      exec,
      sql`select (select id from ${p.transfer.ref}) as transfer_id, e.account_id, e.balance_after${
        p.owner ? sql`, o.wallet_id, o.user_id, o.full_name, o.mobile_no` : sql``
      }
      from (select 1) one left join ${p.entries.ref} e on true${p.owner ? sql` left join ${p.owner.ref} o on true` : sql``}`,
      WRITTEN,
    );
  } catch (e) {
    throw refusedOf(e) ?? e;
  }
}

/** What a written transfer statement answers: the balances it left, or the first transfer of a replayed key. */
async function postedOf(exec: Executor, t: TransferInput, rows: Written): Promise<Posted> {
  const transferId = rows[0].transferId;
  if (transferId === null) return replayOf(exec, t.idempotencyKey!);
  return {
    replayed: false,
    transferId,
    balances: new Map(rows.map((r) => [r.accountId!, r.balanceAfter!])),
  };
}

/** `ledger_refuse`'s error as the `Refused` it stands for. */
function refusedOf(e: unknown): Refused | null {
  const pg = pgError(e);
  if (pg?.code !== 'DS001') return null;
  return new Refused(Number(pg.hint), pg.detail === 'limit' ? 'limit' : 'insufficient');
}

/** One movement per account, whatever the legs (zero movements dropped). */
function movesOf(legs: Leg[]) {
  const moves = new Map<number, number>();
  for (const leg of legs) moves.set(leg.accountId, (moves.get(leg.accountId) ?? 0) + leg.amount);
  for (const [id, amount] of moves) if (amount === 0) moves.delete(id);
  return moves;
}

const intArray = (ids: number[]) => `{${ids.join(',')}}`;

// An array of known length, not an array parameter: the planner guesses a parameter's length (ten), so a generic
// plan looked dearer than a custom one and each call was planned again, or, with the owner's wallet swapped into the
// array, it scanned every account.
const checkedIds = (ids: number[], owner?: Output) =>
  ids.length
    ? sql`array[${sql.join(
        ids.map((id) => accountRef(id, owner)),
        sql`, `,
      )}]`
    : sql`'{}'::int[]`;

/**
 * The transfer row, or nothing for a repeated idempotency key (whose twin's commit it waits for) or, given `owner`, for an
 * owner the statement did not find.
 */
const transferRow = (t: TransferInput, owner?: Output) => sql`insert into ledger_transfers
    (kind, reference, remark, actor_id, idempotency_key, request_hash, provider_payment_id, corrects_transfer_id)
  select ${t.kind}::text, ${t.reference ?? null}::text, ${t.remark ?? null}::text, ${t.actorId}::int,
    ${t.idempotencyKey ?? null}::text, ${t.requestHash ?? null}::text, ${t.providerPaymentId ?? null}::text,
    ${t.correctsTransferId ?? null}::bigint${owner ? sql` where exists (select 1 from ${owner.ref})` : sql``}
  on conflict (idempotency_key) do nothing returning id`;

/** Top-ups on their way into account `a`, when the limit counts them. */
const reservedOf = (t: TransferInput) =>
  t.maxBalance?.withReserved === true
    ? sql`coalesce((select sum(i.amount) from payment_intents i where i.account_id = a.id and i.state in ('created', 'awaitingPayment')), 0)`
    : sql`0`;

const movesValues = (ids: number[], moves: Map<number, number>, owner?: Output) =>
  sql.join(
    ids.map((id) => sql`(${accountRef(id, owner)}, ${moves.get(id)}::bigint)`),
    sql`, `,
  );

/**
 * The rows to move, from the wanted moves. A free system account named by its fixed id moves this connection's shard of it
 * (the backend's pid mod 16): the server's pool connections mostly have different ones, so they do not wait for each
 * other's commits here.
 */
function shardsOf(ids: number[], wanted: Output) {
  const bases = ids.filter((id) => MAY_GO_NEGATIVE.has(id));
  const target = bases.length
    ? sql`case when v.id = any(${intArray(bases)}::int[]) and pg_backend_pid() % ${SHARDS} > 0
        then v.id * ${SHARDS} + pg_backend_pid() % ${SHARDS} else v.id end`
    : sql`v.id`;
  return sql`select ${target} as id, sum(v.amount)::bigint as amount from ${wanted.ref} v group by 1`;
}

/**
 * One UPDATE locks its rows in scan order, so several free accounts are first locked in id order by a sub-select
 * the UPDATE's filter evaluates once, before it touches its first row (the checked ones are locked already).
 */
const freeInIdOrder = (ids: number[], shards: Output) =>
  ids.filter(isFree).length > 1
    ? sql` and (select count(*) from (select 1 from ledger_accounts l where l.id in (select id from ${shards.ref})
        order by l.id for update of l) f) >= 0`
    : sql``;

/** The first transfer of a repeated idempotency key, with the balances it left. */
async function replayOf(exec: Executor, key: string): Promise<Extract<Posted, { replayed: true }>> {
  const [first] = await exec
    .select({ id: ledgerTransfers.id, requestHash: ledgerTransfers.requestHash })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, key));
  return {
    replayed: true,
    transferId: first.id,
    requestHash: first.requestHash,
    balances: await balancesAfter(exec, first.id),
  };
}

/**
 * postTransfer in two statements, for a caller with more to write in between. This first one writes the transfer row
 * and locks and checks the checked accounts (a refusal throws `Refused`); the caller writes, then calls `moveBalances`
 * last (placing an order: decision 014); the checked accounts stay locked meanwhile, so
 * the check still holds when the balances move. A replayed idempotency key answers the first transfer instead.
 */
export async function openTransfer(
  tx: Tx,
  t: TransferInput,
): Promise<Extract<Posted, { replayed: true }> | ({ replayed: false } & OpenTransfer)> {
  const moves = movesOf(t.legs);
  const ids = [...moves.keys()].sort((a, b) => a - b);
  const checked = ids.filter((id) => !isFree(id));
  // The transfer row and the locks in one round trip: the row goes first in effect (a repeated key waits for its
  // twin to commit, then inserts nothing), and the checked accounts come back locked with their balances.
  const locked = await rawRows(
    tx,
    checked.length
      ? sql`with t as (${transferRow(t)}) select (select id from t) as transfer_id, a.id, a.balance, a.allow_negative,
          ${reservedOf(t)} as reserved from ledger_accounts a where a.id = any(${checkedIds(checked)})
          order by a.id for update of a`
      : sql`with t as (${transferRow(t)}) select (select id from t) as transfer_id`,
    { transferId: 'bigint?', id: 'int?', balance: 'bigint?', allowNegative: 'bool?', reserved: 'bigint?' },
  );
  const transferId = locked[0]?.transferId ?? null;
  if (transferId === null) return replayOf(tx, t.idempotencyKey!);
  if (checked.length) {
    for (const a of locked) {
      const id = a.id!;
      const after = a.balance! + moves.get(id)!;
      if (!a.allowNegative && after < 0) throw new Refused(id, 'insufficient');
      if (t.maxBalance?.accountId === id && after + a.reserved! > t.maxBalance.limit) {
        throw new Refused(id, 'limit');
      }
    }
  }
  return { replayed: false, transferId, moves };
}

/**
 * The second statement of openTransfer's transfer: moves every balance and writes its entries with the balances
 * after; answers those balances. The free system accounts are locked here, until the commit.
 */
export async function moveBalances(tx: Tx, o: OpenTransfer): Promise<Map<number, number>> {
  const ids = [...o.moves.keys()].sort((a, b) => a - b);
  const plan = new WritePlan();
  const wanted = plan.add('transfer_moves', sql`select * from (values ${movesValues(ids, o.moves)}) as v(id, amount)`);
  const shards = plan.add('transfer_shards', shardsOf(ids, wanted));
  const moved = plan.add(
    'transfer_moved',
    sql`update ledger_accounts a set balance = a.balance + s.amount from ${shards.ref} s
      where a.id = s.id${freeInIdOrder(ids, shards)}
      returning a.id, a.balance`,
  );
  const written = await plan.run(
    tx,
    sql`insert into ledger_entries (transfer_id, account_id, amount, balance_after)
    select ${o.transferId}, s.id, s.amount, m.balance from ${shards.ref} s join ${moved.ref} m on m.id = s.id
    returning account_id, balance_after`,
    { accountId: 'int', balanceAfter: 'bigint' },
  );
  return new Map(written.map((r) => [r.accountId, r.balanceAfter]));
}

/** A transfer's entries and whether a correction already names it (a transfer is corrected once). */
export async function transferToCorrect(tx: Tx, transferId: number) {
  // The row lock makes two racing corrections of one transfer wait for each other.
  const [transfer] = await tx
    .select({ id: ledgerTransfers.id, kind: ledgerTransfers.kind, reference: ledgerTransfers.reference })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, transferId))
    .for('update');
  if (!transfer) return null;
  const entries = await tx
    .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transferId, transferId));
  const [correction] = await tx
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.correctsTransferId, transferId));
  return { ...transfer, entries, correctedBy: correction?.id ?? null };
}

/** The balance each account of a transfer had right after it. */
async function balancesAfter(exec: Executor, transferId: number) {
  const rows = await exec
    .select({ accountId: ledgerEntries.accountId, balanceAfter: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transferId, transferId));
  return new Map(rows.map((r) => [r.accountId, r.balanceAfter]));
}

/** The account row, locked for this transaction: what moves money into a wallet queues here. */
export async function lockAccount(tx: Tx, accountId: number) {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId))
    .for('update');
  return row.balance;
}

/**
 * Money on its way into a wallet: top-ups started and not settled yet. It counts against the wallet's maximum
 * balance, so that paid, they never take it past the maximum (the ledger's view of the payment intents).
 */
export async function reservedFor(exec: Executor, accountId: number): Promise<number> {
  const [row] = await exec
    .select({ n: sql<string>`coalesce(sum(${paymentIntents.amount}), 0)` })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.accountId, accountId), inArray(paymentIntents.state, ['created', 'awaitingPayment'])));
  return Number(row.n);
}
