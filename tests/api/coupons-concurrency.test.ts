// Coupon limits under concurrency (decisions 021 and 026), on PostgreSQL only (PGlite is one connection, so
// nothing races): 100 customers place at once with a coupon limited to 10, and one customer places 10 times at once
// with a coupon limited to 1 per customer. Placings run over a pool of connections; checkLedger after each.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCompany, loadPayments } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/client';
import {
  categories,
  categoryZones,
  cities,
  couponRedemptions,
  coupons,
  homeScreenAds,
  orders,
  services,
  states,
  subCategories,
  users,
  zonePincodes,
  zones,
} from '../../server/db/schema';
import { placeOrder } from '../../server/domains/commerce/orders/service';
import { checkLedger, requestHash } from '../../server/domains/money/wallets/service';
import { type Paise, paise } from '../../server/money';
import { paymentProviders } from '../../server/plugins/payments';
import { fundedCustomer, templateCopy } from '../support/server-processes';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;
if (!process.env.DATABASE_URL) console.log(`coupons-concurrency.test.ts skipped: ${skipped}`);

const DAY = 86_400_000;

describe.skipIf(skipped)(`coupon limits under concurrency${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let copy: Awaited<ReturnType<typeof templateCopy>>;
  let database: Database;
  let adminId: number;
  let serviceId: number;
  const pinCode = '569911';

  beforeAll(async () => {
    copy = await templateCopy(process.env.DATABASE_URL!, 'doorstep_coupons');
    database = await openDatabase({ databaseUrl: copy.url });
    const db = database.db;
    adminId = (await db.select({ id: users.id }).from(users).where(eq(users.role, 'A')).limit(1))[0].id;
    // A Bengaluru zone with its own pincode, a category served there and one ₹100 service (18% GST, no discount).
    const [place] = await db
      .select({ stateId: cities.stateId, cityId: cities.id })
      .from(cities)
      .innerJoin(states, eq(states.id, cities.stateId))
      .where(and(eq(states.name, 'Karnataka'), eq(cities.name, 'Bengaluru')));
    const [zone] = await db
      .insert(zones)
      .values({ zoneName: 'Coupon race zone', ...place })
      .returning();
    await db.insert(zonePincodes).values({ zoneId: zone.id, pinCode });
    const [category] = await db.insert(categories).values({ name: 'Coupon race category' }).returning();
    await db.insert(categoryZones).values({ categoryId: category.id, zoneId: zone.id });
    const [sub] = await db
      .insert(subCategories)
      .values({ name: 'Coupon race sub-category', categoryId: category.id })
      .returning();
    const [service] = await db
      .insert(services)
      .values({
        heading: 'Coupon race service',
        subCategoryId: sub.id,
        pricePaise: paise(10_000),
        discountPercent: 0,
        gstPercent: 18,
        professionalType: 'Technician',
      })
      .returning();
    serviceId = service.id;
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await copy?.drop();
  });

  afterEach(async () => {
    const report = await checkLedger(database.db);
    expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
  });

  async function coupon(code: string, totalLimit: number, perCustomerLimit: number) {
    const [ad] = await database.db
      .insert(homeScreenAds)
      .values({ advType: 'CO', description: code, addedBy: adminId, addedByRole: 'MR' })
      .returning();
    await database.db.insert(coupons).values({
      adId: ad.id,
      code,
      discountType: 'P',
      percent: 10,
      validFrom: new Date(Date.now() - DAY),
      validTo: new Date(Date.now() + 30 * DAY),
      totalLimit,
      perCustomerLimit,
      state: 'approved',
      createdBy: adminId,
    });
    return ad.id;
  }

  const customer = (tag: string, rupees: number) => fundedCustomer(database.db, { tag, pinCode, rupees, adminId });

  const slotAt = (days: number) =>
    new Date(`${new Date(Date.now() + days * DAY + 5.5 * 3_600_000).toISOString().slice(0, 10)}T10:00:00+05:30`);

  function placeWith(c: { id: number; addressId: number }, code: string, i: number) {
    const providers = paymentProviders(loadPayments({}), {
      db: database.db,
      dataDir: copy.url,
      sandboxSecret: 'coupon-race',
    });
    return placeOrder(
      database.db,
      providers,
      {
        customerUserId: c.id,
        addressId: c.addressId,
        tipPaise: 0 as Paise,
        mode: 'Wallet',
        useWallet: false,
        couponCode: code,
        idempotency: { key: `coupon-${i}-${crypto.randomUUID()}`, hash: requestHash('coupon', c.id, i) },
        actor: { id: c.id },
        items: [{ serviceId, quantity: 1, slotStart: slotAt(3 + (i % 5)) }],
      },
      { company: loadCompany({}) },
    );
  }

  const liveRedemptions = async (couponId: number) =>
    database.db
      .select()
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), isNull(couponRedemptions.releasedAt)));

  it('100 customers at once on a coupon limited to 10: exactly 10 get it, 90 are refused as used up', async () => {
    const couponId = await coupon('RACE10', 10, 1);
    const people: Awaited<ReturnType<typeof customer>>[] = [];
    // Ten at a time: sign-up's password hashing is the slow part of the set-up.
    for (let i = 0; i < 100; i += 10) {
      people.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => customer(`cp${i + j}`, 200)))));
    }
    const outcomes = await Promise.allSettled(people.map((p, i) => placeWith(p, 'RACE10', i)));
    const placed = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(90);
    for (const r of refused) {
      expect((r.reason as { statusCode: number }).statusCode).toBe(400);
      expect((r.reason as { errors: { field: string; message: string }[] }).errors[0]).toEqual({
        field: 'CouponCode',
        message: 'Coupon RACE10 has been used up.',
      });
    }
    expect(await liveRedemptions(couponId)).toHaveLength(10);
    // Nothing of the refused placings was written.
    const withCoupon = await database.db.select().from(orders).where(eq(orders.couponId, couponId));
    expect(withCoupon).toHaveLength(10);
  }, 240_000);

  it('one customer 10 times at once on a coupon limited to 1 per customer: one order takes it', async () => {
    const couponId = await coupon('ONCE1', 100, 1);
    const c = await customer('once', 2000);
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => placeWith(c, 'ONCE1', i)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const r of outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[]) {
      expect((r.reason as { errors: { message: string }[] }).errors[0].message).toBe(
        'You have already used coupon ONCE1.',
      );
    }
    expect(await liveRedemptions(couponId)).toHaveLength(1);
    expect(await database.db.select().from(orders).where(eq(orders.customerUserId, c.id))).toHaveLength(1);
  }, 120_000);
});
