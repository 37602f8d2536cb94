import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { CompanyConfig } from '../../config';
import { subscriptions } from '../../domains/marketing';
import { wallets } from '../../domains/money';
import { type Paise, paise } from '../../money';
import { Storage } from '../../plugins/storage';
import type { Db } from '../client';
import { customerSubscriptions, services, subscriptionPlans, users } from '../schema';
import { fundDemoCustomer, WALLET_ONLY } from './demo-shared';

interface DemoPlan {
  subscriptionName: string;
  durationInMonths: number;
  rupees: number;
  /** Service heading → 'P' percent, or 'F' rupees off each unit. */
  discounts: { service: string; discountType: 'P' | 'F'; discount: number }[];
}

/** Two plans on sale (decision 023); the demo customer holds Home Care Silver, bought from their wallet. */
export const DEMO_PLANS: DemoPlan[] = [
  {
    subscriptionName: 'Home Care Gold',
    durationInMonths: 12,
    rupees: 1499,
    discounts: [
      { service: 'AC Foam-Jet Service', discountType: 'P', discount: 15 },
      { service: 'Kitchen Deep Cleaning', discountType: 'P', discount: 15 },
      { service: 'Cockroach Control (1 BHK)', discountType: 'P', discount: 20 },
      { service: 'Water Tank Cleaning (up to 1,000 L)', discountType: 'F', discount: 100 },
      { service: 'Fan Repair', discountType: 'F', discount: 50 },
    ],
  },
  {
    subscriptionName: 'Home Care Silver',
    durationInMonths: 3,
    rupees: 499,
    discounts: [
      { service: 'AC Foam-Jet Service', discountType: 'P', discount: 10 },
      { service: 'Bathroom Deep Cleaning (1 bathroom)', discountType: 'P', discount: 10 },
      { service: 'Drain Blockage Removal', discountType: 'F', discount: 50 },
      { service: 'Haircut for Men', discountType: 'P', discount: 10 },
    ],
  },
];
const HELD = 'Home Care Silver';

/**
 * Demo subscription plans through the subscriptions service (so their logs are the product's own), made by the demo
 * admin, with discounts on demo catalogue services; the demo customer is credited the price of Home Care Silver and
 * buys it from the wallet. Runs after the demo catalogue and orders. Skips what exists: a plan by name, a discount by
 * plan and service, and the purchase when the demo customer already has one.
 */
export async function seedDemoSubscriptions(
  db: Db,
  opts: { adminMobileNo: string; customerMobileNo: string; uploadsDir: string; company: CompanyConfig },
) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.mobileNo, opts.adminMobileNo));
  const [customer] = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(eq(users.mobileNo, opts.customerMobileNo));
  if (!admin || !customer) return;
  const storage = new Storage(path.resolve(opts.uploadsDir));
  const headings = [...new Set(DEMO_PLANS.flatMap((p) => p.discounts.map((d) => d.service)))];
  const found = await db
    .select({ id: services.id, heading: services.heading })
    .from(services)
    .where(inArray(services.heading, headings));
  const serviceId = new Map(found.map((s) => [s.heading, s.id]));
  const planIds = new Map<string, number>();
  for (const p of DEMO_PLANS) {
    const [exists] = await db
      .select({ id: subscriptionPlans.id })
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.subscriptionName, p.subscriptionName), eq(subscriptionPlans.isDelete, false)));
    const plan =
      exists ??
      (await subscriptions.addPlan(
        db,
        storage,
        {
          subscriptionName: p.subscriptionName,
          durationInMonths: p.durationInMonths,
          pricePaise: paise(p.rupees * 100),
        },
        admin.id,
      ));
    planIds.set(p.subscriptionName, plan.id);
    const current = await subscriptions.getPlan(db, plan.id);
    for (const d of p.discounts) {
      const sid = serviceId.get(d.service);
      if (!sid || current.discounts.some((x) => x.serviceId === sid)) continue;
      await subscriptions.addDiscount(
        db,
        {
          subscriptionId: plan.id,
          serviceId: sid,
          discountType: d.discountType,
          discount: d.discount,
          discountField: 'discount',
        },
        admin.id,
      );
    }
  }

  const [bought] = await db
    .select({ id: customerSubscriptions.id })
    .from(customerSubscriptions)
    .where(eq(customerSubscriptions.customerUserId, customer.id));
  const heldId = planIds.get(HELD);
  if (bought || !heldId) return;
  const price = paise(DEMO_PLANS.find((p) => p.subscriptionName === HELD)!.rupees * 100) as Paise;
  await fundDemoCustomer(db, customer, price, 'Demo funds for a subscription plan', admin.id);
  await subscriptions.takeSubscription(db, WALLET_ONLY, {
    customerUserId: customer.id,
    subscriptionId: heldId,
    mode: 'Wallet',
    company: opts.company,
    idempotency: { key: null, hash: wallets.requestHash('demoSubscription', customer.id, heldId) },
    actor: { id: customer.id },
  });
}
