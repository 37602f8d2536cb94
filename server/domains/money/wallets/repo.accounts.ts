import { and, count, eq, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rawRows } from '../../../db/rows';
import { type LedgerAccountKind, ledgerAccounts, type TransferKind } from '../../../db/schema';
import type { RoleCode } from '../../../http';

export type { TransferKind };
export type WalletKind = 'customer_wallet' | 'vendor_wallet';
type SystemKind = Exclude<LedgerAccountKind, WalletKind>;

/**
 * The company wallet and the system accounts, made by migration 0002 under these fixed ids (wallets start at 1001),
 * so a transfer names them without a query. `allowNegative`: a system account is the other side of wallets.
 */
export const SYSTEM_ACCOUNTS = {
  company_wallet: { id: 1, allowNegative: false },
  bank: { id: 2, allowNegative: true },
  adjustments: { id: 3, allowNegative: true },
  provider_sandbox: { id: 4, allowNegative: true },
  provider_CF: { id: 5, allowNegative: true },
  provider_RP: { id: 6, allowNegative: true },
  // Migration 0003: where an order's money goes.
  revenue: { id: 7, allowNegative: true },
  gst_payable: { id: 8, allowNegative: true },
  tips_payable: { id: 9, allowNegative: true },
  // Migration 0007: referral rewards and other money marketing gives away.
  marketing_expense: { id: 10, allowNegative: true },
  // Migration 0013: salaries and employee expenses owed to employees (payroll, decision 034).
  salary_payable: { id: 11, allowNegative: true },
  // Migration 0019 (decision 053): output GST per head, as GSTR-3B files it; gst_payable (8) stays at zero since.
  cgst_payable: { id: 12, allowNegative: true },
  sgst_payable: { id: 13, allowNegative: true },
  igst_payable: { id: 14, allowNegative: true },
  // Migration 0021 (decision 056): what the salaries paid owe the authorities, and that cost until it is paid.
  epf_payable: { id: 15, allowNegative: true },
  esi_payable: { id: 16, allowNegative: true },
  pt_payable: { id: 17, allowNegative: true },
  statutory_accrued: { id: 18, allowNegative: true },
} as const;
export const MAY_GO_NEGATIVE: Set<number> = new Set(
  Object.values(SYSTEM_ACCOUNTS)
    .filter((a) => a.allowNegative)
    .map((a) => a.id),
);

/**
 * Each system account that may go negative is 16 ledger accounts (migration 0016, decision 036): shard 0 under its
 * fixed id, shard s under id × 16 + s (below the wallets' 1001 while fixed ids stay under 62). A transfer names the
 * fixed id; `moveBalances` moves the shard of its connection, so transfers on different connections do not queue on
 * one row until their commits. The account's balance is the sum of its shards.
 */
export const SHARDS = 16;

/** A system account that may go negative, or one of its shards (a correction names the shard a transfer moved). */
export function isFree(id: number) {
  return MAY_GO_NEGATIVE.has(id) || (id >= SHARDS && id < 1001 && MAY_GO_NEGATIVE.has(Math.floor(id / SHARDS)));
}

export function systemAccountId(kind: SystemKind, provider: string | null = null): number {
  const key = kind === 'provider_clearing' ? `provider_${provider}` : kind;
  const account = SYSTEM_ACCOUNTS[key as keyof typeof SYSTEM_ACCOUNTS];
  if (!account) throw new Error(`The ledger has no ${kind} account${provider ? ` for ${provider}` : ''}`);
  return account.id;
}

/** The tax a document charges (or, negative, reverses) per head. */
export interface GstSplit {
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * The legs of a document's GST, one per head (decision 053), as the document splits it: the ledger's heads then equal
 * the documents' to the paisa. `sign` -1 reverses it (a credit note). A zero leg is dropped by the transfer.
 */
export const gstLegs = (split: GstSplit, sign: 1 | -1 = 1) => [
  { accountId: SYSTEM_ACCOUNTS.cgst_payable.id, amount: sign * split.cgstPaise },
  { accountId: SYSTEM_ACCOUNTS.sgst_payable.id, amount: sign * split.sgstPaise },
  { accountId: SYSTEM_ACCOUNTS.igst_payable.id, amount: sign * split.igstPaise },
];

/** A salary month's statutory dues per scheme: the employee's share withheld plus the employer's. */
export interface StatutoryDues {
  epfPaise: number;
  esiPaise: number;
  ptPaise: number;
}

/**
 * The legs that record a month's dues (decision 056): each payable credited, the accrued cost debited. The company
 * wallet pays them later, when they are paid to the authority (`statutoryPaymentLegs`). A zero leg is dropped.
 */
export const statutoryLegs = (d: StatutoryDues) => [
  { accountId: SYSTEM_ACCOUNTS.epf_payable.id, amount: d.epfPaise },
  { accountId: SYSTEM_ACCOUNTS.esi_payable.id, amount: d.esiPaise },
  { accountId: SYSTEM_ACCOUNTS.pt_payable.id, amount: d.ptPaise },
  { accountId: SYSTEM_ACCOUNTS.statutory_accrued.id, amount: -(d.epfPaise + d.esiPaise + d.ptPaise) },
];

export type StatutorySchemeCode = 'EPF' | 'ESI' | 'PT';
const PAYABLE_OF = { EPF: 'epf_payable', ESI: 'esi_payable', PT: 'pt_payable' } as const;
export const payableOf = (scheme: StatutorySchemeCode) => SYSTEM_ACCOUNTS[PAYABLE_OF[scheme]].id;

/**
 * Paying a scheme's dues to its authority (decision 056): the company wallet pays the amount out through the bank
 * (bank credited, as money leaving the company's bank), and the payable is cleared against the accrued cost, which
 * the company wallet's debit now stands for. Balanced: −x −x +x +x.
 */
export const statutoryPaymentLegs = (scheme: StatutorySchemeCode, amount: number) => [
  { accountId: SYSTEM_ACCOUNTS.company_wallet.id, amount: -amount },
  { accountId: SYSTEM_ACCOUNTS.bank.id, amount },
  { accountId: payableOf(scheme), amount: -amount },
  { accountId: SYSTEM_ACCOUNTS.statutory_accrued.id, amount },
];

const STATUTORY_ACCOUNTS: Set<number> = new Set(
  [
    SYSTEM_ACCOUNTS.epf_payable,
    SYSTEM_ACCOUNTS.esi_payable,
    SYSTEM_ACCOUNTS.pt_payable,
    SYSTEM_ACCOUNTS.statutory_accrued,
  ].map((a) => a.id),
);
/** A transfer moving statutory dues is not corrected: the payables must equal the slips and the payments. */
export const isStatutoryAccount = (id: number) =>
  STATUTORY_ACCOUNTS.has(id < SHARDS || id >= 1001 ? id : Math.floor(id / SHARDS));

/** The output GST accounts, old and per head: a transfer moving them is undone by a credit note, not a correction. */
const GST_ACCOUNTS: Set<number> = new Set(
  [
    SYSTEM_ACCOUNTS.gst_payable,
    SYSTEM_ACCOUNTS.cgst_payable,
    SYSTEM_ACCOUNTS.sgst_payable,
    SYSTEM_ACCOUNTS.igst_payable,
  ].map((a) => a.id),
);
export const isGstAccount = (id: number) => GST_ACCOUNTS.has(id < SHARDS || id >= 1001 ? id : Math.floor(id / SHARDS));

/** The wallet of a customer or vendor, opened on first use (two racing openers get the same row). */
export async function walletAccount(exec: Executor, kind: WalletKind, userId: number, name: string): Promise<number> {
  const found = await findWallet(exec, kind, userId);
  if (found) return found.id;
  const [made] = await exec
    .insert(ledgerAccounts)
    .values({ kind, ownerUserId: userId, name })
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  return made ? made.id : (await findWallet(exec, kind, userId))!.id;
}

/** The id of the wallet of the person `owner` (an SQL expression of another repo's statement) names, or null. */
export const walletIdOf = (kind: WalletKind, owner: SQL): SQL =>
  sql`(select a.id from ledger_accounts a where a.kind = ${kind} and a.owner_user_id = ${owner})`;

/**
 * The wallet of a person if it was ever opened (reads never open one). Plain SQL, not the select builder: checkout,
 * placing and every wallet page ask (decision 038).
 */
export async function findWallet(exec: Executor, kind: WalletKind, userId: number) {
  const [row] = await rawRows(
    exec,
    sql`select id, balance from ledger_accounts where kind = ${kind} and owner_user_id = ${userId}::int`,
    { id: 'int', balance: 'bigint' },
  );
  return row ?? null;
}

/** A system account with its balance, its shards summed (the company wallet's is shown to the accountant). */
export async function systemAccount(exec: Executor, kind: SystemKind, provider: string | null = null) {
  const id = systemAccountId(kind, provider);
  const [row] = await exec
    .select({ n: count(), balance: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(
      or(
        eq(ledgerAccounts.id, id),
        and(
          gte(ledgerAccounts.id, id * SHARDS),
          lt(ledgerAccounts.id, id * SHARDS + SHARDS),
          isNull(ledgerAccounts.ownerUserId),
        ),
      ),
    );
  if (!row.n) throw new Error(`The ledger has no ${kind} account: run migrations`);
  return { id, balance: Number(row.balance) };
}

/** The wallet a person of this role holds. */
export const walletKindOf = (role: RoleCode): WalletKind => (role === 'VE' ? 'vendor_wallet' : 'customer_wallet');

/** A person by id or by mobile number (`u` is users). */
export const personWhere = (where: { id?: number; mobileNo?: string }) =>
  where.id !== undefined ? sql`u.id = ${where.id}::int` : sql`u.mobile_no = ${where.mobileNo ?? ''}`;
