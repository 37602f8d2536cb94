// Subscriptions (decision 023; the subscription and its discount per service, the Subscription and
// SubscriptionService toggles): plans and their discounts (admin), the plans on sale (everyone),
// buying one from the wallet or through the sandbox provider (customer), and the ledger after each (decision 023).

import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCompany } from '../../server/config';
import { customerSubscriptions, transitionLog } from '../../server/db/schema';
import { activePlanDiscounts, addMonths } from '../../server/domains/marketing/subscriptions/service';
import { checkLedger, walletBalance } from '../../server/domains/money/wallets/service';
import { b64, dataOf, png } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories, subscriptionFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: string;
let f: ReturnType<typeof factories>;
let s: ReturnType<typeof subscriptionFactories>;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.tokenFor('A');
  f = factories(t);
  s = subscriptionFactories(t);
});
afterAll(() => t?.close());
afterEach(async () => {
  const report = await checkLedger(t.db);
  expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
});

const fieldsOf = (res: { body: any }) => (res.body.errors ?? []).map((e: { field: string }) => e.field);
const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });
const take = (token: string, planId: number, mode = 'Wallet', headers: Record<string, string> = key()) =>
  t.api('PUT', `/api/Customer/TakeSubscription?SubscriptionID=${planId}&ApiName=${mode}`, { token, headers });
const onSale = async (token: string | null = null) =>
  dataOf<{ items: any[] }>(await t.api('GET', '/api/Common/GetAllsubscription?pageSize=200', { token })).items;
const historyOf = async (token: string, query = '') =>
  dataOf<{ items: any[]; current: any; total: number }>(
    await t.api('GET', `/api/GetSubscriptionHistoryForCustomer${query}`, { token }),
  );
/** The payer's choice on the sandbox's checkout page: the form's own POST, answered with a redirect. */
const choose = (checkoutUrl: string, outcome: 'pay' | 'fail' | 'cancel') =>
  fetch(new URL(checkoutUrl, t.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
const check = (token: string, uid: string) =>
  t.api('PUT', `/api/Customer/CheckSubscriptionPayment?orderID=${uid}`, { token });

describe('the demo plans', () => {
  // First: the demo catalogue seeds only into a database with no categories yet.
  it('are two plans on sale with service discounts, the demo customer holding one; a second run adds nothing', async () => {
    const { seedDemoCatalogue } = await import('../../server/db/seed/demo-catalogue');
    const { seedDemoSubscriptions, DEMO_PLANS } = await import('../../server/db/seed/demo-subscriptions');
    const { accountOf } = await import('../support/server');
    await seedDemoCatalogue(t.db, `${t.dataDir}/uploads`);
    const opts = {
      adminMobileNo: accountOf('A').mobileNo,
      customerMobileNo: accountOf('Cust').mobileNo,
      uploadsDir: `${t.dataDir}/uploads`,
      company: loadCompany({}),
    };
    await seedDemoSubscriptions(t.db, opts);
    const before = await tableCounts(t.db);
    await seedDemoSubscriptions(t.db, opts);
    expect(await tableCounts(t.db)).toEqual(before);

    const plans = (await onSale()).filter((p) => DEMO_PLANS.some((d) => d.subscriptionName === p.subscriptionName));
    expect(plans.map((p) => [p.subscriptionName, p.discounts.length])).toEqual([
      ['Home Care Silver', 4],
      ['Home Care Gold', 5],
    ]);
    const mine = await historyOf(await t.tokenFor('Cust'));
    expect(mine.current).toMatchObject({ subscriptionName: 'Home Care Silver', status: 'active', paidBy: 'Wallet' });
  });
});

describe('who may do what', () => {
  it('only the admin manages plans and discounts; everyone reads the plans on sale; buying needs a customer', async () => {
    const plan = await s.plan();
    const c = await s.customer(0);
    for (const role of ['MR', 'CD', 'Cust'] as const) {
      const token = await t.tokenFor(role);
      const add = await t.api('POST', '/api/AddSubscriptionDetails', {
        token,
        body: { subscriptionName: 'Nope', durationInMonths: 1, price: 10 },
      });
      expect(add.status, role).toBe(403);
      expect((await t.api('GET', '/api/GetSubscriptionDetails', { token })).status, role).toBe(403);
      expect((await t.api('DELETE', `/api/DeleteSubscriptionDetails?id=${plan.id}`, { token })).status, role).toBe(403);
    }
    expect((await t.api('GET', '/api/GetSubscriptionDetails')).status).toBe(401);
    expect((await onSale()).map((p) => p.id)).toContain(plan.id);
    expect((await onSale(c.tok)).map((p) => p.id)).toContain(plan.id);
    // Visitors never see the admin's purchase counts.
    expect((await onSale()).find((p) => p.id === plan.id).purchases).toBeNull();
    expect((await take('', plan.id)).status).toBe(401);
    expect((await take(await t.tokenFor('MR'), plan.id)).status).toBe(403);
    // A customer names only themself.
    const other = await s.customer(0);
    const theirs = await t.api('GET', `/api/GetSubscriptionHistoryForCustomer?CustomerMobileNo=${other.mobileNo}`, {
      token: c.tok,
    });
    expect(theirs.status).toBe(403);
    const buyForOther = await t.api(
      'PUT',
      `/api/Customer/TakeSubscription?SubscriptionID=${plan.id}&ApiName=Wallet&CustomerMobileNo=${other.mobileNo}`,
      { token: c.tok, headers: key() },
    );
    expect(buyForOther.status).toBe(403);
  });
});

describe('plans', () => {
  it('adds, lists, changes and records a plan; names are unique in any letter case', async () => {
    const added = await t.api('POST', '/api/AddSubscriptionDetails', {
      token: admin,
      body: {
        id: 0,
        subscriptionName: '  Silver   care ',
        durationInMonths: 6,
        price: 599.5,
        imagebase64Data: b64(png()),
        fileName: 'silver.png',
      },
    });
    const plan = dataOf(added, 201);
    expect(plan).toMatchObject({
      subscriptionName: 'Silver care',
      durationInMonths: 6,
      price: 599.5,
      status: true,
      isDelete: false,
      purchases: 0,
      discounts: [],
      imageName: 'silver.png',
    });
    expect(plan.imageUrl).toMatch(/^\/uploads\/subscriptions\//);
    const again = await t.api('POST', '/api/AddSubscriptionDetails', {
      token: admin,
      body: { subscriptionName: 'SILVER CARE', durationInMonths: 1, price: 1 },
    });
    expect(again.status).toBe(409);
    expect(fieldsOf(again)).toEqual(['subscriptionName']);

    const changed = dataOf(
      await t.api('PUT', '/api/UpdateSubscriptionDetails', {
        token: admin,
        body: { id: plan.id, subscriptionName: 'Silver plus', durationInMonths: 12, price: 899, imageUrl: 'x' },
      }),
    );
    expect(changed).toMatchObject({ subscriptionName: 'Silver plus', durationInMonths: 12, price: 899 });
    expect(changed.imageUrl).toBe(plan.imageUrl);
    const one = dataOf(await t.api('GET', `/api/GetSubscriptionDetails?id=${plan.id}`, { token: admin }));
    expect(one.items).toHaveLength(1);
    expect(one.items[0].subscriptionName).toBe('Silver plus');
    expect((await t.api('GET', '/api/GetSubscriptionDetails?id=999999', { token: admin })).status).toBe(404);
    const found = dataOf(await t.api('GET', '/api/GetSubscriptionDetails?search=silver%20p', { token: admin }));
    expect(found.items.map((p: any) => p.id)).toEqual([plan.id]);

    const log = await t.db
      .select()
      .from(transitionLog)
      .where(and(eq(transitionLog.entity, 'SubscriptionPlan'), eq(transitionLog.entityId, plan.id)))
      .orderBy(transitionLog.id);
    expect(log.map((r) => [r.event, r.fromState, r.toState])).toEqual([
      ['ADD', null, 'active'],
      ['CHANGE', 'active', 'active'],
    ]);
    expect(log[1].remark).toBe(
      'name Silver care → Silver plus; price ₹599.50 → ₹899.00; duration 6 months → 12 months',
    );
  });

  it('refuses bad input, naming the field, and writes nothing', async () => {
    const before = await tableCounts(t.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ subscriptionName: 'A', durationInMonths: 1, price: 0 }, 'price'],
      [{ subscriptionName: 'A', durationInMonths: 1, price: 100001 }, 'price'],
      [{ subscriptionName: 'A', durationInMonths: 1, price: 1.005 }, 'price'],
      [{ subscriptionName: 'A', durationInMonths: 0, price: 10 }, 'durationInMonths'],
      [{ subscriptionName: 'A', durationInMonths: 61, price: 10 }, 'durationInMonths'],
      [{ subscriptionName: 'A', durationInMonths: 1.5, price: 10 }, 'durationInMonths'],
      [{ subscriptionName: '   ', durationInMonths: 1, price: 10 }, 'subscriptionName'],
      [{ durationInMonths: 1, price: 10 }, 'subscriptionName'],
      [
        { subscriptionName: 'A', durationInMonths: 1, price: 10, imagebase64Data: b64(Buffer.from('<svg/>')) },
        'imagebase64Data',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/api/AddSubscriptionDetails', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('the Subscription toggle and ChangesubscriptionStatus take a plan off sale and back', async () => {
    const plan = await s.plan();
    dataOf(await t.api('POST', `/api/DeReActivateAll?action1=Subscription&id=${plan.id}`, { token: admin }));
    expect((await onSale()).map((p) => p.id)).not.toContain(plan.id);
    const inactive = dataOf(
      await t.api('GET', '/api/GetSubscriptionDetails?status=inactive&pageSize=200', { token: admin }),
    );
    expect(inactive.items.map((p: any) => p.id)).toContain(plan.id);
    const on = await t.api('PUT', `/api/Common/ChangesubscriptionStatus?id=${plan.id}&status=true`, { token: admin });
    expect(dataOf(on).status).toBe(true);
    expect((await onSale()).map((p) => p.id)).toContain(plan.id);
    const log = await t.db
      .select()
      .from(transitionLog)
      .where(and(eq(transitionLog.entity, 'SubscriptionPlan'), eq(transitionLog.entityId, plan.id)))
      .orderBy(transitionLog.id);
    expect(log.map((r) => r.event)).toEqual(['ADD', 'DEACTIVATE', 'ACTIVATE']);
    expect(
      (await t.api('PUT', `/api/Common/ChangesubscriptionStatus?id=999999&status=true`, { token: admin })).status,
    ).toBe(404);
  });
});

describe('discounts per service', () => {
  it('adds, changes, lists by plan and by service, toggles and removes a discount', async () => {
    const plan = await s.plan();
    const service = await f.service({ price: 1000, discount: 10 });
    const added = await s.discount(plan.id, { ServiceID: service.id, DiscountType: 'F', discount: 150.5 });
    expect(added).toMatchObject({
      subscriptionId: plan.id,
      serviceId: service.id,
      serviceName: service.heading,
      servicePrice: 900,
      discountType: 'F',
      discount: 150.5,
      status: true,
    });
    const second = await t.api('POST', '/api/AddDiscountDetailsForService', {
      token: admin,
      body: { SubscriptionID: plan.id, ServiceID: service.id, discount: 5, DiscountType: 'P' },
    });
    expect(second.status).toBe(409);
    expect(fieldsOf(second)).toEqual(['ServiceID']);

    const changed = dataOf(
      await t.api('PUT', '/api/UpdateDiscountDetailsForService', {
        token: admin,
        body: { id: added.id, SubscriptionID: plan.id, ServiceID: service.id, Discount: 25, DiscountType: 'P' },
      }),
    );
    expect(changed).toMatchObject({ discountType: 'P', discount: 25 });
    const byService = dataOf(
      await t.api('GET', `/api/GetDiscountDetailsForService?ServiceID=${service.id}`, { token: admin }),
    );
    expect(byService.items.map((d: any) => d.id)).toEqual([added.id]);
    const byPlan = dataOf(
      await t.api('GET', `/api/GetDiscountDetailsForService?SubscriptionID=${plan.id}`, { token: admin }),
    );
    expect(byPlan.total).toBe(1);
    expect((await t.api('GET', '/api/GetDiscountDetailsForService?id=999999', { token: admin })).status).toBe(404);

    // The public plan shows the discounts that are on; the toggle takes one off.
    expect((await onSale()).find((p) => p.id === plan.id).discounts.map((d: any) => d.id)).toEqual([added.id]);
    const off = dataOf(
      await t.api('POST', `/api/DeReActivateAll?action1=SubscriptionService&id=${added.id}`, { token: admin }),
    );
    expect(off).toEqual({ id: added.id, active: false });
    expect((await onSale()).find((p) => p.id === plan.id).discounts).toEqual([]);
    const adminView = dataOf(await t.api('GET', `/api/GetSubscriptionDetails?id=${plan.id}`, { token: admin }));
    expect(adminView.items[0].discounts.map((d: any) => [d.id, d.status])).toEqual([[added.id, false]]);

    const gone = await t.api('DELETE', `/api/DeleteDiscountDetailsForService?id=${added.id}`, { token: admin });
    expect(gone.status).toBe(200);
    expect(
      (await t.api('DELETE', `/api/DeleteDiscountDetailsForService?id=${added.id}`, { token: admin })).status,
    ).toBe(404);
    const log = await t.db
      .select()
      .from(transitionLog)
      .where(and(eq(transitionLog.entity, 'SubscriptionDiscount'), eq(transitionLog.entityId, added.id)))
      .orderBy(transitionLog.id);
    expect(log.map((r) => r.event)).toEqual(['ADD', 'CHANGE', 'DEACTIVATE', 'DELETE']);
  });

  it('refuses a bad discount, naming the field (discount on add, Discount on change)', async () => {
    const plan = await s.plan();
    const service = await f.service({ price: 500, discount: 0 });
    const body = { SubscriptionID: plan.id, ServiceID: service.id };
    const before = await tableCounts(t.db);
    const cases: [Record<string, unknown>, string, number][] = [
      [{ ...body, discount: 101, DiscountType: 'P' }, 'discount', 400],
      [{ ...body, discount: 12.5, DiscountType: 'P' }, 'discount', 400],
      [{ ...body, discount: 500, DiscountType: 'F' }, 'discount', 400],
      [{ ...body, discount: 10.001, DiscountType: 'F' }, 'discount', 400],
      [{ ...body, discount: 10, DiscountType: 'X' }, 'DiscountType', 400],
      [{ ...body, SubscriptionID: 999999, discount: 10, DiscountType: 'P' }, 'SubscriptionID', 400],
      [{ ...body, ServiceID: 999999, discount: 10, DiscountType: 'P' }, 'ServiceID', 400],
      [{ ServiceID: service.id, discount: 10, DiscountType: 'P' }, 'SubscriptionID', 400],
    ];
    for (const [b, field, status] of cases) {
      const res = await t.api('POST', '/api/AddDiscountDetailsForService', { token: admin, body: b });
      expect(res.status, JSON.stringify(b)).toBe(status);
      expect(fieldsOf(res), JSON.stringify(b)).toContain(field);
    }
    const fine = await s.discount(plan.id, { ServiceID: service.id });
    const res = await t.api('PUT', '/api/UpdateDiscountDetailsForService', {
      token: admin,
      body: { id: fine.id, ...body, Discount: 0, DiscountType: 'P' },
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(['Discount']);
    const flat = await t.api('PUT', '/api/UpdateDiscountDetailsForService', {
      token: admin,
      body: { id: fine.id, ...body, Discount: 499.99, DiscountType: 'F' },
    });
    expect(dataOf(flat).discount).toBe(499.99);
    expect((await tableCounts(t.db)).subscription_discounts).toBe(before.subscription_discounts + 1);
  });
});

describe('delete rules', () => {
  it('DELETE removes a plan nobody bought, with its discounts; a bought plan is kept (409)', async () => {
    const plan = await s.plan();
    await s.discount(plan.id);
    const removed = await t.api('DELETE', `/api/DeleteSubscriptionDetails?id=${plan.id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect((await t.api('GET', `/api/GetSubscriptionDetails?id=${plan.id}`, { token: admin })).status).toBe(404);
    expect((await t.api('DELETE', `/api/DeleteSubscriptionDetails?id=${plan.id}`, { token: admin })).status).toBe(404);

    const bought = await s.plan({ price: 10 });
    const c = await s.customer(100);
    dataOf(await take(c.tok, bought.id), 201);
    const refused = await t.api('DELETE', `/api/DeleteSubscriptionDetails?id=${bought.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('bought once');
    expect(
      dataOf(await t.api('GET', `/api/GetSubscriptionDetails?id=${bought.id}`, { token: admin })).items[0].purchases,
    ).toBe(1);
  });

  it('PUT withdraws a plan for good: off sale, kept by its holders, its name free again, never changed again', async () => {
    const plan = await s.plan({ price: 10 });
    const service = await f.service();
    await s.discount(plan.id, { ServiceID: service.id, discount: 20 });
    const c = await s.customer(100);
    dataOf(await take(c.tok, plan.id), 201);
    const withdrawn = dataOf(await t.api('PUT', `/api/DeleteSubscriptionDetails?id=${plan.id}`, { token: admin }));
    expect(withdrawn).toMatchObject({ id: plan.id, isDelete: true });
    // Again: nothing changes.
    expect(dataOf(await t.api('PUT', `/api/DeleteSubscriptionDetails?id=${plan.id}`, { token: admin })).isDelete).toBe(
      true,
    );
    expect((await onSale()).map((p) => p.id)).not.toContain(plan.id);
    const list = dataOf(await t.api('GET', '/api/GetSubscriptionDetails?pageSize=200', { token: admin }));
    expect(list.items.map((p: any) => p.id)).not.toContain(plan.id);
    const deleted = dataOf(await t.api('GET', '/api/GetSubscriptionDetails?deleted=Y&pageSize=200', { token: admin }));
    expect(deleted.items.map((p: any) => p.id)).toContain(plan.id);
    // The holder keeps the plan's discount at checkout.
    const held = await activePlanDiscounts(t.db, c.id, [service.id], new Date());
    expect(held?.subscriptionId).toBe(plan.id);
    expect(held?.discounts.get(service.id)).toEqual({ discountType: 'P', discount: 20 });
    // Nobody buys it any more, and it cannot be changed or put on sale again.
    const buyer = await s.customer(100);
    expect((await take(buyer.tok, plan.id)).status).toBe(404);
    const change = await t.api('PUT', '/api/UpdateSubscriptionDetails', {
      token: admin,
      body: { id: plan.id, subscriptionName: 'x', durationInMonths: 1, price: 1 },
    });
    expect(change.status).toBe(409);
    expect(
      (await t.api('PUT', `/api/Common/ChangesubscriptionStatus?id=${plan.id}&status=true`, { token: admin })).status,
    ).toBe(409);
    // The toggle takes it off (it was still switched on), but never back on.
    const toggle = () => t.api('POST', `/api/DeReActivateAll?action1=Subscription&id=${plan.id}`, { token: admin });
    expect(dataOf(await toggle())).toEqual({ id: plan.id, active: false });
    expect((await toggle()).status).toBe(409);
    const discountOnDeleted = await t.api('POST', '/api/AddDiscountDetailsForService', {
      token: admin,
      body: { SubscriptionID: plan.id, ServiceID: (await f.service()).id, discount: 5, DiscountType: 'P' },
    });
    expect(discountOnDeleted.status).toBe(409);
    // Its name may be used again.
    await s.plan({ subscriptionName: plan.subscriptionName.toUpperCase() });
  });

  it('UpdateSubscriptionDetails with isDelete withdraws the plan', async () => {
    const plan = await s.plan();
    const res = await t.api('PUT', '/api/UpdateSubscriptionDetails', {
      token: admin,
      body: {
        id: plan.id,
        subscriptionName: plan.subscriptionName,
        durationInMonths: 2,
        price: 20,
        isDelete: true,
        status: false,
      },
    });
    expect(dataOf(res)).toMatchObject({ isDelete: true, status: false, durationInMonths: 2, price: 20 });
  });
});

describe('buying a plan from the wallet', () => {
  it('pays once from the wallet; the plan runs from now for its months; a second purchase is refused naming it', async () => {
    const plan = await s.plan({ price: 499, durationInMonths: 3 });
    const service = await f.service();
    const d = await s.discount(plan.id, { ServiceID: service.id, discount: 15 });
    const off = await s.discount(plan.id, { discount: 50 });
    dataOf(await t.api('POST', `/api/DeReActivateAll?action1=SubscriptionService&id=${off.id}`, { token: admin }));
    const c = await s.customer(1000);
    const before = Date.now();
    const res = await take(c.tok, plan.id);
    const bought = dataOf(res, 201);
    expect(res.body.message).toMatch(new RegExp(`^${plan.subscriptionName} is yours until `));
    expect(bought).toMatchObject({
      subscriptionId: plan.id,
      status: 'active',
      price: 499,
      durationInMonths: 3,
      paidBy: 'Wallet',
      paymentOrderId: null,
      checkoutUrl: null,
      replayed: false,
      customerMobileNo: c.mobileNo,
    });
    const startsAt = new Date(bought.startsAt);
    expect(startsAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(bought.endsAt).toISOString()).toBe(addMonths(startsAt, 3).toISOString());
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(50_100);
    const wallet = dataOf(
      await t.api('GET', `/api/GetWalletHistoryForCustomer?CustomerMobileNo=${c.mobileNo}`, { token: c.tok }),
    );
    expect(wallet.items[0]).toMatchObject({ Type: 'Debit', Amount: 499, Kind: 'Subscription plan' });

    // The checkout reads the plan's discounts that are on.
    const held = await activePlanDiscounts(t.db, c.id, [service.id, off.serviceId], new Date());
    expect(held).toMatchObject({ customerSubscriptionId: bought.id, subscriptionId: plan.id });
    expect([...held!.discounts]).toEqual([[service.id, { discountType: d.discountType, discount: 15 }]]);
    expect(await activePlanDiscounts(t.db, c.id, [service.id], new Date(bought.endsAt))).toBeNull();

    const h = await historyOf(c.tok);
    expect(h.current).toMatchObject({ id: bought.id, status: 'active' });
    expect(h.items.map((p: any) => p.id)).toEqual([bought.id]);
    const other = await s.plan({ price: 10 });
    const again = await take(c.tok, other.id);
    expect(again.status).toBe(409);
    expect(fieldsOf(again)).toEqual(['SubscriptionID']);
    expect(again.body.detail).toContain(`You already hold ${plan.subscriptionName} until `);
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(50_100);

    const byId = dataOf(
      await t.api('GET', `/api/GetSubscriptionBySubscriptionID?SubscriptionID=${plan.id}`, { token: c.tok }),
    );
    expect(byId.plan.id).toBe(plan.id);
    expect(byId.purchases.map((p: any) => p.id)).toEqual([bought.id]);
    // The admin sees who bought what.
    const all = dataOf(
      await t.api('GET', `/api/GetSubscriptionHistoryForCustomer?SubscriptionID=${plan.id}`, { token: admin }),
    );
    expect(all.items.map((p: any) => p.customerMobileNo)).toEqual([c.mobileNo]);
    expect(all.current).toBeNull();
    const log = await t.db
      .select()
      .from(transitionLog)
      .where(and(eq(transitionLog.entity, 'CustomerSubscription'), eq(transitionLog.entityId, bought.id)));
    expect(log.map((r) => [r.event, r.toState])).toEqual([['PAID_FROM_WALLET', 'active']]);
  });

  it('refuses a wallet that holds too little (409 naming ApiName), a plan off sale or unknown (404)', async () => {
    const plan = await s.plan({ price: 500 });
    const c = await s.customer(100);
    const poor = await take(c.tok, plan.id);
    expect(poor.status).toBe(409);
    expect(fieldsOf(poor)).toEqual(['ApiName']);
    expect(poor.body.detail).toContain('Your wallet holds ₹100.00, less than the ₹500.00');
    expect((await take(c.tok, 999999)).status).toBe(404);
    await t.api('PUT', `/api/Common/ChangesubscriptionStatus?id=${plan.id}&status=false`, { token: admin });
    expect((await take(c.tok, plan.id)).status).toBe(404);
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(10_000);
    expect(
      await t.db.select().from(customerSubscriptions).where(eq(customerSubscriptions.customerUserId, c.id)),
    ).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with the first purchase; the key with another request is 422', async () => {
    const plan = await s.plan({ price: 100 });
    const c = await s.customer(1000);
    const same = key();
    const first = dataOf(await take(c.tok, plan.id, 'Wallet', same), 201);
    const replay = await take(c.tok, plan.id, 'Wallet', same);
    expect(dataOf(replay, 200)).toMatchObject({ id: first.id, replayed: true, status: 'active' });
    const other = await s.plan({ price: 100 });
    expect((await take(c.tok, other.id, 'Wallet', same)).status).toBe(422);
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(90_000);
  });

  it('lets the admin buy for a customer, from the customer’s wallet', async () => {
    const plan = await s.plan({ price: 100 });
    const c = await s.customer(100);
    const res = await t.api(
      'PUT',
      `/api/Customer/TakeSubscription?SubscriptionID=${plan.id}&ApiName=Wallet&CustomerMobileNo=${c.mobileNo}`,
      { token: admin, headers: key() },
    );
    expect(dataOf(res, 201)).toMatchObject({ status: 'active', customerMobileNo: c.mobileNo });
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(0);
    const noCustomer = await t.api('PUT', `/api/Customer/TakeSubscription?SubscriptionID=${plan.id}&ApiName=Wallet`, {
      token: admin,
    });
    expect(noCustomer.status).toBe(400);
    expect(fieldsOf(noCustomer)).toEqual(['CustomerMobileNo']);
  });
});

describe('buying a plan through the sandbox provider', () => {
  it('awaits the payment, then is active from the payment; the wallet ends where it began', async () => {
    const plan = await s.plan({ price: 299, durationInMonths: 1 });
    const c = await s.customer(0);
    const started = dataOf(await take(c.tok, plan.id, 'sandbox'), 201);
    expect(started).toMatchObject({ status: 'awaitingPayment', paidBy: 'sandbox', startsAt: null, endsAt: null });
    expect(started.checkoutUrl).toBe(`/sandbox/checkout/${started.paymentOrderId}`);
    // Awaiting its payment, the customer cannot buy another.
    const twice = await take(c.tok, plan.id, 'sandbox');
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toContain('awaiting its payment');
    expect((await historyOf(c.tok)).current).toMatchObject({ id: started.id, status: 'awaitingPayment' });

    const paid = await choose(started.checkoutUrl, 'pay');
    const back = new URL(paid.headers.get('location')!);
    expect(back.pathname).toBe('/SubscriptionPlan');
    expect(back.searchParams.get('UID')).toBe(started.paymentOrderId);
    const before = Date.now();
    const verified = await check(c.tok, started.paymentOrderId);
    const active = dataOf(verified);
    expect(verified.body.message).toMatch(new RegExp(`^Payment received: ${plan.subscriptionName} is yours until `));
    expect(active).toMatchObject({ id: started.id, status: 'active', checkoutUrl: null });
    expect(new Date(active.startsAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(active.endsAt).toISOString()).toBe(addMonths(new Date(active.startsAt), 1).toISOString());
    // A reload repeats it; the money went in and out of the wallet once each.
    expect(dataOf(await check(c.tok, started.paymentOrderId)).status).toBe('active');
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(0);
    const h = dataOf(
      await t.api('GET', `/api/GetWalletHistoryForCustomer?CustomerMobileNo=${c.mobileNo}`, { token: c.tok }),
    );
    expect(h.items.map((r: any) => [r.Type, r.Amount, r.Kind])).toEqual([
      ['Debit', 299, 'Subscription plan'],
      ['Credit', 299, 'Top-up'],
    ]);
    // Nobody else verifies it; an order's or a top-up's payment is not a plan's.
    const other = await s.customer(0);
    expect((await check(other.tok, started.paymentOrderId)).status).toBe(404);
    expect((await check(c.tok, 'DSWNOSUCHORDER')).status).toBe(404);
  });

  it('a failed payment leaves the purchase failed, and the customer may buy again', async () => {
    const plan = await s.plan({ price: 299 });
    const c = await s.customer(500);
    const started = dataOf(await take(c.tok, plan.id, 'sandbox'), 201);
    await choose(started.checkoutUrl, 'fail');
    const failed = await check(c.tok, started.paymentOrderId);
    expect(dataOf(failed)).toMatchObject({ id: started.id, status: 'failed' });
    expect(failed.body.message).toBe('The payment failed: your plan was not bought. You can try again.');
    expect((await historyOf(c.tok)).current).toBeNull();
    const bought = dataOf(await take(c.tok, plan.id), 201);
    expect(bought.status).toBe('active');
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(20_100);
    expect((await historyOf(c.tok)).items.map((p: any) => p.status)).toEqual(['active', 'failed']);
  });

  it('refuses a provider this server has not set up, naming ApiName', async () => {
    const plan = await s.plan();
    const c = await s.customer(0);
    const res = await take(c.tok, plan.id, 'RP');
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(['ApiName']);
  });
});

describe('addMonths: calendar months on India’s calendar', () => {
  it('keeps the day and time, or takes the month’s last day', () => {
    expect(addMonths(new Date('2026-01-10T08:30:00Z'), 3).toISOString()).toBe('2026-04-10T08:30:00.000Z');
    expect(addMonths(new Date('2026-01-31T06:00:00Z'), 1).toISOString()).toBe('2026-02-28T06:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T06:00:00Z'), 1).toISOString()).toBe('2028-02-29T06:00:00.000Z');
    expect(addMonths(new Date('2026-11-15T00:00:00Z'), 12).toISOString()).toBe('2027-11-15T00:00:00.000Z');
    // 31 Mar 02:00 India time (30 Mar UTC) + 1 month is 30 Apr 02:00 India time.
    expect(addMonths(new Date('2026-03-30T20:30:00Z'), 1).toISOString()).toBe('2026-04-29T20:30:00.000Z');
  });
});
