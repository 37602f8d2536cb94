import type { Db } from '../../../db/client';
import * as repo from './repo';

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
  gstHeadMismatches:
    'each GST head (CGST, SGST/UTGST, IGST payable) equals the tax on the documents (invoices of orders, requests and plans less credit notes), and GST payable is zero',
  statutoryPayableMismatches:
    "each statutory payable (EPF, ESI, PT) equals the slips' employee and employer shares less what was paid to the authority, and the accrued cost is minus their sum",
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
