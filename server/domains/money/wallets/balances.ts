import type { Db, Tx } from '../../../db/client';
import type { PageQuery } from '../../../db/paging';
import type { CurrentUser } from '../../../http';
import { paise, toRupees } from '../../../money';
import { findOwner, noOwner, OWNER_ROLE, WALLET_KIND, type WalletOwnerKind } from './owners';
import * as repo from './repo';

/** Balances and histories of wallets and the company account, as the pages show them. */

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
