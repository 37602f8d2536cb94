import type { Db, Executor, Tx } from '../../../db/client';
import { pgErrorCode } from '../../../db/errors';
import type { PageQuery } from '../../../db/paging';
import { WritePlan } from '../../../db/plan';
import {
  type CurrentUser,
  conflict,
  type HttpError,
  type Idempotency,
  idempotencyKeyReused,
  notFound,
  type RoleCode,
} from '../../../http';
import { type Paise, paise, rupeesText, toRupees } from '../../../money';
import { type PersonNotification, planNotice } from '../../platform';
import * as repo from './repo';

export { type Idempotency, requestHash } from '../../../http';
export type { Leg } from './repo';
export { walletAccount } from './repo';

/** Whose wallet: customers by mobile number, vendors by account id or phone. */
export type WalletOwnerKind = 'customer' | 'vendor';
const WALLET_KIND = { customer: 'customer_wallet', vendor: 'vendor_wallet' } as const;
const OWNER_ROLE: Record<WalletOwnerKind, RoleCode> = { customer: 'Cust', vendor: 'VE' };

export async function findOwner(db: Db, kind: WalletOwnerKind, who: { id?: number; mobileNo?: string }) {
  const person = await repo.findPerson(db, who, OWNER_ROLE[kind]);
  if (!person) throw noOwner(kind, who);
  return person;
}

function noOwner(kind: WalletOwnerKind, who: { id?: number; mobileNo?: string }) {
  const field = who.id !== undefined ? 'id' : kind === 'customer' ? 'MobileNo' : 'Phone';
  return notFound(`The ${kind} with ${field} ${who.id ?? who.mobileNo}`);
}

export const openWallet = (exec: Db | Tx, kind: WalletOwnerKind, owner: { id: number; fullName: string }) =>
  repo.walletAccount(exec, WALLET_KIND[kind], owner.id, `Wallet of ${owner.fullName}`);

/**
 * The wallet id of a person named by another module's statement (its repo's SQL for the person's id), as a column of
 * that statement: a step that pays from the wallet learns its id with the row it locks, one round trip fewer.
 */
export const walletIdColumn = (kind: WalletOwnerKind) => (owner: Parameters<typeof repo.walletIdOf>[1]) =>
  repo.walletIdOf(WALLET_KIND[kind], owner);

/** The words for a refused transfer, naming the field that carried the amount. */
function refusal(e: repo.Refused, field: string, amount: Paise, limit?: number): HttpError {
  if (e.reason === 'limit') {
    return conflict(field, `This would take the wallet past its maximum balance of ${rupeesText(limit ?? 0)}.`);
  }
  return conflict(field, `The wallet does not hold enough for a debit of ${rupeesText(amount)}: nothing was moved.`);
}

export interface PostOptions {
  kind: repo.TransferKind;
  legs: repo.Leg[];
  reference?: string | null;
  remark?: string | null;
  actorId: number | null;
  idempotency?: Idempotency;
  providerPaymentId?: string | null;
  correctsTransferId?: number | null;
  maxBalance?: repo.TransferInput['maxBalance'];
  /** The request field that carried the amount, named in a refusal. */
  amountField: string;
  amount: Paise;
  /**
   * A notification written with the transfer (once: a replay writes none), whose body is `body[0]`, the balance the
   * transfer leaves in `accountId` in words, then `body[1]`.
   */
  tell?: { accountId: number; notice: Notice; body: [string, string] };
}

/** Who is told and what; postToOwner's statement finds the person (their id and mobile number) itself. */
type Notice = Omit<PersonNotification, 'body' | 'userId' | 'mobileNo'> &
  Partial<Pick<PersonNotification, 'userId' | 'mobileNo'>>;

/**
 * Posts a transfer in one statement, in the caller's transaction or, given the pool, as a transaction of its own, and
 * maps the ledger's refusals to answers: an overdrawn wallet or a wallet over its limit is 409, a reused idempotency
 * key with another request is 422. A replay with the same request answers the first result.
 */
export async function post(exec: Executor, o: PostOptions) {
  let posted: repo.Posted;
  try {
    const t = transferOf(o);
    const plan = new WritePlan();
    const planned = repo.planTransferFor(plan, t);
    planTelling(plan, planned, o);
    posted = await repo.runPlannedTransfer(exec, t, plan, planned);
  } catch (e) {
    throw mapRefusal(e, o);
  }
  if (posted.replayed) sameRequest(posted, o);
  return posted;
}

/**
 * `post` with a leg on the wallet of a customer or vendor the statement finds itself (`repo.OWNER_WALLET` in the
 * legs, limit and telling): one round trip. Null, having written nothing, when they are not found or have no wallet.
 */
async function postToOwner(exec: Executor, o: PostOptions, kind: WalletOwnerKind, who: AdminMove['who']) {
  let found: Awaited<ReturnType<typeof repo.postToOwner>>;
  try {
    const t = transferOf(o);
    const plan = new WritePlan();
    const planned = repo.planTransferFor(plan, t, { role: OWNER_ROLE[kind], who });
    planTelling(plan, planned, o);
    found = await repo.runPlannedToOwner(exec, t, plan, planned);
  } catch (e) {
    throw mapRefusal(e, o);
  }
  if (found?.posted.replayed) sameRequest(found.posted, o);
  return found;
}

/** The notice of a transfer, in its statement: written only when it posts, naming the balance it leaves. */
function planTelling(plan: WritePlan, planned: repo.PlannedTransfer, o: PostOptions) {
  const tell = o.tell;
  if (!tell) return;
  const { userId, mobileNo } = tell.notice;
  const who =
    userId !== undefined && mobileNo !== undefined
      ? { userId, mobileNo }
      : planned.owner
        ? repo.ownerOf(planned)
        : null;
  if (!who) throw new Error('post: a telling names whom it tells');
  planNotice(
    plan,
    { ...tell.notice, ...who },
    { before: tell.body[0], value: repo.balanceText(planned), after: tell.body[1] },
    repo.entryOf(planned, tell.accountId),
  );
}

/**
 * `post` in two steps, for a transaction that has more to write between them: `open` writes the transfer row and
 * locks and checks the wallets (refused as `post` refuses), `finish` moves the balances, taking the hot system
 * accounts (revenue, GST payable, …) only then, so the caller can hold them for its last statements alone. The wallets
 * stay locked in between, so the check still holds; a replay's `finish` moves nothing and answers the first result.
 */
export async function open(tx: Tx, o: Omit<PostOptions, 'tell'>) {
  let opened: Awaited<ReturnType<typeof repo.openTransfer>>;
  try {
    opened = await repo.openTransfer(tx, transferOf(o));
  } catch (e) {
    throw mapRefusal(e, o);
  }
  if (opened.replayed) {
    const { balances } = sameRequest(opened, o);
    return { replayed: true as const, transferId: opened.transferId, finish: async () => balances };
  }
  const { transferId, moves } = opened;
  return {
    replayed: false as const,
    transferId,
    finish: async () => {
      try {
        return await repo.moveBalances(tx, { transferId, moves });
      } catch (e) {
        throw mapRefusal(e, o);
      }
    },
  };
}

const transferOf = (o: PostOptions): repo.TransferInput => ({
  kind: o.kind,
  legs: o.legs,
  reference: o.reference,
  remark: o.remark,
  actorId: o.actorId,
  idempotencyKey: o.idempotency?.key ?? null,
  requestHash: o.idempotency?.hash ?? null,
  providerPaymentId: o.providerPaymentId,
  correctsTransferId: o.correctsTransferId,
  maxBalance: o.maxBalance,
});

/** A replayed idempotency key must carry the request it first came with. */
function sameRequest<P extends Extract<repo.Posted, { replayed: true }>>(replayed: P, o: PostOptions): P {
  if (replayed.requestHash !== o.idempotency?.hash) {
    throw idempotencyKeyReused('This Idempotency-Key was already used for a different request; nothing was moved.');
  }
  return replayed;
}

function mapRefusal(e: unknown, o: PostOptions) {
  if (e instanceof repo.Refused) return refusal(e, o.amountField, o.amount, o.maxBalance?.limit);
  // The CHECK is the database's own guard; the lock above normally answers first.
  if (pgErrorCode(e) === '23514') return refusal(new repo.Refused(0, 'insufficient'), o.amountField, o.amount);
  return e;
}

/**
 * Room for `amount` more in a wallet, under a lock on it: its balance plus the top-ups on their way in plus the
 * amount stay within the maximum. A credit or a new top-up checks it first, so no mix of them, paid in any order,
 * takes the wallet past the maximum. Answers the room left for the ledger's own check.
 */
export async function roomFor(tx: Tx, wallet: number, amount: number, max: number, field: string) {
  const balance = await repo.lockAccount(tx, wallet);
  const reserved = await repo.reservedFor(tx, wallet);
  if (balance + reserved + amount > max) {
    const pending = reserved ? ` (${rupeesText(reserved)} of top-ups are still being paid)` : '';
    throw conflict(field, `This would take the wallet past its maximum balance of ${rupeesText(max)}${pending}.`);
  }
  return max - reserved;
}

export interface AdminMove {
  kind: WalletOwnerKind;
  who: { id?: number; mobileNo?: string };
  amount: Paise;
  action: 'Credit' | 'Debit';
  remark: string;
  actor: CurrentUser;
  idempotency: Idempotency;
  amountField: string;
  maxWalletBalance: number;
}

/**
 * The admin's manual credit or debit of a customer's or vendor's wallet, against the adjustments account, with the
 * reason and who did it on the transfer.
 */
export async function adminMove(db: Db, m: AdminMove) {
  // The wallet nearly always exists: one statement finds it by its owner and moves it.
  const moved = await moveAdmin(db, m, null);
  if (moved) return moved;
  const owner = await findOwner(db, m.kind, m.who);
  if (owner.walletId) return (await moveAdmin(db, m, { owner, wallet: owner.walletId }))!;
  // A first move opens the wallet in its own transaction, so a refused one leaves no empty wallet behind.
  return db.transaction(
    async (tx) => (await moveAdmin(tx, m, { owner, wallet: await openWallet(tx, m.kind, owner) }))!,
  );
}

/**
 * The move, on a wallet known already or (`known` null) on the one its statement finds by `m.who`: then null when
 * there is none, with nothing written.
 */
async function moveAdmin(
  exec: Executor,
  m: AdminMove,
  known: { owner: { id: number; mobileNo: string; fullName: string }; wallet: number } | null,
) {
  const wallet = known?.wallet ?? repo.OWNER_WALLET;
  const adjustments = { id: repo.systemAccountId('adjustments') };
  const sign = m.action === 'Credit' ? 1 : -1;
  // One statement: the transfer and, for a customer's credit, the notification of it with the balance it leaves
  // (once: a replayed request posts nothing and tells nothing again).
  const o: PostOptions = {
    kind: m.action === 'Credit' ? 'admin_credit' : 'admin_debit',
    legs: [
      { accountId: wallet, amount: sign * m.amount },
      { accountId: adjustments.id, amount: -sign * m.amount },
    ],
    remark: m.remark,
    actorId: m.actor.id,
    idempotency: m.idempotency,
    // Top-ups on their way in count too (roomFor), checked by the ledger after a replay is recognised.
    maxBalance:
      m.action === 'Credit' ? { accountId: wallet, limit: m.maxWalletBalance, withReserved: true } : undefined,
    amountField: m.amountField,
    amount: m.amount,
    tell:
      m.kind === 'customer' && m.action === 'Credit'
        ? {
            accountId: wallet,
            notice: {
              userId: known?.owner.id,
              mobileNo: known?.owner.mobileNo,
              kind: 'wallet_credited',
              title: 'Wallet credited',
              link: '/MyAccounts?tab=wallet',
            },
            body: [`${rupeesText(m.amount)} was added to your wallet (${m.remark}). Balance: `, '.'],
          }
        : undefined,
  };
  let posted: repo.Posted;
  let owner: { fullName: string; walletId: number };
  if (known) {
    posted = await post(exec, o);
    owner = { fullName: known.owner.fullName, walletId: known.wallet };
  } else {
    const found = await postToOwner(exec, o, m.kind, m.who);
    if (!found) return null;
    posted = found.posted;
    owner = found.person;
  }
  const balance = posted.balances.get(owner.walletId) ?? 0;
  const verb = m.action === 'Credit' ? 'credited to' : 'debited from';
  return {
    data: { transferId: posted.transferId, balance: toRupees(paise(balance)) },
    message: `${rupeesText(m.amount)} ${verb} the wallet of ${owner.fullName}. Balance: ${rupeesText(balance)}.`,
  };
}

/**
 * Corrects a transfer: entries are never changed, so the correction is a new transfer with every entry reversed,
 * naming the one it corrects (once: a second correction is 409). A wallet that has spent the money since cannot go
 * below zero for it: the correction is refused like any overdraft.
 */
export async function correctTransfer(db: Db, c: { transferId: number; remark: string; actor: CurrentUser }) {
  return db.transaction(async (tx) => {
    const original = await repo.transferToCorrect(tx, c.transferId);
    if (!original) throw notFound(`Transfer ${c.transferId}`);
    if (original.kind === 'correction')
      throw conflict('transferId', 'A correction is not corrected: post a new transfer.');
    if (original.correctedBy) {
      throw conflict(
        'transferId',
        `Transfer ${c.transferId} was already corrected by transfer ${original.correctedBy}.`,
      );
    }
    const amount = paise(original.entries.reduce((sum, e) => sum + Math.max(e.amount, 0), 0));
    const posted = await post(tx, {
      kind: 'correction',
      legs: original.entries.map((e) => ({ accountId: e.accountId, amount: -e.amount })),
      reference: original.reference,
      remark: c.remark,
      actorId: c.actor.id,
      correctsTransferId: original.id,
      amountField: 'transferId',
      amount,
    });
    return { transferId: posted.transferId, balances: posted.balances };
  });
}

/** Money paid into the company's bank, recorded in the account wallet with its bank reference. */
export async function creditCompanyWallet(
  db: Db,
  c: { amount: Paise; bankReference: string; remark: string | null; actor: CurrentUser; idempotency: Idempotency },
) {
  const result = await db.transaction(async (tx) => {
    const company = { id: repo.systemAccountId('company_wallet') };
    const bank = { id: repo.systemAccountId('bank') };
    const posted = await post(tx, {
      kind: 'account_credit',
      legs: [
        { accountId: company.id, amount: c.amount },
        { accountId: bank.id, amount: -c.amount },
      ],
      reference: c.bankReference,
      remark: c.remark,
      actorId: c.actor.id,
      idempotency: c.idempotency,
      amountField: 'TransAmount',
      amount: c.amount,
    });
    return { transferId: posted.transferId, balance: posted.balances.get(company.id) ?? 0 };
  });
  return {
    data: { transferId: result.transferId, balance: toRupees(paise(result.balance)) },
    message: `${rupeesText(c.amount)} added to the account wallet. Balance: ${rupeesText(result.balance)}.`,
  };
}

interface Row {
  id: number;
  at: Date;
  amount: number;
  balanceAfter: number;
  kind: string;
  reference: string | null;
  remark: string | null;
  doneBy: string | null;
}

const KIND_LABEL: Record<string, string> = {
  wallet_topup: 'Top-up',
  admin_credit: 'Admin credit',
  admin_debit: 'Admin debit',
  account_credit: 'Bank deposit',
  wallet_debit: 'Payment',
  correction: 'Correction',
  order_payment: 'Order payment',
  order_refund: 'Order refund',
  referral_reward: 'Referral reward',
  subscription_payment: 'Subscription plan',
  product_purchase: 'Products from the store',
};

const common = (r: Row) => ({
  id: r.id,
  Amount: toRupees(paise(Math.abs(r.amount))),
  Type: r.amount > 0 ? ('Credit' as const) : ('Debit' as const),
  Kind: KIND_LABEL[r.kind] ?? r.kind,
  Reference: r.reference,
  Remark: r.remark,
  DoneBy: r.doneBy,
});
export const walletRow = (r: Row) => ({
  ...common(r),
  TransDate: r.at,
  WalletBalanceAfterUpdate: toRupees(paise(r.balanceAfter)),
});
export const accountRow = (r: Row) => ({
  ...common(r),
  CreateDate: r.at,
  WalletAfterUpdate: toRupees(paise(r.balanceAfter)),
});

/** The most rows a CSV export holds. */
export const CSV_MAX_ROWS = 50_000;

export interface HistoryQuery extends repo.HistoryQuery {
  format?: 'json' | 'csv';
}

/** A customer's or vendor's wallet history; the newest row's balance is the balance. */
export async function walletHistory(
  db: Db,
  kind: WalletOwnerKind,
  who: { id?: number; mobileNo?: string },
  q: HistoryQuery,
) {
  const owner = await findOwner(db, kind, who);
  const wallet = await repo.findWallet(db, WALLET_KIND[kind], owner.id);
  const page = wallet
    ? await repo.history(db, wallet.id, q, q.format === 'csv' ? CSV_MAX_ROWS : undefined)
    : { items: [], total: 0, page: q.page ?? 1, pageSize: q.pageSize ?? 20 };
  return {
    ...page,
    items: page.items.map(walletRow),
    balance: toRupees(paise(wallet?.balance ?? 0)),
    owner: { id: owner.id, fullName: owner.fullName, mobileNo: owner.mobileNo, role: owner.role },
  };
}

export async function companyHistory(db: Db, q: HistoryQuery) {
  const company = await repo.systemAccount(db, 'company_wallet');
  const page = await repo.history(db, company.id, q, q.format === 'csv' ? CSV_MAX_ROWS : undefined);
  const month = await repo.monthTotals(db, company.id);
  return {
    ...page,
    items: page.items.map(accountRow),
    balance: toRupees(paise(company.balance)),
    monthCredits: toRupees(paise(month.credits)),
    monthDebits: toRupees(paise(month.debits)),
  };
}

/** A wallet's balance and the time of its newest movement (0 and null for a wallet never used). */
export async function balanceOf(db: Db, kind: WalletOwnerKind, who: { id?: number; mobileNo?: string }) {
  const found = await repo.personBalance(db, who, OWNER_ROLE[kind]);
  if (!found) throw noOwner(kind, who);
  return { balance: toRupees(paise(found.balance)), asOf: found.movedAt };
}

/** A wallet's balance in paise (0 for one never opened). */
export async function walletBalance(exec: Db | Tx, kind: WalletOwnerKind, userId: number): Promise<number> {
  return (await walletOf(exec, kind, userId))?.balance ?? 0;
}

/** A person's wallet account and its balance in paise, or null when they have none yet. */
export async function walletOf(exec: Db | Tx, kind: WalletOwnerKind, userId: number) {
  const row = await repo.findWallet(exec, WALLET_KIND[kind], userId);
  return row ? { id: row.id, balance: row.balance } : null;
}

/** The company account wallet's balance in paise (payroll shows what it can cover). */
export async function companyBalance(exec: Db | Tx): Promise<number> {
  return (await repo.systemAccount(exec, 'company_wallet')).balance;
}

/** The company account wallet's balance, locked until the transaction ends (a batch of payments counts on it). */
export const lockCompanyBalance = (tx: Tx) => repo.lockAccount(tx, repo.systemAccountId('company_wallet'));

/** 'My Balance': the vendor's or customer's own wallet; the accountant's is the company account wallet. */
export async function myBalance(db: Db, user: CurrentUser) {
  if (user.role === 'AC') {
    const company = await repo.systemAccount(db, 'company_wallet');
    return { balance: toRupees(paise(company.balance)), asOf: await repo.lastMovedAt(db, company.id) };
  }
  return balanceOf(db, user.role === 'VE' ? 'vendor' : 'customer', { id: user.id });
}

export const pageCustomers = (db: Db, q: PageQuery) => repo.pageCustomers(db, q).then(rupeeBalances);
export const pageVendorWallets = (db: Db, q: PageQuery) => repo.pageVendorWallets(db, q).then(rupeeBalances);

function rupeeBalances<T extends { items: { balance: number }[] }>(page: T): T {
  return { ...page, items: page.items.map((i) => ({ ...i, balance: toRupees(paise(i.balance)) })) };
}

const INVARIANTS: Record<keyof Awaited<ReturnType<typeof repo.ledgerBreaches>>, string> = {
  unbalancedTransfers: "every transfer's entries sum to zero",
  transfersWithoutEntries: 'every transfer has entries',
  cachedBalanceMismatches: "each account's cached balance equals the sum of its entries",
  runningBalanceBreaks: "each entry's balance-after equals the running sum of its account's entries",
  negativeWallets: 'no wallet (customer, vendor, company) is below zero',
  negativeWalletEntries: 'no wallet was ever below zero after an entry',
  providerPaymentsCreditedTwice: 'no provider payment is credited twice',
  paidIntentsWithoutOneCredit: 'every paid payment intent has its one credit',
  creditsWithoutPaidIntent: 'every provider credit belongs to a paid payment intent',
};

/** Every ledger invariant on the whole database (npm run ledger:check and the money tests). */
export async function checkLedger(db: Db) {
  const breaches = await repo.ledgerBreaches(db);
  const checks = Object.entries(INVARIANTS).map(([key, rule]) => ({
    rule,
    breaches: breaches[key as keyof typeof breaches],
  }));
  return { ok: checks.every((c) => c.breaches.length === 0), checks, counts: await repo.ledgerCounts(db) };
}
export const systemAccountId = repo.systemAccountId;
