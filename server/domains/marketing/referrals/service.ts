// Referrals (decision 024): the referral cost the admin sets (every change kept), the referral a sign-up
// with a code makes (at the cost in force then), and its one payout to the referrer's wallet when the referred
// customer's first visit is completed, never for a self-referral.
import type { Db, Executor, Tx } from '../../../db/client';
import type { PageQuery } from '../../../db/paging';
import { badRequest, type CurrentUser, conflict, forbidden } from '../../../http';
import { type Paise, paise, rupeesText, toRupees } from '../../../money';
import { recordTransition } from '../../../plugins/audit';
import { accountKey } from '../../../roles';
import { firstName } from '../../../shared/person';
import { wallets } from '../../money';
import { notifyPerson } from '../../platform';
import * as repo from './repo';

export type { BucketUnit, CostRow, HistoryQuery, HistoryRow, Party, ReferralStatus } from './repo';

/** The entity name of a referral in the transition log. */
export const ENTITY = 'Referral';
/** The most a referral may pay (a mistyped cost cannot promise lakhs). */
export const MAX_REFERRAL_COST_PAISE = paise(10_000 * 100);

export const STATUS_LABELS: Record<repo.ReferralStatus, string> = {
  pending: 'Waiting for the first completed visit',
  paid: 'Paid',
  refused: 'Not paid',
};

// ---- The cost ----

const costOut = (c: {
  id: number;
  costPaise: Paise;
  setAt: Date;
  setById?: number | null;
  setByName?: string | null;
}) => ({
  id: c.id,
  cost: toRupees(c.costPaise),
  setAt: c.setAt,
  setBy: c.setById != null ? { id: c.setById, fullName: c.setByName ?? '' } : null,
});

/** The cost in force now, in paise: the newest SetReferralCost; ₹0 when none was ever set. */
export async function costInForce(exec: Executor): Promise<Paise> {
  return (await repo.currentCost(exec))?.costPaise ?? paise(0);
}

/**
 * SetReferralCost: a new row with who set it and when (the old ones are the referral update history). A cost equal
 * to the one in force is refused (409), so a double click records one change. Referrals already made keep the cost
 * of their sign-up.
 */
export async function setCost(db: Db, cost: Paise, actor: Pick<CurrentUser, 'id' | 'fullName'>, now = new Date()) {
  if (cost < 0 || cost > MAX_REFERRAL_COST_PAISE) {
    throw badRequest('ReferralCost', `must be from 0 to ${rupeesText(MAX_REFERRAL_COST_PAISE)}`);
  }
  return db.transaction(async (tx) => {
    await repo.lockCostWrites(tx);
    const current = await repo.currentCost(tx);
    if ((current?.costPaise ?? 0) === cost && current) {
      throw conflict('ReferralCost', `The referral cost is already ${rupeesText(cost)}.`);
    }
    const row = await repo.insertCost(tx, cost, actor.id, now);
    return costOut({ ...row, setById: actor.id, setByName: actor.fullName });
  });
}

/** The referral update history, newest first, with the cost in force (null: never set, so ₹0). */
export async function costHistory(db: Db, q: PageQuery) {
  const [page, current] = await Promise.all([repo.pageCosts(db, q), repo.currentCost(db)]);
  return { ...page, items: page.items.map(costOut), current: current ? costOut(current) : null };
}

// ---- Sign-up ----

/**
 * Called by the customer sign-up, inside its transaction, when the new customer gave a referral code: the referral
 * row, pending, at the cost in force now.
 */
export async function recordSignup(tx: Tx, referrerUserId: number, referredUserId: number, now = new Date()) {
  const costPaise = await costInForce(tx);
  return repo.insertReferral(tx, { referrerUserId, referredUserId, costPaise, createdAt: now });
}

// ---- Self-referral ----

/** A mobile number as its 10 digits (no +91, 91 or 0 prefix, no spaces). */
export const normaliseMobile = (n: string) => accountKey(n);

const GMAIL = new Set(['gmail.com', 'googlemail.com']);
/**
 * An e-mail address as one mailbox: lower case; the '+tag' of the local part dropped; for Gmail, whose addresses ignore
 * dots, the dots dropped too (and googlemail.com read as gmail.com).
 */
export function normaliseEmail(email: string): string {
  const e = email.trim().toLowerCase();
  const at = e.lastIndexOf('@');
  if (at < 1) return e;
  let local = e.slice(0, at).split('+')[0];
  let domain = e.slice(at + 1);
  if (GMAIL.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

const ABBREVIATIONS: Record<string, string> = {
  rd: 'road',
  st: 'street',
  ln: 'lane',
  marg: 'road',
  apt: 'apartment',
  apts: 'apartments',
  appt: 'apartment',
  bldg: 'building',
  blk: 'block',
  flr: 'floor',
  fl: 'floor',
  nr: 'near',
  opp: 'opposite',
  sec: 'sector',
  ngr: 'nagar',
  soc: 'society',
  chs: 'society',
};
/** Words that say nothing about where a place is. */
const FILLER = new Set(['no', 'number', 'the', 'of', 'and']);

/**
 * An address line as a comparable key: letters without accents, lower case, '&' read as 'and', common Indian
 * abbreviations spelled out (Rd, St, Apt, Bldg, Nr, Opp, Sec, …), filler words ('No.', 'the') dropped, and no spaces
 * or punctuation, so "Flat 12-A, M.G. Rd." and "flat 12a mg road" are one place.
 */
export function normaliseAddress(line: string): string {
  return line
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .flatMap((w) => w.match(/[a-z]+|[0-9]+/g) ?? [])
    .map((w) => ABBREVIATIONS[w] ?? w)
    .filter((w) => !FILLER.has(w))
    .join('');
}

const numbersOf = (p: repo.Party) =>
  new Set(
    [p.mobileNo, p.phone, p.address?.receiverMobileNo]
      .filter((n): n is string => !!n)
      .map(normaliseMobile)
      .filter(Boolean),
  );

/**
 * Why paying `referrer` for `referred` would pay someone for referring themself, or null: the same mobile number
 * (the account's, its phone, or its default address's receiver), the same e-mail (as one mailbox), or the same default
 * address (pincode and address line, normalised).
 */
export function selfReferralReason(referrer: repo.Party, referred: repo.Party): string | null {
  if (referrer.id === referred.id) return 'The customer referred themself.';
  const theirs = numbersOf(referrer);
  const shared = [...numbersOf(referred)].find((n) => theirs.has(n));
  if (shared) return `Self-referral: the same mobile number as the referrer (${maskMobile(shared)}).`;
  if (referrer.email && referred.email && normaliseEmail(referrer.email) === normaliseEmail(referred.email)) {
    return 'Self-referral: the same e-mail address as the referrer.';
  }
  const a = referrer.address;
  const b = referred.address;
  if (a && b && a.pinCode === b.pinCode && normaliseAddress(a.address) === normaliseAddress(b.address)) {
    return `Self-referral: the same default address as the referrer (pincode ${a.pinCode}).`;
  }
  return null;
}

/** 98XXXXXX10: enough to recognise a number without showing it. */
export const maskMobile = (n: string) =>
  n.length >= 4 ? `${n.slice(0, 2)}${'X'.repeat(n.length - 4)}${n.slice(-2)}` : n;

// ---- The payout ----

export interface PayOptions {
  now?: Date;
  /** Who completed the line (recorded on the referral's transition); null: the system. */
  actorId?: number | null;
}

export type PayOutcome =
  | { status: 'none' }
  | { status: 'paid'; referralId: number; referrerUserId: number; amountPaise: Paise; transferId: number | null }
  | { status: 'refused'; referralId: number; reason: string };

/**
 * Called inside the transaction that completes one of `customerUserId`'s order lines (every completion path): when
 * the customer was referred and the referral is still pending, it is settled now, once. The referral row is locked
 * (a concurrent completion of another of their lines waits, then finds it settled and does nothing). A self-referral
 * is refused with the reason; otherwise the referrer's wallet is credited the cost recorded at sign-up through the
 * ledger (a ₹0 referral is marked paid with nothing moved) and the referrer is told. The transfer's idempotency key is
 * the referral's, so the database too refuses a second payout.
 */
export async function payReferralOnCompletion(
  tx: Tx,
  customerUserId: number,
  orderLineId: number,
  opts: PayOptions = {},
): Promise<PayOutcome> {
  const referral = await repo.lockPending(tx, customerUserId);
  if (!referral) return { status: 'none' };
  const now = opts.now ?? new Date();
  const actorId = opts.actorId ?? null;
  // One after the other: a transaction is one connection.
  const referrer = await repo.party(tx, referral.referrerUserId);
  const referred = await repo.party(tx, referral.referredUserId);
  if (!referrer || !referred) throw new Error(`referral ${referral.id}: a party is missing`);

  const reason = selfReferralReason(referrer, referred);
  if (reason) {
    await repo.settle(tx, referral.id, { status: 'refused', refusedReason: reason, orderLineId, settledAt: now });
    await recordTransition(tx, {
      entity: ENTITY,
      entityId: referral.id,
      from: 'pending',
      to: 'refused',
      event: 'REFUSE',
      actorId,
      remark: reason,
    });
    return { status: 'refused', referralId: referral.id, reason };
  }

  const amount = referral.costPaise;
  let transferId: number | null = null;
  if (amount > 0) {
    const wallet = await wallets.openWallet(tx, 'customer', referrer);
    const posted = await wallets.post(tx, {
      kind: 'referral_reward',
      legs: [
        { accountId: wallet, amount },
        // The reward is a marketing expense (ledger account 10, migration 0007).
        { accountId: wallets.systemAccountId('marketing_expense'), amount: -amount },
      ],
      reference: `Referral ${referral.id}`,
      remark: `Referral reward: ${referred.fullName} joined with your code`,
      actorId: null,
      idempotency: {
        key: `referral-reward-${referral.id}`,
        hash: wallets.requestHash('referralReward', 0, { referralId: referral.id, amount }),
      },
      amountField: 'ReferralCost',
      amount,
    });
    transferId = posted.transferId;
    await notifyPerson(tx, {
      userId: referrer.id,
      mobileNo: referrer.mobileNo,
      kind: 'wallet_credited',
      title: 'Referral reward',
      body: `${rupeesText(amount)} was added to your wallet: ${referred.fullName}, who joined with your referral code, had their first visit completed.`,
      link: '/MyAccounts?tab=referrals',
    });
  }
  await repo.settle(tx, referral.id, { status: 'paid', orderLineId, transferId, settledAt: now });
  await recordTransition(tx, {
    entity: ENTITY,
    entityId: referral.id,
    from: 'pending',
    to: 'paid',
    event: 'PAY',
    actorId,
    remark: amount > 0 ? `${rupeesText(amount)} to the referrer's wallet` : 'Nothing to pay: the referral cost was ₹0',
  });
  return { status: 'paid', referralId: referral.id, referrerUserId: referrer.id, amountPaise: amount, transferId };
}

// ---- Histories ----

/** What both histories tell of a referral: its status, what was paid, why it was refused, and when. */
const settlementOf = (r: repo.HistoryRow) => ({
  status: r.status,
  statusLabel: STATUS_LABELS[r.status],
  amountPaid: toRupees(paise(r.status === 'paid' ? r.costPaise : 0)),
  refusedReason: r.refusedReason,
  signedUpAt: r.createdAt,
  settledAt: r.settledAt,
});

const adminRow = (r: repo.HistoryRow) => ({
  id: r.id,
  referrer: { id: r.referrerId, fullName: r.referrerName, mobileNo: r.referrerMobileNo, referralCode: r.referrerCode },
  referred: { id: r.referredId, fullName: r.referredName, mobileNo: r.referredMobileNo },
  ...settlementOf(r),
  cost: toRupees(r.costPaise),
  orderId: r.orderId,
  orderLineId: r.orderLineId,
  transferId: r.transferId,
});

/** GetReferralHistory: who referred whom, the status and the amount paid, paged in SQL. */
export async function history(db: Db, q: repo.HistoryQuery) {
  const page = await repo.pageReferrals(db, q);
  return { ...page, items: page.items.map(adminRow) };
}

/**
 * GetReferralHistoryForCustomer: the customer's referral code, the reward a new referral earns now, what they have
 * earned, and the people who joined with their code (first name and a masked number only).
 */
export async function customerHistory(
  db: Db,
  caller: Pick<CurrentUser, 'id' | 'role'>,
  mobileNo: string | undefined,
  q: PageQuery,
) {
  let userId = caller.id;
  if (mobileNo !== undefined && mobileNo !== '') {
    userId = (await wallets.findOwner(db, 'customer', { mobileNo })).id;
  } else if (caller.role !== 'Cust') {
    throw badRequest('CustomerMobileNo', 'is required: name the customer whose referrals you want');
  }
  const mine = await repo.codeAndEarnings(db, userId);
  if (!mine) throw forbidden('Only customers have a referral code.');
  const [page, reward] = await Promise.all([
    repo.pageReferrals(db, { ...q, referrerUserId: userId, sort: 'signedUpAt', order: 'desc' }),
    costInForce(db),
  ]);
  return {
    referralCode: mine.referralCode,
    reward: toRupees(reward),
    earned: toRupees(paise(mine.earnedPaise)),
    pending: toRupees(paise(mine.pendingPaise)),
    ...page,
    items: page.items.map((r) => ({
      id: r.id,
      name: firstName(r.referredName),
      mobileNo: maskMobile(r.referredMobileNo),
      ...settlementOf(r),
      amount: toRupees(r.costPaise),
    })),
  };
}

// ---- The programme over time ----

const DAY = 86_400_000;
const IST = 330 * 60_000;
/** The India day (YYYY-MM-DD) an instant falls on. */
const indiaDay = (d: Date) => new Date(d.getTime() + IST).toISOString().slice(0, 10);
/** The instant an India day starts. */
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - IST);

export interface ProgrammeQuery {
  from?: string;
  to?: string;
  bucket?: repo.BucketUnit;
}

/**
 * /share/sharerefral's figures: the reward now, and sign-ups with a referral code per India day or week in the range
 * (default the last 12 weeks by week), with the totals of every referral by status. All SQL aggregates.
 */
export async function programme(db: Db, q: ProgrammeQuery, now = new Date()) {
  const to = q.to ?? indiaDay(now);
  const bucket = q.bucket ?? (q.from ? undefined : 'week');
  const from = q.from ?? indiaDay(new Date(dayStart(to).getTime() - 83 * DAY));
  for (const [field, day] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (Number.isNaN(dayStart(day).getTime()) || day < '2000-01-01' || day > '2099-12-31') {
      throw badRequest(field, 'must be a day from 2000-01-01 to 2099-12-31');
    }
  }
  const start = dayStart(from);
  const end = new Date(dayStart(to).getTime() + DAY);
  if (end <= start) throw badRequest('from', 'must be on or before to');
  const days = Math.round((end.getTime() - start.getTime()) / DAY);
  if (days > 366) throw badRequest('from', 'the range can span at most 366 days');
  const unit: repo.BucketUnit = bucket ?? (days <= 31 ? 'day' : 'week');
  const [series, totals, current] = await Promise.all([
    repo.signupSeries(db, start, end, unit),
    repo.totals(db),
    repo.currentCost(db),
  ]);
  const of = (s: repo.ReferralStatus) => totals.find((t) => t.status === s) ?? { count: 0, paise: 0 };
  return {
    from,
    to,
    bucket: unit,
    reward: toRupees(current?.costPaise ?? paise(0)),
    rewardSetAt: current?.setAt ?? null,
    signups: series.reduce((n, b) => n + b.signups, 0),
    buckets: series,
    totals: {
      pending: of('pending').count,
      paid: of('paid').count,
      refused: of('refused').count,
      paidAmount: toRupees(paise(of('paid').paise)),
      pendingAmount: toRupees(paise(of('pending').paise)),
    },
  };
}

/** Seed data only: moves a referral's sign-up into the past (the chart's demo history). Never called from a route. */
export const backdateSignupForSeed = (tx: Tx, referredUserId: number, at: Date) =>
  repo.backdateForSeed(tx, referredUserId, at);
