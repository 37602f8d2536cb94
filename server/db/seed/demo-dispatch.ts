import { and, eq, inArray } from 'drizzle-orm';
import type { CompanyConfig } from '../../config';
import { applyLineEvent, moveSlotForSeed, placeOrder, rateLine, type Stars } from '../../domains/commerce';
import { completeForSeed, moveJob, resyncRatingsForSeed } from '../../domains/fieldService';
import { paise } from '../../money';
import type { Db } from '../client';
import { customerAddresses, orderLines, users, zones } from '../schema';
import { DEMO_ACCOUNTS } from './demo';
import { DEMO_PROFESSIONALS } from './demo-professionals';
import {
  cancelAsCustomer,
  DAY,
  everydayServiceIds,
  fundDemoCustomer,
  HOUR,
  IST,
  indiaSlot,
  WALLET_ONLY,
} from './demo-shared';

/** The customers of demo-orders who book these jobs (their default addresses are in the Bengaluru zones). */
const CUSTOMERS = ['9000000101', '9000000102', '9000000103'];

const REVIEWS: { stars: Stars; review: string | null }[] = [
  { stars: 5, review: 'Fixed it in half an hour and cleaned up after.' },
  { stars: 4, review: 'Knew the job well; came 15 minutes late.' },
  { stars: 5, review: null },
  { stars: 3, review: 'Work is fine but had to be reminded to bring the parts.' },
  { stars: 5, review: 'Very professional, explained the problem before starting.' },
  { stars: 4, review: 'Good value.' },
];

/**
 * Dispatch demo data (decision 019), after the demo professionals and the demo orders (server/main.ts): jobs in every
 * state a job has (open, assigned, accepted, completed, rated, rejected back to open, cancelled), many of them the demo
 * technician's, spread over today and the coming days, and completed, rated visits for several professionals. Made the
 * way the product makes them: wallet-paid orders through the orders service, the admin's assignment through
 * applyLineEvent, the professional's take, accept and reject through the professional-jobs service, completion with its
 * tip and notification, ratings through rateLine (which keeps the professionals' figures). Today's and past visits are
 * booked at a valid future slot and moved with the seed-only moveSlotForSeed. Does nothing when its jobs exist.
 */
export async function seedDemoDispatch(db: Db, o: { company: CompanyConfig; now?: Date }) {
  const now = o.now ?? new Date();
  const people = await db
    .select({ id: users.id, mobileNo: users.mobileNo, fullName: users.fullName })
    .from(users)
    .where(
      inArray(users.mobileNo, [
        ...DEMO_ACCOUNTS.filter((a) => a.role === 'TE' || a.role === 'A' || a.role === 'Cust').map((a) => a.mobileNo),
        ...DEMO_PROFESSIONALS.map((p) => p.mobileNo),
        ...CUSTOMERS,
      ]),
    );
  const who = (mobileNo: string) => people.find((p) => p.mobileNo === mobileNo);
  const mobileOf = (role: 'TE' | 'A' | 'Cust') => DEMO_ACCOUNTS.find((a) => a.role === role)!.mobileNo;
  const tech = who(mobileOf('TE'));
  const admin = who(mobileOf('A'));
  const kavya = who(mobileOf('Cust'));
  const [priya, imran, sunil] = ['9100000001', '9100000002', '9100000003'].map(who);
  const [rohan, priyaC, imranC] = CUSTOMERS.map(who);
  if (!tech || !admin || !kavya || !priya || !imran || !sunil || !rohan || !priyaC || !imranC) return;
  // Run once: the other professionals' jobs are this seed's.
  const [done] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(inArray(orderLines.professionalUserId, [priya.id, imran.id, sunil.id]))
    .limit(1);
  if (done) return;

  const zoneRows = await db.select({ id: zones.id, name: zones.zoneName }).from(zones);
  const zoneId = (name: string) => zoneRows.find((z) => z.name === name)!.id;
  const addressOf = async (userId: number, pinCode: string) => {
    const [row] = await db
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(and(eq(customerAddresses.customerUserId, userId), eq(customerAddresses.pinCode, pinCode)));
    return row?.id ?? null;
  };
  const homes = {
    kavya: await addressOf(kavya.id, '560034'),
    kavyaOffice: await addressOf(kavya.id, '400053'),
    rohan: await addressOf(rohan.id, '560095'),
    priya: await addressOf(priyaC.id, '560038'),
    imran: await addressOf(imranC.id, '560066'),
  };

  /** The `k`-th everyday service (up to ₹1,500) that professional `p` does and zone `zone` is served for. */
  async function serviceFor(p: number, zone: string, k = 0) {
    const ids = await everydayServiceIds(db, p, zoneId(zone));
    return ids.length ? ids[k % ids.length] : null;
  }

  for (const c of [kavya, rohan, priyaC, imranC]) {
    await fundDemoCustomer(db, c, paise(1_500_000), 'Demo funds for the demo jobs', admin!.id);
  }

  /** `days` ahead of today (India) at `hour`:00 India time. */
  const at = (days: number, hour: number) => indiaSlot(now, days, hour);
  /** A slot booking accepts (2 hours ahead at least): a week ahead, spread over the day by `n`. */
  let n = 0;
  const bookable = () => at(7 + Math.floor(n / 12), 8 + (n++ % 12));

  /** A wallet-paid order of one service for `customerId` at `address`; `visit` moves its slot where booking can't. */
  async function place(customerId: number, addressId: number | null, serviceId: number | null, visit: Date, tip = 0) {
    if (!addressId || !serviceId) return null;
    const bookAt = visit.getTime() >= now.getTime() + 3 * HOUR ? visit : bookable();
    const placed = await placeOrder(
      db,
      WALLET_ONLY,
      {
        customerUserId: customerId,
        addressId,
        tipPaise: paise(tip * 100),
        mode: 'Wallet',
        useWallet: true,
        idempotency: { key: null, hash: '' },
        actor: { id: customerId },
        items: [{ serviceId, quantity: 1, slotStart: bookAt }],
      },
      { company: o.company },
    );
    const [line] = await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.orderId));
    if (bookAt !== visit) await db.transaction((tx) => moveSlotForSeed(tx, line.id, visit));
    return line.id;
  }

  const assign = (lineId: number, p: number, when: Date) =>
    db.transaction((tx) => applyLineEvent(tx, lineId, 'ASSIGN', admin!.id, { professionalUserId: p, now: when }));
  const asPro = (p: number) => ({ id: p, role: 'TE' as const });
  const accept = (lineId: number, p: number, when: Date) => moveJob(db, asPro(p), { lineId, rejFlag: 0 }, when);

  /** Assigned the day before, accepted, carried out at `visit` (completion an hour later), rated if `review`. */
  async function visited(lineId: number | null, p: number, customerId: number, visit: Date, review?: number) {
    if (!lineId) return;
    await assign(lineId, p, new Date(visit.getTime() - DAY));
    await accept(lineId, p, new Date(visit.getTime() - DAY + HOUR));
    const finished = new Date(visit.getTime() + HOUR);
    await db.transaction((tx) => completeForSeed(tx, lineId, p, finished));
    if (review !== undefined) {
      const r = REVIEWS[review % REVIEWS.length];
      await db.transaction((tx) =>
        rateLine(tx, lineId, {
          rating: r.stars,
          review: r.review,
          actorId: customerId,
          now: new Date(finished.getTime() + 3 * HOUR),
        }),
      );
    }
  }

  const hourNow = new Date(now.getTime() + IST).getUTCHours();

  // ---- the demo technician (Tarun): today, the coming days, and his past visits
  // Today: a visit done this morning (when the morning is over), two accepted jobs and one waiting for his answer.
  if (hourNow >= 10) {
    await visited(
      await place(rohan.id, homes.rohan, await serviceFor(tech.id, 'Koramangala', 1), at(0, 8), 50),
      tech.id,
      rohan.id,
      at(0, 8),
    );
  }
  const today1 = await place(kavya.id, homes.kavya, await serviceFor(tech.id, 'Koramangala', 2), at(0, 11), 50);
  if (today1) {
    await assign(today1, tech.id, new Date(now.getTime() - DAY));
    await accept(today1, tech.id, new Date(now.getTime() - DAY + HOUR));
  }
  const today2 = await place(priyaC.id, homes.priya, await serviceFor(tech.id, 'Indiranagar', 0), at(0, 14));
  if (today2) await assign(today2, tech.id, new Date(now.getTime() - 2 * HOUR));
  if (today2) await accept(today2, tech.id, new Date(now.getTime() - HOUR));
  const today3 = await place(kavya.id, homes.kavyaOffice, await serviceFor(tech.id, 'Andheri', 0), at(0, 17));
  if (today3) await assign(today3, tech.id, new Date(now.getTime() - HOUR));
  // Coming days: one accepted, one assigned, one he rejected (back to open), two open jobs he could take.
  const soon = await place(rohan.id, homes.rohan, await serviceFor(tech.id, 'Koramangala', 3), at(1, 10));
  if (soon) {
    await assign(soon, tech.id, now);
    await accept(soon, tech.id, now);
  }
  const waiting = await place(priyaC.id, homes.priya, await serviceFor(tech.id, 'Indiranagar', 1), at(2, 12));
  if (waiting) await assign(waiting, tech.id, now);
  const turnedDown = await place(priyaC.id, homes.priya, await serviceFor(tech.id, 'Indiranagar', 2), at(2, 16));
  if (turnedDown) {
    await assign(turnedDown, tech.id, now);
    await moveJob(
      db,
      asPro(tech.id),
      { lineId: turnedDown, rejFlag: 1, reason: 'Another job runs late that day' },
      now,
    );
  }
  await place(kavya.id, homes.kavyaOffice, await serviceFor(tech.id, 'Andheri', 1), at(1, 15));
  await place(rohan.id, homes.rohan, await serviceFor(tech.id, 'Koramangala', 4), at(3, 9), 20);
  // Cancelled by the customer while assigned (more than 3 hours ahead: free).
  const dropped = await place(rohan.id, homes.rohan, await serviceFor(tech.id, 'Koramangala', 5), at(4, 11));
  if (dropped) {
    await assign(dropped, tech.id, now);
    await cancelAsCustomer(db, rohan.id, dropped, 'Fixed it myself', now);
  }
  // Past: completed yesterday (waiting for the rating) and three rated visits.
  await visited(
    await place(kavya.id, homes.kavya, await serviceFor(tech.id, 'Koramangala', 6), at(-1, 16), 50),
    tech.id,
    kavya.id,
    at(-1, 16),
  );
  let k = 0;
  for (const [days, c, home, zone] of [
    [2, rohan, homes.rohan, 'Koramangala'],
    [4, priyaC, homes.priya, 'Indiranagar'],
    [6, kavya, homes.kavyaOffice, 'Andheri'],
  ] as const) {
    await visited(
      await place(c.id, home, await serviceFor(tech.id, zone, 7 + k), at(-days, 10 + k)),
      tech.id,
      c.id,
      at(-days, 10 + k),
      k,
    );
    k++;
  }

  // ---- other professionals: rated visits, and their own open jobs
  for (const [p, zone, c, home] of [
    [priya, 'Koramangala', rohan, homes.rohan],
    [priya, 'Indiranagar', priyaC, homes.priya],
    [imran, 'Whitefield', imranC, homes.imran],
    [imran, 'Koramangala', kavya, homes.kavya],
    [sunil, 'Andheri', kavya, homes.kavyaOffice],
  ] as const) {
    await visited(
      await place(c.id, home, await serviceFor(p.id, zone, k), at(-(3 + k), 9 + (k % 8))),
      p.id,
      c.id,
      at(-(3 + k), 9 + (k % 8)),
      k,
    );
    k++;
  }
  // Priya took an open job herself; Imran has one waiting for his answer; Sunil accepted one.
  const taken = await place(rohan.id, homes.rohan, await serviceFor(priya.id, 'Koramangala', 2), at(1, 12));
  if (taken) await moveJob(db, asPro(priya.id), { lineId: taken, rejFlag: 0 }, now);
  const imranJob = await place(imranC.id, homes.imran, await serviceFor(imran.id, 'Whitefield', 3), at(2, 10));
  if (imranJob) await assign(imranJob, imran.id, now);
  const sunilJob = await place(kavya.id, homes.kavyaOffice, await serviceFor(sunil.id, 'Andheri', 2), at(3, 12));
  if (sunilJob) {
    await assign(sunilJob, sunil.id, now);
    await accept(sunilJob, sunil.id, now);
  }
  await place(imranC.id, homes.imran, await serviceFor(imran.id, 'Whitefield', 4), at(2, 13));

  // Every professional's figures from their rated lines (the rating writes keep them; this makes the seeds' order moot).
  await db.transaction((tx) => resyncRatingsForSeed(tx));
}
