import type { Executor, Tx } from '../../../db/client';
import { pgErrorCode } from '../../../db/errors';
import { WritePlan } from '../../../db/plan';
import { conflict, type HttpError, type Idempotency, idempotencyKeyReused } from '../../../http';
import { type Paise, rupeesText } from '../../../money';
import { type PersonNotification, planNotice } from '../../platform';
import { OWNER_ROLE, type WalletOwnerKind } from './owners';
import * as repo from './repo';

/** Posting transfers on the ledger, and the answers its refusals become. */

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
  balanceNotice?: { accountId: number; notice: Notice; body: [string, string] };
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
    planBalanceNotice(plan, planned, o);
    posted = await repo.runPlannedTransfer(exec, t, plan, planned);
  } catch (e) {
    throw mapRefusal(e, o);
  }
  if (posted.replayed) sameRequest(posted, o);
  return posted;
}

/**
 * `post` with a leg on the wallet of a customer or vendor the statement finds itself (`repo.OWNER_WALLET` in the
 * legs and limit): one round trip. Null, having written nothing, when they are not found or have no wallet.
 */
export async function postToOwner(
  exec: Executor,
  o: PostOptions,
  kind: WalletOwnerKind,
  who: { id?: number; mobileNo?: string },
) {
  let found: Awaited<ReturnType<typeof repo.runPlannedToOwner>>;
  try {
    const t = transferOf(o);
    const plan = new WritePlan();
    const planned = repo.planTransferFor(plan, t, { role: OWNER_ROLE[kind], who });
    planBalanceNotice(plan, planned, o);
    found = await repo.runPlannedToOwner(exec, t, plan, planned);
  } catch (e) {
    throw mapRefusal(e, o);
  }
  if (found?.posted.replayed) sameRequest(found.posted, o);
  return found;
}

/** The notice of a transfer, in its statement: written only when it posts, naming the balance it leaves. */
function planBalanceNotice(plan: WritePlan, planned: repo.PlannedTransfer, o: PostOptions) {
  const notice = o.balanceNotice;
  if (!notice) return;
  const { userId, mobileNo } = notice.notice;
  const who =
    userId !== undefined && mobileNo !== undefined
      ? { userId, mobileNo }
      : planned.owner
        ? repo.ownerOf(planned)
        : null;
  if (!who) throw new Error('post: a balance notice names whom it tells');
  planNotice(
    plan,
    { ...notice.notice, ...who },
    { before: notice.body[0], value: repo.balanceText(planned), after: notice.body[1] },
    repo.entryOf(planned, notice.accountId),
  );
}

/**
 * `post` in two steps, for a transaction that has more to write between them: `open` writes the transfer row and
 * locks and checks the wallets (refused as `post` refuses), `finish` moves the balances, taking the hot system
 * accounts (revenue, GST payable, …) only then, so the caller can hold them for its last statements alone. The wallets
 * stay locked in between, so the check still holds; a replay's `finish` moves nothing and answers the first result.
 */
export async function open(tx: Tx, o: Omit<PostOptions, 'balanceNotice'>) {
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
