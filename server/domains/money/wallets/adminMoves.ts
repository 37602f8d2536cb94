import type { Db, Executor } from '../../../db/client';
import { type CurrentUser, conflict, type Idempotency, notFound } from '../../../http';
import { type Paise, paise, rupeesText, toRupees } from '../../../money';
import { findOwner, openWallet, type WalletOwnerKind } from './owners';
import * as repo from './repo';
import { type PostOptions, post, postToOwner } from './transfers';

/** The staff's own moves: an admin's credit or debit of a wallet, a correction, a bank deposit. */

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
    balanceNotice:
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
    // Tax charged on an invoice is undone by a credit note, never by a correction: the GST heads must equal the
    // documents (decision 053).
    if (original.entries.some((e) => repo.isGstAccount(e.accountId))) {
      throw conflict(
        'transferId',
        `Transfer ${c.transferId} moves output GST: it is undone by cancelling the line (a credit note), not by a correction.`,
      );
    }
    // Statutory dues follow the slips and the payments to the authorities (decision 056).
    if (original.entries.some((e) => repo.isStatutoryAccount(e.accountId))) {
      throw conflict(
        'transferId',
        `Transfer ${c.transferId} moves statutory dues (EPF, ESI or PT): it is not corrected.`,
      );
    }
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
