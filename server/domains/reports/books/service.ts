import type { Db } from '../../../db/client';
import { badRequest } from '../../../http';
import { type Paise, toRupees } from '../../../money';
import { dayNumber, dayText, indiaDayOf, indiaToday } from '../../../shared/indiaTime';
import { type ExportCell, type ExportColumn, type ExportFormat, reportFile } from '../export';
import { resolvePeriod } from '../period';
import { rollupThrough, runRollup } from '../rollup/service';
import * as repo from './repo';

/**
 * The books (decision 059): the trial balance at a date, an account's statement over a period, the day book. The
 * ledger stores an entry as signed paise, a credit positive and a debit negative, so a balance below zero is a debit
 * balance and one above zero a credit balance, whatever the account. Its nature only says which side is normal.
 */

export type Nature = 'asset' | 'liability' | 'equity' | 'revenue' | 'expense';
export type Side = 'Dr' | 'Cr';

/** How each kind of ledger account (server/db/schema/wallets.ts) reads in the books; decision 059 says why. */
const NATURE_OF_KIND: Record<string, Nature> = {
  bank: 'asset',
  provider_clearing: 'asset',
  customer_wallet: 'liability',
  vendor_wallet: 'liability',
  company_wallet: 'equity',
  revenue: 'revenue',
  gst_payable: 'liability',
  cgst_payable: 'liability',
  sgst_payable: 'liability',
  igst_payable: 'liability',
  tips_payable: 'liability',
  salary_payable: 'liability',
  marketing_expense: 'expense',
  adjustments: 'expense',
};

/** A kind added later (EPF, ESI, PT payable…) reads by its name; anything else is taken as owed (a liability). */
export function natureOf(kind: string): Nature {
  const known = NATURE_OF_KIND[kind];
  if (known) return known;
  if (/_(payable|deposit)s?$/.test(kind)) return 'liability';
  if (/_(expense|cost)s?$/.test(kind)) return 'expense';
  if (/_(receivable|clearing|advance)s?$/.test(kind)) return 'asset';
  if (/(revenue|income)/.test(kind)) return 'revenue';
  return 'liability';
}
export const normalSide = (n: Nature): Side => (n === 'asset' || n === 'expense' ? 'Dr' : 'Cr');
const NATURE_ORDER: Nature[] = ['asset', 'liability', 'equity', 'revenue', 'expense'];

const WALLET_GROUP_NAMES: Record<string, string> = {
  customer_wallet: 'Customer wallets (float)',
  vendor_wallet: 'Vendor wallets',
};
const walletGroupName = (kind: string) => WALLET_GROUP_NAMES[kind] ?? `${kind.replace(/_/g, ' ')}s`;
const WALLET_NAMES: Record<string, string> = { customer_wallet: 'Customer wallet', vendor_wallet: 'Vendor wallet' };

/** A signed balance (credit positive) as the accountant writes it: a debit or a credit column. */
export function sides(balance: number) {
  return {
    debit: toRupees((balance < 0 ? -balance : 0) as Paise),
    credit: toRupees(Math.max(balance, 0) as Paise),
  };
}
const rupees = (p: number) => toRupees(p as Paise);

/** The document each kind of transfer comes from. */
const DOCUMENTS: Record<string, string> = {
  order_payment: 'Tax invoice',
  order_refund: 'Credit note',
  wallet_topup: 'Wallet top-up',
  source_refund: 'Refund to source',
  source_refund_reversal: 'Refund to source returned',
  subscription_payment: 'Plan tax invoice',
  product_purchase: 'Product request invoice',
  salary_payment: 'Salary slip',
  expense_payment: 'Employee expense',
  referral_reward: 'Referral reward',
  admin_credit: 'Wallet credit by admin',
  admin_debit: 'Wallet debit by admin',
  account_credit: 'Bank deposit',
  wallet_debit: 'Wallet debit',
  correction: 'Correction',
  gst_reclassified: 'GST moved to its heads',
};
function documentOf(t: { kind: string; reference: string | null; documentNo: string | null }) {
  return {
    document: DOCUMENTS[t.kind] ?? t.kind,
    // A document number where the transfer names one (an invoice, a credit note), else its reference.
    documentNo: t.documentNo ?? t.reference ?? '',
  };
}

/** What a statement line and a day-book transfer both say of their transfer. */
const transferOut = (t: {
  transferId: number;
  at: Date;
  kind: string;
  reference: string | null;
  documentNo: string | null;
  remark: string | null;
  actor: string | null;
}) => ({
  transferId: t.transferId,
  at: t.at.toISOString(),
  kind: t.kind,
  ...documentOf(t),
  reference: t.reference ?? '',
  remark: t.remark ?? '',
  doneBy: t.actor ?? '',
});

const nextDay = (day: string) => dayText(dayNumber(day) + 1);
const dayOrToday = (value: string | undefined, now: Date) => resolvePeriod({ Type: 'Day', FromDate: value ?? '' }, now);
/** The period's wrong field is FromDate in decision 055's words; the books name their own field. */
function renamed<T>(field: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    const err = e as { errors?: { field: string; message: string }[] };
    if (err.errors?.[0]) throw badRequest(field, err.errors[0].message);
    throw e;
  }
}

// ---------------------------------------------------------------- the trial balance

export interface TrialBalanceLine {
  account: string;
  name: string;
  nature: Nature;
  normalSide: Side;
  wallets: boolean;
  accounts: number;
  debit: number;
  credit: number;
}

/** Every account's balance at the end of the India day `AsOf` (empty: today), debits and credits totalled. */
export async function trialBalance(db: Db, q: { AsOf?: string }, now = new Date()) {
  const day = renamed('AsOf', () => dayOrToday(q.AsOf, now));
  const rows = await repo.chartAt(
    db,
    { at: day.end, day: nextDay(day.to) },
    nextDay(indiaToday(now)),
    await rollupThrough(db, 'ledger'),
  );
  const lines: (TrialBalanceLine & { order: number; balance: number; firstId: number })[] = rows.map((r) => {
    const nature = natureOf(r.kind);
    return {
      account: r.key,
      name: r.wallets ? walletGroupName(r.kind) : r.name,
      nature,
      normalSide: normalSide(nature),
      wallets: r.wallets,
      accounts: r.accounts,
      ...sides(r.balance),
      balance: r.balance,
      order: NATURE_ORDER.indexOf(nature),
      firstId: r.firstId,
    };
  });
  lines.sort((a, b) => a.order - b.order || Number(a.wallets) - Number(b.wallets) || a.firstId - b.firstId);
  const debitPaise = lines.reduce((n, l) => n + (l.balance < 0 ? -l.balance : 0), 0);
  const creditPaise = lines.reduce((n, l) => n + Math.max(l.balance, 0), 0);
  return {
    asOf: day.from,
    lines: lines.map(({ order: _o, balance: _b, firstId: _f, ...l }) => l),
    totalDebit: rupees(debitPaise),
    totalCredit: rupees(creditPaise),
  };
}

/** The two sides' columns, and what a statement line and a day-book leg also share: their transfer and document. */
const DEBIT_CREDIT_COLUMNS: ExportColumn[] = [
  { header: 'Debit', kind: 'rupees', width: 16 },
  { header: 'Credit', kind: 'rupees', width: 16 },
];
const TRANSFER_COLUMNS: ExportColumn[] = [
  { header: 'Transfer', kind: 'int' },
  { header: 'Document', width: 22 },
  { header: 'Document no', width: 22 },
];

export async function trialBalanceFile(db: Db, q: { AsOf?: string }, format: ExportFormat) {
  const tb = await trialBalance(db, q);
  const columns: ExportColumn[] = [
    { header: 'Account', width: 30 },
    { header: 'Nature' },
    { header: 'Normal side' },
    ...DEBIT_CREDIT_COLUMNS,
  ];
  const rows: ExportCell[][] = [
    ...tb.lines.map((l) => [l.name, l.nature, l.normalSide, l.debit, l.credit]),
    ['Total', '', '', tb.totalDebit, tb.totalCredit],
  ];
  return reportFile(format, `trial-balance-${tb.asOf}`, 'Trial balance', columns, rows);
}

/** The wallets behind a wallets line, each with its balance at the date (none at zero), largest first. */
export async function walletBalances(
  db: Db,
  q: { Account: string; AsOf?: string; page?: number; pageSize?: number },
  now = new Date(),
) {
  const day = renamed('AsOf', () => dayOrToday(q.AsOf, now));
  const set = await accountSet(db, q.Account);
  if (set.set.type !== 'wallets') throw badRequest('Account', 'must name the wallets of a kind (customer_wallets)');
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 50;
  const found = await repo.walletsAt(db, set.set.kind, day.end, { limit: pageSize, offset: (page - 1) * pageSize });
  return {
    asOf: day.from,
    account: q.Account,
    name: set.name,
    total: found.total,
    page,
    pageSize,
    ...sides(found.balance),
    items: found.items.map((w) => ({
      account: String(w.id),
      name: w.name,
      mobileNo: w.mobileNo ?? '',
      ...sides(w.balance),
    })),
  };
}

// ---------------------------------------------------------------- an account's statement

/**
 * What `Account` names: a system account by its id (a shard's id names its account), one wallet by its id, or every
 * wallet of a kind by the kind's plural (`customer_wallets`, `vendor_wallets`).
 */
async function accountSet(db: Db, key: string) {
  const nature = (kind: string) => natureOf(kind);
  if (/^[0-9]{1,9}$/.test(key)) {
    const a = await repo.accountById(db, Number(key));
    if (!a) throw badRequest('Account', `no ledger account has the id ${key}`);
    if (a.wallet) {
      const label = `${WALLET_NAMES[a.kind] ?? a.kind} · ${a.name}${a.mobileNo ? ` (${a.mobileNo})` : ''}`;
      return { set: { type: 'wallet', id: Number(key) } as repo.AccountSet, name: label, nature: nature(a.kind) };
    }
    const fixed = await repo.accountById(db, a.fixedId);
    return {
      set: { type: 'system', kind: a.kind, provider: a.provider } as repo.AccountSet,
      name: fixed?.name ?? a.name,
      nature: nature(a.kind),
      key: String(a.fixedId),
    };
  }
  const kind = /^([a-z_]{1,40})s$/.exec(key)?.[1];
  if (!kind || !(await repo.walletKindExists(db, kind))) {
    throw badRequest('Account', 'must be a ledger account id or the wallets of a kind (customer_wallets)');
  }
  return { set: { type: 'wallets', kind } as repo.AccountSet, name: walletGroupName(kind), nature: nature(kind) };
}

export interface StatementQuery {
  Account: string;
  FromDate?: string;
  ToDate?: string;
  page?: number;
  pageSize?: number;
}

/**
 * An account's opening balance (at the start of `FromDate`), its entries in the period with the running balance, and
 * its closing balance (at the end of `ToDate`). Empty `FromDate` is the ledger's start, empty `ToDate` today.
 */
export async function accountStatement(db: Db, q: StatementQuery, now = new Date(), all = false) {
  const period = resolvePeriod({ Type: 'Range', FromDate: q.FromDate ?? '', ToDate: q.ToDate ?? '' }, now);
  const account = await accountSet(db, q.Account);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 100;
  const s = await repo.statement(
    db,
    account.set,
    { fromDay: period.from, toDay: nextDay(period.to), afterToday: nextDay(indiaToday(now)) },
    await rollupThrough(db, 'ledger'),
    all ? null : { limit: pageSize, offset: (page - 1) * pageSize },
  );
  const closing = s.opening + s.credits - s.debits;
  return {
    account: account.key ?? q.Account,
    name: account.name,
    nature: account.nature,
    normalSide: normalSide(account.nature),
    from: period.from,
    to: period.to,
    accounts: s.accounts,
    opening: sides(s.opening),
    totalDebit: rupees(s.debits),
    totalCredit: rupees(s.credits),
    closing: sides(closing),
    total: s.n,
    page,
    pageSize,
    items: s.items.map((r) => ({
      ...transferOut(r),
      ...sides(r.amount),
      balance: sides(r.running),
    })),
  };
}

export async function accountStatementFile(db: Db, q: StatementQuery, format: ExportFormat) {
  const s = await accountStatement(db, q, new Date(), true);
  const columns: ExportColumn[] = [
    { header: 'Date (IST)', width: 18 },
    ...TRANSFER_COLUMNS,
    { header: 'Remark', width: 36 },
    ...DEBIT_CREDIT_COLUMNS,
    { header: 'Balance Dr', kind: 'rupees', width: 16 },
    { header: 'Balance Cr', kind: 'rupees', width: 16 },
  ];
  const rows: ExportCell[][] = [
    ['Opening balance', null, '', '', '', null, null, s.opening.debit, s.opening.credit],
    ...s.items.map((r) => [
      istText(r.at),
      r.transferId,
      r.document,
      r.documentNo,
      r.remark,
      r.debit,
      r.credit,
      r.balance.debit,
      r.balance.credit,
    ]),
    ['Total', null, '', '', '', s.totalDebit, s.totalCredit, null, null],
    ['Closing balance', null, '', '', '', null, null, s.closing.debit, s.closing.credit],
  ];
  const slug = s.account.replace(/[^a-z0-9_]/gi, '');
  return reportFile(format, `statement-${slug}-${s.from}-to-${s.to}`, 'Statement', columns, rows);
}

/** An instant as India's date and time, 'YYYY-MM-DD HH:MM'. */
function istText(iso: string) {
  const d = new Date(Date.parse(iso) + 330 * 60_000);
  return `${dayText(indiaDayOf(new Date(iso)))} ${d.toISOString().slice(11, 16)}`;
}

// ---------------------------------------------------------------- the day book

/** Every transfer posted on the India day `Date` (empty: today), oldest first, with its document and its legs. */
export async function dayBook(
  db: Db,
  q: { Date?: string; page?: number; pageSize?: number },
  now = new Date(),
  all = false,
) {
  const day = renamed('Date', () => dayOrToday(q.Date, now));
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 50;
  const [totals, transfers] = [
    await repo.dayTotals(db, day.start, day.end),
    await repo.dayTransfers(db, day.start, day.end, all ? null : { limit: pageSize, offset: (page - 1) * pageSize }),
  ];
  const legs = await repo.legsOf(
    db,
    transfers.map((t) => t.transferId),
  );
  return {
    date: day.from,
    total: totals.n,
    totalDebit: rupees(totals.debits),
    totalCredit: rupees(totals.credits),
    page,
    pageSize,
    items: transfers.map((t) => {
      const own = legs.filter((l) => l.transferId === t.transferId);
      return {
        ...transferOut(t),
        amount: rupees(own.reduce((n, l) => n + Math.max(l.amount, 0), 0)),
        legs: own.map((l) => ({
          account: String(l.fixedId),
          name: l.wallet
            ? `${WALLET_NAMES[l.kind] ?? l.kind} · ${l.name}${l.mobileNo ? ` (${l.mobileNo})` : ''}`
            : l.name,
          ...sides(l.amount),
        })),
      };
    }),
  };
}

export async function dayBookFile(db: Db, q: { Date?: string }, format: ExportFormat) {
  const book = await dayBook(db, q, new Date(), true);
  const columns: ExportColumn[] = [
    { header: 'Time (IST)', width: 18 },
    ...TRANSFER_COLUMNS,
    { header: 'Account', width: 36 },
    ...DEBIT_CREDIT_COLUMNS,
    { header: 'Remark', width: 36 },
  ];
  const rows: ExportCell[][] = [];
  for (const t of book.items) {
    for (const l of t.legs) {
      rows.push([istText(t.at), t.transferId, t.document, t.documentNo, l.name, l.debit, l.credit, t.remark]);
    }
  }
  rows.push(['Total', null, '', '', '', book.totalDebit, book.totalCredit, '']);
  return reportFile(format, `day-book-${book.date}`, 'Day book', columns, rows);
}

// ---------------------------------------------------------------- the rollup

/** The rollup job's one run: recompute the days posted since the last run before today (India), with its margin. */
export async function refreshLedgerRollup(db: Db, now = new Date()) {
  const today = indiaToday(now);
  return db.transaction((tx) => runRollup(tx, 'ledger', today, (last) => repo.recomputeDays(tx, today, last)));
}

/** The rollup's rows beside the same rows computed from the entries (tests, the bench). */
export const ledgerRollupAgainstRows = (db: Db, fromDay: string, toDay: string) =>
  repo.rollupAgainstRows(db, fromDay, toDay);
