import {
  PRODUCT_REQUEST_STATE_LABELS,
  PRODUCT_REQUEST_STATES,
} from '../../../../src/machines/productRequest/productRequest.machine';
import type { Db } from '../../../db/client';
import { wallets } from '../../money';
import * as repo from './repo';
import { type Actor, r2, vendorFor } from './rules';

// ---- the vendor dashboard

const IST_MS = 330 * 60_000;
/** The start of the India day and month of `now`, as instants. */
function indiaStarts(now: Date) {
  const ist = new Date(now.getTime() + IST_MS);
  const y = ist.getUTCFullYear();
  const m = ist.getUTCMonth();
  const d = ist.getUTCDate();
  return {
    day: new Date(Date.UTC(y, m, d) - IST_MS),
    nextDay: new Date(Date.UTC(y, m, d + 1) - IST_MS),
    month: new Date(Date.UTC(y, m, 1) - IST_MS),
  };
}

/** The vendor dashboard's figures. */
export async function dashboard(db: Db, user: Actor, vendorId: number | undefined, now = new Date()) {
  const vendor = await vendorFor(db, user, vendorId, 'VendorId');
  const starts = indiaStarts(now);
  const [balance, counts, issued, team] = await Promise.all([
    wallets.walletBalance(db, 'vendor', vendor.id),
    repo.requestCountsByState(db, vendor.id),
    repo.issuedSince(db, vendor.id, starts.month),
    repo.professionalsWithJobs(db, vendor.id, starts.day, starts.nextDay),
  ]);
  const byState = new Map(counts.map((c) => [c.state, c.n]));
  return {
    vendorId: vendor.id,
    vendorName: vendor.fullName,
    walletBalance: r2(balance),
    requestsByState: PRODUCT_REQUEST_STATES.map((state) => ({
      state,
      label: PRODUCT_REQUEST_STATE_LABELS[state],
      count: byState.get(state) ?? 0,
    })),
    issuedThisMonth: {
      requests: issued.requests,
      units: issued.perProduct.reduce((s, p) => s + p.units, 0),
      amount: r2(issued.amount),
      products: issued.perProduct,
    },
    professionals: team,
    jobsToday: team.reduce((s, p) => s + p.jobsToday, 0),
  };
}
