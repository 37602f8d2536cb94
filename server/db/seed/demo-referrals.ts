import { eq, inArray } from 'drizzle-orm';
import type { CompanyConfig } from '../../config';
import { applyLineEvent, moveSlotForSeed, placeOrder, signup } from '../../domains/commerce';
import { completeForSeed, moveJob } from '../../domains/fieldService';
import { backdateSignupForSeed, setCost } from '../../domains/marketing';
import { paise } from '../../money';
import type { Db } from '../client';
import { customerAddresses, customers, orderLines, referralCosts, states, users, zones } from '../schema';
import { DEMO_ACCOUNTS } from './demo';
import { DAY, everydayServiceIds, fundDemoCustomer, HOUR, indiaSlot, WALLET_ONLY } from './demo-shared';

/** The people who joined with the demo customer's referral code. */
export const DEMO_REFERRED = [
  // Paid: her first visit (Indiranagar, the demo technician) was completed; Kavya's wallet got the reward.
  {
    fullName: 'Ananya Iyer',
    mobileNo: '9000000121',
    email: 'ananya.iyer@doorstep.test',
    pinCode: '560038',
    address: '14, 2nd Cross, HAL 2nd Stage, Indiranagar',
    daysAgo: 12,
    visit: true,
  },
  // Refused: the same mailbox as the demo customer (customer+family@ is customer@), so not paid at her first visit.
  {
    fullName: 'Kavya Family',
    mobileNo: '9000000122',
    email: 'customer+family@doorstep.test',
    pinCode: '560038',
    address: '7, 12th Main Road, Indiranagar',
    daysAgo: 9,
    visit: true,
  },
  // Pending: signed up, no visit completed yet.
  {
    fullName: 'Rahul Verma',
    mobileNo: '9000000123',
    email: 'rahul.verma@doorstep.test',
    pinCode: '560038',
    address: '101, Defence Colony, Indiranagar',
    daysAgo: 3,
    visit: false,
  },
];

/**
 * Referral demo data (decision 024), after the demo catalogue, orders, professionals and dispatch (server/main.ts): the
 * demo admin set the referral cost (₹50, then ₹100, kept as the referral update history); three people joined with
 * the demo customer's code through the real sign-up; two of them had a wallet-paid first visit carried out by the demo
 * technician and completed through the professional-jobs completion, which paid the demo customer ₹100 for one and
 * refused the other as a self-referral; the third waits. Does nothing when a referral cost exists.
 */
export async function seedDemoReferrals(db: Db, o: { company: CompanyConfig; password: string; now?: Date }) {
  const now = o.now ?? new Date();
  const [already] = await db.select({ id: referralCosts.id }).from(referralCosts).limit(1);
  if (already) return;
  const mobileOf = (role: 'A' | 'TE' | 'Cust') => DEMO_ACCOUNTS.find((a) => a.role === role)!.mobileNo;
  const people = await db
    .select({ id: users.id, mobileNo: users.mobileNo, fullName: users.fullName })
    .from(users)
    .where(inArray(users.mobileNo, [mobileOf('A'), mobileOf('TE'), mobileOf('Cust')]));
  const who = (m: string) => people.find((p) => p.mobileNo === m);
  const admin = who(mobileOf('A'));
  const tech = who(mobileOf('TE'));
  const kavya = who(mobileOf('Cust'));
  if (!admin || !tech || !kavya) return;
  // The demo customer's code (KAVY2026), as a friend would type it.
  const [code] = await db
    .select({ referralCode: customers.referralCode })
    .from(customers)
    .where(eq(customers.userId, kavya.id));
  if (!code) return;

  await setCost(db, paise(5_000), admin, new Date(now.getTime() - 60 * DAY));
  await setCost(db, paise(10_000), admin, new Date(now.getTime() - 30 * DAY));

  const [zone] = await db.select({ id: zones.id }).from(zones).where(eq(zones.zoneName, 'Indiranagar'));
  const [karnataka] = await db.select({ id: states.id }).from(states).where(eq(states.name, 'Karnataka'));
  const serviceIds = zone ? await everydayServiceIds(db, tech.id, zone.id) : [];

  /** `days` from today (India) at `hour`:00 India time. */
  const at = (days: number, hour: number) => indiaSlot(now, days, hour);

  let k = 0;
  for (const p of DEMO_REFERRED) {
    const made = await signup(db, {
      fullName: p.fullName,
      mobileNo: p.mobileNo,
      email: p.email,
      city: 'Bengaluru',
      pinCode: p.pinCode,
      referral: code.referralCode,
      password: o.password,
    });
    const joined = new Date(now.getTime() - p.daysAgo * DAY);
    await db.transaction((tx) => backdateSignupForSeed(tx, made.Id, joined));
    const serviceId = serviceIds[(k + 8) % Math.max(serviceIds.length, 1)];
    if (!p.visit || !serviceId) continue;
    const [address] = await db
      .insert(customerAddresses)
      .values({
        customerUserId: made.Id,
        address: p.address,
        pinCode: p.pinCode,
        city: 'Bengaluru',
        state: 'Karnataka',
        stateId: karnataka?.id ?? null,
        receiverName: p.fullName,
        receiverMobileNo: p.mobileNo,
        isDefault: true,
      })
      .returning({ id: customerAddresses.id });
    await fundDemoCustomer(
      db,
      { id: made.Id, fullName: p.fullName },
      paise(300_000),
      'Demo funds for a first visit',
      admin.id,
    );
    // Booked at a slot booking accepts (two weeks ahead), then moved to the day of the visit (seed only).
    const placed = await placeOrder(
      db,
      WALLET_ONLY,
      {
        customerUserId: made.Id,
        addressId: address.id,
        tipPaise: paise(0),
        mode: 'Wallet',
        useWallet: true,
        idempotency: { key: null, hash: '' },
        actor: { id: made.Id },
        items: [{ serviceId, quantity: 1, slotStart: at(14, 9 + k) }],
      },
      { company: o.company },
    );
    const [line] = await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.orderId));
    const visit = at(-(p.daysAgo - 2), 11 + k);
    await db.transaction((tx) => moveSlotForSeed(tx, line.id, visit));
    await db.transaction((tx) =>
      applyLineEvent(tx, line.id, 'ASSIGN', admin.id, {
        professionalUserId: tech.id,
        now: new Date(visit.getTime() - DAY),
      }),
    );
    await moveJob(db, { id: tech.id, role: 'TE' }, { lineId: line.id, rejFlag: 0 }, new Date(visit.getTime() - DAY));
    // The completion pays (or refuses) the referral, in its own transaction, as the professional's would.
    await db.transaction((tx) => completeForSeed(tx, line.id, tech.id, new Date(visit.getTime() + HOUR)));
    k++;
  }
}
