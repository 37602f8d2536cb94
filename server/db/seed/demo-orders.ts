import { and, asc, eq, lte } from 'drizzle-orm';
import type { CompanyConfig } from '../../config';
import {
  addresses,
  applyLineEvent,
  moveSlotForSeed,
  placeOrder,
  rateLine,
  type Stars,
  signup,
} from '../../domains/commerce';
import { paise } from '../../money';
import type { Db } from '../client';
import { customerAddresses, orderLines, services, users } from '../schema';
import { cancelAsCustomer, DAY, fundDemoCustomer, HOUR, indiaSlot, WALLET_ONLY } from './demo-shared';

/** Customers who rated demo services (they never sign in: their password is random and not kept). */
const RATERS = [
  { fullName: 'Rohan Mehta', mobileNo: '9000000101', email: 'rohan.mehta@doorstep.test', pinCode: '560095' },
  { fullName: 'Priya Nair', mobileNo: '9000000102', email: 'priya.nair@doorstep.test', pinCode: '560038' },
  { fullName: 'Imran Shaikh', mobileNo: '9000000103', email: 'imran.shaikh@doorstep.test', pinCode: '560066' },
];

const REVIEWS: { stars: Stars; review: string | null }[] = [
  { stars: 5, review: 'Arrived on time, explained everything and left the place spotless.' },
  { stars: 4, review: 'Good work. Took a little longer than quoted but the result is fine.' },
  { stars: 5, review: null },
  { stars: 3, review: 'Job done, but I had to call twice to confirm the visit.' },
  { stars: 4, review: 'Polite professional, fair price.' },
  { stars: 5, review: 'Excellent — will book again.' },
];

/**
 * The demo customer's orders in every state (decision 014) and ratings on several services, made the way
 * the product makes them: orders are placed with the orders service (paid from the wallet, funded first by an admin
 * credit), and lines move only through applyLineEvent (ASSIGN to the demo technician, ACCEPT, COMPLETE, RATE) and the
 * cancellation service (refund through the ledger). Completed visits must lie in the past, where booking never puts
 * a slot: they are placed at a valid future slot, and the seed-only moveSlotForSeed then sets the slot back; their
 * completion and rating times are passed in as that past.
 */
export async function seedDemoOrders(db: Db, o: { company: CompanyConfig; customerMobileNo: string; now?: Date }) {
  const now = o.now ?? new Date();
  const person = async (mobileNo: string) =>
    (
      await db
        .select({ id: users.id, fullName: users.fullName, role: users.role })
        .from(users)
        .where(eq(users.mobileNo, mobileNo))
    )[0];
  const customer = await person(o.customerMobileNo);
  const [technician] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'technician@doorstep.test'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@doorstep.test'));
  if (!customer || !technician || !admin) throw new Error('The demo accounts are missing');
  const catalogue = await db
    .select({ id: services.id })
    .from(services)
    // Everyday services (up to ₹1,500), so the demo wallets pay for them.
    .where(and(eq(services.active, true), lte(services.pricePaise, paise(150_000))))
    .orderBy(asc(services.id))
    .limit(12);
  if (catalogue.length < 8) return;
  const serviceAt = (i: number) => catalogue[i % catalogue.length].id;

  /** A valid future slot: `days` ahead at `hour`:00 India time. */
  const slot = (days: number, hour: number) => indiaSlot(now, days, hour);
  /** `days` ago at `hour`:00 India time. */
  const past = (days: number, hour: number) => slot(-days, hour);

  const fund = (userId: number, fullName: string, rupees: number) =>
    fundDemoCustomer(db, { id: userId, fullName }, paise(rupees * 100), 'Demo funds for the demo orders', admin.id);

  async function defaultAddress(userId: number) {
    const [row] = await db
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(and(eq(customerAddresses.customerUserId, userId), eq(customerAddresses.isDefault, true)));
    return row?.id ?? null;
  }

  /** One wallet-paid order of one service; answers its line's id. */
  async function place(userId: number, serviceId: number, at: Date, quantity = 1) {
    const placed = await placeOrder(
      db,
      WALLET_ONLY,
      {
        customerUserId: userId,
        addressId: await defaultAddress(userId),
        tipPaise: paise(0),
        mode: 'Wallet',
        useWallet: true,
        idempotency: { key: null, hash: '' },
        actor: { id: userId },
        items: [{ serviceId, quantity, slotStart: at }],
      },
      { company: o.company },
    );
    const [line] = await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.orderId));
    return line.id;
  }

  /** Carried out by the demo technician on `visit` (in the past). */
  async function completed(lineId: number, visit: Date) {
    await db.transaction(async (tx) => {
      await moveSlotForSeed(tx, lineId, visit);
      const assignedAt = new Date(visit.getTime() - 2 * DAY);
      await applyLineEvent(tx, lineId, 'ASSIGN', admin.id, { professionalUserId: technician.id, now: assignedAt });
      await applyLineEvent(tx, lineId, 'ACCEPT', technician.id, { now: new Date(assignedAt.getTime() + HOUR) });
      await applyLineEvent(tx, lineId, 'COMPLETE', technician.id, { now: new Date(visit.getTime() + HOUR) });
    });
  }

  const rate = (lineId: number, userId: number, r: { stars: Stars; review: string | null }, at: Date) =>
    db.transaction((tx) => rateLine(tx, lineId, { rating: r.stars, review: r.review, actorId: userId, now: at }));

  // ---- the demo customer: one order per state
  await fund(customer.id, customer.fullName, 10_000);
  // Placed, not yet assigned.
  await place(customer.id, serviceAt(0), slot(3, 10));
  // Assigned to the demo technician.
  const assigned = await place(customer.id, serviceAt(1), slot(2, 15));
  await db.transaction((tx) => applyLineEvent(tx, assigned, 'ASSIGN', admin.id, { professionalUserId: technician.id }));
  // Completed five days ago, waiting for the customer's rating.
  await completed(await place(customer.id, serviceAt(2), slot(1, 11)), past(5, 11));
  // Completed and rated.
  const rated = await place(customer.id, serviceAt(3), slot(1, 12));
  await completed(rated, past(12, 16));
  await rate(rated, customer.id, REVIEWS[1], past(11, 18));
  // Cancelled by the customer while unassigned: refunded in full to the wallet, with a credit note.
  const cancelled = await place(customer.id, serviceAt(4), slot(6, 9));
  await cancelAsCustomer(db, customer.id, cancelled, 'Plans changed');

  // ---- a few other customers' completed, rated visits, so the storefront shows ratings
  let k = 0;
  for (const [i, r] of RATERS.entries()) {
    const { Id } = await signup(db, {
      fullName: r.fullName,
      mobileNo: r.mobileNo,
      email: r.email,
      city: 'Bengaluru',
      pinCode: r.pinCode,
      password: `Demo-${crypto.randomUUID()}`,
    });
    await addresses.addAddress(db, Id, {
      adress: `${10 + i}, ${['MG Road', 'CMH Road', 'ITPL Main Road'][i]}`,
      pinCode: r.pinCode,
      city: 'Bengaluru',
      state: 'Karnataka',
      receiverName: r.fullName,
      receiverMobileNo: r.mobileNo,
    });
    await fund(Id, r.fullName, 8_000);
    for (const s of [3, 5, 6, 7].slice(0, 2 + (i % 2))) {
      const review = REVIEWS[k++ % REVIEWS.length];
      const visit = past(20 + k * 3, 10 + (k % 8));
      const lineId = await place(Id, serviceAt(s + i), slot(1, 13));
      await completed(lineId, visit);
      await rate(lineId, Id, review, new Date(visit.getTime() + 5 * HOUR));
    }
  }
}
