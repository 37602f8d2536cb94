// Home-screen advertisements and coupons (decision 021): the advertisement and the coupon offer, AppRej and the
// HomeScreenAdvs toggle, the marketing operations, and a coupon's advType 'CO' with role MR.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, transitionLog } from '../../server/db/schema';
import { expireDue } from '../../server/domains/marketing/homeScreenAds/service';
import { b64, dataOf, png } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { couponFactories, dayFromToday, factories, freshCouponCode } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
let c: ReturnType<typeof couponFactories>;
let admin: string;
let marketing: string;
let customer: string;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  c = couponFactories(t);
  admin = await t.tokenFor('A');
  marketing = await t.tokenFor('MR');
  customer = await t.tokenFor('Cust');
});
afterAll(() => t?.close());

const get = (path: string, token: string | null) => t.api('GET', path, { token });
const listOf = async (advType: 'AD' | 'CO', token: string | null, extra = '') =>
  dataOf<{ items: any[]; total: number }>(
    await get(`/api/GetHomeScreenAdvsByAdvType?AdvType=${advType}&pageSize=200${extra}`, token),
  );
const toggle = (id: number, token = admin) =>
  t.api('POST', `/api/DeReActivateAll?action1=HomeScreenAdvs&id=${id}`, { token });
const decide = (id: number, appRej: 'Approve' | 'Reject', token = admin, remark?: string) =>
  t.api('PUT', `/api/Marketing/CouponsAppRejAdmin?id=${id}&AppRej=${appRej}`, {
    token,
    body: remark === undefined ? {} : { remark },
  });
const logOf = async (entity: string, id: number) =>
  (
    await t.db
      .select()
      .from(transitionLog)
      .where(and(eq(transitionLog.entity, entity), eq(transitionLog.entityId, id)))
      .orderBy(transitionLog.id)
  ).map((r) => [r.event, r.fromState, r.toState]);

describe('advertisements (advType AD)', () => {
  it('the admin adds one with a picture; visitors see it while it is switched on', async () => {
    const added = await t.api('POST', '/api/HomeScreenAdvsInsert', {
      token: admin,
      body: {
        homeScreenAds: {
          advType: 'AD',
          description: 'Monsoon deep cleaning',
          discountDesc: 'Flat 15% off',
          imagebase64Data: b64(png(4, 4)),
          imageName: 'rain.png',
        },
      },
    });
    expect(added.status).toBe(201);
    const ad = added.body.data;
    expect(ad).toMatchObject({
      advType: 'AD',
      description: 'Monsoon deep cleaning',
      discountDesc: 'Flat 15% off',
      status: true,
      addedByRole: 'A',
      coupon: null,
      approveCO_Status: false,
      rejectCO_status: false,
      imageName: 'rain.png',
    });
    expect(ad.imageUrl).toMatch(/^\/uploads\/advertisements\/[0-9a-f]{32}\.png$/);

    expect((await listOf('AD', null)).items.map((a) => a.id)).toContain(ad.id);
    expect(dataOf(await get(`/api/GetHomeScreenAdvsById?id=${ad.id}`, customer))).toMatchObject({
      id: ad.id,
      addedBy: null,
      addedByName: null,
    });

    expect(dataOf(await toggle(ad.id))).toEqual({ id: ad.id, active: false });
    expect((await listOf('AD', null)).items.map((a) => a.id)).not.toContain(ad.id);
    expect((await get(`/api/GetHomeScreenAdvsById?id=${ad.id}`, null)).status).toBe(404);
    expect((await listOf('AD', admin, '&status=inactive')).items.map((a) => a.id)).toContain(ad.id);
    expect(dataOf(await toggle(ad.id))).toEqual({ id: ad.id, active: true });

    const changed = await t.api('PUT', '/api/HomeScreenAdvsUpdate', {
      token: admin,
      body: { id: ad.id, homeScreenAds: { description: 'Monsoon cleaning', discountDesc: 'Flat 20% off' } },
    });
    expect(dataOf(changed)).toMatchObject({
      description: 'Monsoon cleaning',
      discountDesc: 'Flat 20% off',
      imageUrl: ad.imageUrl,
    });

    expect((await t.api('POST', `/api/HomeScreenAdvsDelete?id=${ad.id}`, { token: admin })).status).toBe(200);
    expect((await listOf('AD', admin)).items.map((a) => a.id)).not.toContain(ad.id);
    expect((await get(`/api/GetHomeScreenAdvsById?id=${ad.id}`, admin)).status).toBe(404);
    expect(await logOf('HomeScreenAdvs', ad.id)).toEqual([
      ['ADD', null, 'active'],
      ['DEACTIVATE', 'active', 'inactive'],
      ['ACTIVATE', 'inactive', 'active'],
      ['EDIT', 'active', 'active'],
      ['DELETE', 'active', 'deleted'],
    ]);
  });

  it('is the admin’s: marketing may not add, change or delete one (403), and writes nothing', async () => {
    const ad = await c.advertisement();
    const before = await tableCounts(t.db);
    const add = await t.api('POST', '/api/HomeScreenAdvsInsert', {
      token: marketing,
      body: { homeScreenAds: { advType: 'AD', description: 'x' } },
    });
    expect(add.status).toBe(403);
    const upd = await t.api('PUT', '/api/HomeScreenAdvsUpdate', {
      token: marketing,
      body: { id: ad.id, homeScreenAds: { description: 'x' } },
    });
    expect(upd.status).toBe(403);
    expect((await t.api('POST', `/api/HomeScreenAdvsDelete?id=${ad.id}`, { token: marketing })).status).toBe(403);
    expect((await toggle(ad.id, marketing)).status).toBe(403);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

const details = async (id: number, token = admin) => dataOf<any>(await get(`/api/GetCouponsDetails?id=${id}`, token));
const couponsMR = async (action: string, token = marketing, extra = '') =>
  dataOf<{ items: any[]; total: number }>(
    await get(`/api/Marketing/GetCouponsOffersMR?Action=${action}&pageSize=200${extra}`, token),
  );
const idsOf = (p: { items: { id: number }[] }) => p.items.map((i) => i.id);

describe('a coupon’s life through the API (marketing makes, an admin decides)', () => {
  it('draft → submitted → rejected with a remark → edited → approved → live on the public list', async () => {
    const code = freshCouponCode('LIFE');
    const made = await t.api('POST', '/api/HomeScreenAdvsInsert', {
      token: marketing,
      body: {
        homeScreenAds: { advType: 'CO', description: 'Ten off your first booking', discountDesc: '10% off' },
        couponsOffers: c.terms({ couponCode: code.toLowerCase() }),
      },
    });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe(`Coupon ${code} saved as a draft.`);
    const id = made.body.data.id;
    expect(made.body.data).toMatchObject({
      advType: 'CO',
      addedByRole: 'MR',
      addedByName: 'Meera Marketing',
      status: true,
      approveCO_Status: false,
      rejectCO_status: false,
      coupon: {
        couponId: id,
        couponCode: code,
        state: 'draft',
        stateLabel: 'Draft',
        live: false,
        discountType: 'P',
        discount: 10,
        maxDiscount: 100,
        minOrderValue: 0,
        validFrom: dayFromToday(0),
        validTo: dayFromToday(30),
        totalLimit: 100,
        perCustomerLimit: 1,
        used: 0,
        appliesToAll: true,
        couponsOffers: [],
      },
    });
    expect(idsOf(await couponsMR('Draft'))).toContain(id);
    expect(idsOf(await listOf('CO', null))).not.toContain(id);
    expect((await get(`/api/GetHomeScreenAdvsById?id=${id}`, customer)).status).toBe(404);

    // The draft is not decided before it is submitted.
    const early = await decide(id, 'Approve');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ state: 'draft', allowedEvents: ['EDIT', 'SUBMIT', 'DELETE'] });

    const submitted = dataOf<any>(await t.api('PUT', `/api/Marketing/SubmitCoupon?id=${id}`, { token: marketing }));
    expect(submitted.coupon.state).toBe('pending');
    expect(idsOf(await couponsMR('Pending', admin))).toContain(id);
    expect((await details(id, marketing)).allowedEvents).toEqual(['EDIT', 'DELETE']);
    expect((await details(id, admin)).allowedEvents).toEqual(['EDIT', 'APPROVE', 'REJECT', 'DELETE']);

    // Marketing does not decide; a rejection needs a remark.
    expect((await decide(id, 'Approve', marketing)).status).toBe(403);
    const bare = await decide(id, 'Reject', admin, '  ');
    expect(bare.status).toBe(400);
    expect(bare.body.errors[0].field).toBe('remark');
    const rejected = dataOf<any>(await decide(id, 'Reject', admin, 'Cap it at ₹50, please'));
    expect(rejected).toMatchObject({
      rejectCO_status: true,
      approveCO_Status: false,
      coupon: { state: 'rejected', rejectRemark: 'Cap it at ₹50, please', decidedByName: 'Asha Admin' },
    });
    expect(idsOf(await couponsMR('Rejected'))).toContain(id);

    // Marketing changes the terms: back for approval.
    const edited = await t.api('PUT', `/api/Marketing/UpdateCouponsOffers?id=${id}`, {
      token: marketing,
      body: c.terms({ couponCode: code, maxDiscount: 50 }),
    });
    expect(edited.body.message).toBe(`Coupon ${code} saved and sent for approval.`);
    expect(dataOf<any>(edited).coupon).toMatchObject({ state: 'pending', maxDiscount: 50 });
    expect(dataOf<any>(edited).rejectCO_status).toBe(false);

    const approved = dataOf<any>(await decide(id, 'Approve'));
    expect(approved).toMatchObject({ approveCO_Status: true, coupon: { state: 'approved', live: true } });
    expect(approved.allowedEvents).toEqual(['EDIT', 'DISABLE', 'DELETE']);
    expect(approved.history.map((h: any) => [h.event, h.fromState, h.toState, h.actorName, h.remark])).toEqual([
      ['CREATE', null, 'draft', 'Meera Marketing', code],
      ['SUBMIT', 'draft', 'pending', 'Meera Marketing', null],
      ['REJECT', 'pending', 'rejected', 'Asha Admin', 'Cap it at ₹50, please'],
      ['EDIT', 'rejected', 'pending', 'Meera Marketing', 'Terms changed'],
      ['APPROVE', 'pending', 'approved', 'Asha Admin', null],
    ]);

    // Live: visitors and customers see it with its terms, without who made or decided it.
    const seen = (await listOf('CO', null)).items.find((i) => i.id === id);
    expect(seen).toMatchObject({
      addedBy: null,
      addedByName: null,
      coupon: {
        couponCode: code,
        live: true,
        maxDiscount: 50,
        createdBy: null,
        decidedByName: null,
        rejectRemark: null,
      },
    });
    expect(dataOf<any>(await get(`/api/GetHomeScreenAdvsById?id=${id}`, customer)).coupon.state).toBe('approved');
    expect(idsOf(await couponsMR('Live'))).toContain(id);

    // The decisions history for /Advertisement/MarketingCouponsHistory, and every transition for /Coupons/CouponsHistory.
    const decisions = dataOf<any>(await get(`/api/Marketing/GetCouponsHistory?Action=Decisions&search=${code}`, admin));
    expect(decisions.items.map((r: any) => [r.couponCode, r.event, r.actorName, r.actorRole, r.remark])).toEqual([
      [code, 'APPROVE', 'Asha Admin', 'A', null],
      [code, 'REJECT', 'Asha Admin', 'A', 'Cap it at ₹50, please'],
    ]);
    const all = dataOf<any>(await get(`/api/Marketing/GetCouponsHistory?Action=All&couponId=${id}`, marketing));
    expect(all.total).toBe(5);
  });

  it('submits at once when asked, and an edit of a pending, approved, switched-off or expired coupon goes back for approval', async () => {
    const pending = await c.coupon({}, { submit: true });
    expect(pending.coupon.state).toBe('pending');
    const again = dataOf<any>(
      await t.api('PUT', '/api/HomeScreenAdvsUpdate', {
        token: marketing,
        body: { id: pending.id, homeScreenAds: { description: 'New words' } },
      }),
    );
    expect(again).toMatchObject({ description: 'New words', coupon: { state: 'pending' } });

    const live = await c.approvedCoupon();
    expect(dataOf(await toggle(live.id))).toEqual({ id: live.id, active: false });
    expect((await details(live.id)).status).toBe(false);
    expect(idsOf(await listOf('CO', null))).not.toContain(live.id);
    const back = dataOf<any>(
      await t.api('PUT', '/api/HomeScreenAdvsUpdate', {
        token: marketing,
        body: {
          id: live.id,
          homeScreenAds: { description: 'Still ten off' },
          couponsOffers: c.terms({ couponCode: live.coupon.couponCode, discount: 12 }),
        },
      }),
    );
    expect(back).toMatchObject({ status: true, coupon: { state: 'pending', discount: 12 } });
  });

  it('the HomeScreenAdvs toggle switches an approved coupon off and on; other states are 409', async () => {
    const live = await c.approvedCoupon();
    expect(dataOf(await toggle(live.id))).toEqual({ id: live.id, active: false });
    expect(idsOf(await couponsMR('Disabled'))).toContain(live.id);
    expect(dataOf(await toggle(live.id))).toEqual({ id: live.id, active: true });
    expect(idsOf(await listOf('CO', null))).toContain(live.id);
    const draft = await c.coupon();
    const refused = await toggle(draft.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ state: 'draft' });
    expect(await logOf('Coupon', live.id)).toEqual([
      ['CREATE', null, 'draft'],
      ['SUBMIT', 'draft', 'pending'],
      ['APPROVE', 'pending', 'approved'],
      ['DISABLE', 'approved', 'disabled'],
      ['ENABLE', 'disabled', 'approved'],
    ]);
  });

  it('deletes a coupon: gone from every list, kept with its code', async () => {
    const made = await c.coupon();
    expect((await t.api('POST', `/api/HomeScreenAdvsDelete?id=${made.id}`, { token: marketing })).body.message).toBe(
      `Coupon ${made.coupon.couponCode} deleted.`,
    );
    expect(idsOf(await couponsMR('All'))).not.toContain(made.id);
    expect((await get(`/api/GetCouponsDetails?id=${made.id}`, admin)).status).toBe(404);
    expect((await t.api('POST', `/api/HomeScreenAdvsDelete?id=${made.id}`, { token: marketing })).status).toBe(404);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.adId, made.id));
    expect(row.state).toBe('deleted');
    const reuse = await t.api('POST', '/api/HomeScreenAdvsInsert', {
      token: marketing,
      body: {
        homeScreenAds: { advType: 'CO', description: 'x' },
        couponsOffers: c.terms({ couponCode: made.coupon.couponCode }),
      },
    });
    expect(reuse.status).toBe(409);
  });

  it('applies to the services and categories named, with their names; none means every service', async () => {
    const service = await f.service();
    const category = await f.category();
    const made = await c.coupon({ serviceId: [service.id, service.id], categoryId: [category.id] });
    expect(made.coupon.appliesToAll).toBe(false);
    expect(
      made.coupon.couponsOffers.map((o: any) => [
        o.serviceId,
        o.serviceName,
        o.categoryId,
        o.categoryName,
        o.couponCode,
        o.discountType,
        o.discount,
      ]),
    ).toEqual([
      [service.id, service.heading, null, null, made.coupon.couponCode, 'P', 10],
      [null, null, category.id, category.categoryName ?? category.name, made.coupon.couponCode, 'P', 10],
    ]);
    const flat = await c.coupon({ discountType: 'F', discount: 75.5, maxDiscount: null, minOrderValue: 499 });
    expect(flat.coupon).toMatchObject({
      discountType: 'F',
      discount: 75.5,
      maxDiscount: null,
      minOrderValue: 499,
      appliesToAll: true,
    });
  });

  it('counts the redemptions held (not released) on the public list and the detail', async () => {
    const live = await c.approvedCoupon();
    await c.redemption(live.id);
    await c.redemption(live.id);
    await c.redemption(live.id, { released: true });
    expect((await details(live.id)).coupon.used).toBe(2);
    expect((await listOf('CO', null)).items.find((i) => i.id === live.id).coupon.used).toBe(2);
  });
});

describe('expiry: the system expires approved and switched-off coupons past their validity', () => {
  it('lazily before a list is read, and by the periodic sweep; logged with no actor', async () => {
    const a = await c.approvedCoupon();
    const b = await c.approvedCoupon();
    dataOf(await toggle(b.id));
    await c.endValidity(a.id);
    await c.endValidity(b.id);
    // Not live to visitors even before any sweep.
    expect(idsOf(await listOf('CO', null))).not.toContain(a.id);
    expect(idsOf(await couponsMR('Expired'))).toEqual(expect.arrayContaining([a.id, b.id]));
    const [log] = await t.db
      .select()
      .from(transitionLog)
      .where(
        and(eq(transitionLog.entity, 'Coupon'), eq(transitionLog.entityId, a.id), eq(transitionLog.event, 'EXPIRE')),
      );
    expect(log).toMatchObject({ fromState: 'approved', toState: 'expired', actorId: null });
    expect(log.remark).toMatch(/^Valid until \d{4}-\d{2}-\d{2}$/);

    const cc = await c.approvedCoupon();
    await c.endValidity(cc.id);
    expect(await expireDue(t.db)).toBeGreaterThanOrEqual(1);
    expect(await expireDue(t.db)).toBe(0);
    expect((await details(cc.id)).coupon.state).toBe('expired');
  });

  it('a pending coupon whose validity ended cannot be approved (409 naming validTo); switching an ended one on expires it', async () => {
    const p = await c.coupon({}, { submit: true });
    await c.endValidity(p.id);
    const late = await decide(p.id, 'Approve');
    expect(late.status).toBe(409);
    expect(late.body.errors[0].field).toBe('validTo');
    expect(dataOf<any>(await decide(p.id, 'Reject', admin, 'Dates have passed')).coupon.state).toBe('rejected');

    const off = await c.approvedCoupon();
    dataOf(await toggle(off.id));
    await c.endValidity(off.id);
    expect(dataOf(await toggle(off.id))).toEqual({ id: off.id, active: false });
    expect((await details(off.id)).coupon.state).toBe('expired');
  });
});

describe('maker-checker', () => {
  it('an admin who made a coupon cannot approve or reject it (409); another admin can', async () => {
    const made = await c.coupon({}, { submit: true, token: admin });
    expect(made).toMatchObject({ addedByRole: 'A', coupon: { state: 'pending' } });
    const d = await details(made.id);
    expect(d).toMatchObject({ byMaker: true, allowedEvents: ['EDIT', 'DELETE'] });
    const before = await tableCounts(t.db);
    for (const appRej of ['Approve', 'Reject'] as const) {
      const own = await decide(made.id, appRej, admin, 'mine');
      expect(own.status).toBe(409);
      expect(own.body).toMatchObject({ title: 'Maker-checker', state: 'pending' });
    }
    expect(await tableCounts(t.db)).toEqual(before);
    const checker = await c.otherAdmin();
    expect((await details(made.id, checker.token)).byMaker).toBe(false);
    expect(dataOf<any>(await decide(made.id, 'Approve', checker.token)).coupon.state).toBe('approved');
  });

  it('an admin who changed a coupon’s terms cannot then approve them', async () => {
    const made = await c.coupon({}, { submit: true });
    const checker = await c.otherAdmin();
    dataOf(
      await t.api('PUT', `/api/Marketing/UpdateCouponsOffers?id=${made.id}`, {
        token: checker.token,
        body: c.terms({ couponCode: made.coupon.couponCode, discount: 15 }),
      }),
    );
    expect((await decide(made.id, 'Approve', checker.token)).status).toBe(409);
    expect(dataOf<any>(await decide(made.id, 'Approve', admin)).coupon).toMatchObject({
      state: 'approved',
      discount: 15,
    });
  });
});

describe('the role matrix', () => {
  it('visitors, customers and other staff see only live coupons and advertisements; marketing and admins see all', async () => {
    const draft = await c.coupon();
    const live = await c.approvedCoupon();
    for (const token of [null, customer, await t.tokenFor('CD'), await t.tokenFor('VE')]) {
      const ids = idsOf(await listOf('CO', token));
      expect(ids).toContain(live.id);
      expect(ids).not.toContain(draft.id);
      // A visitor's filters are ignored: still live ones only.
      expect(idsOf(await listOf('CO', token, '&state=draft'))).not.toContain(draft.id);
      expect((await get(`/api/GetHomeScreenAdvsById?id=${draft.id}`, token)).status).toBe(404);
    }
    for (const token of [admin, marketing]) {
      expect(idsOf(await listOf('CO', token))).toEqual(expect.arrayContaining([draft.id, live.id]));
      expect(idsOf(await listOf('CO', token, '&state=draft'))).not.toContain(live.id);
    }
  });

  it('marketing’s lists, details and history are for marketing and admins only', async () => {
    const made = await c.coupon();
    for (const token of [null, customer, await t.tokenFor('CD')]) {
      expect((await get('/api/Marketing/GetCouponsOffersMR?Action=All', token)).status).toBe(token ? 403 : 401);
      expect((await get(`/api/GetCouponsDetails?id=${made.id}`, token)).status).toBe(token ? 403 : 401);
      expect((await get('/api/Marketing/GetCouponsHistory', token)).status).toBe(token ? 403 : 401);
      const add = await t.api('POST', '/api/HomeScreenAdvsInsert', {
        token,
        body: { homeScreenAds: { advType: 'CO', description: 'x' }, couponsOffers: c.terms() },
      });
      expect(add.status).toBe(token ? 403 : 401);
    }
  });
});

describe('bad input is refused naming the field, and nothing is written', () => {
  const insert = (
    couponsOffers: Record<string, unknown>,
    homeScreenAds: Record<string, unknown> = { advType: 'CO', description: 'Bad' },
  ) => t.api('POST', '/api/HomeScreenAdvsInsert', { token: marketing, body: { homeScreenAds, couponsOffers } });

  it('each rule of a coupon’s terms', async () => {
    const service = await f.service();
    const before = await tableCounts(t.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ discount: 150 }, 'couponsOffers.discount'],
      [{ discount: 12.5 }, 'couponsOffers.discount'],
      [{ discountType: 'F', discount: 50, maxDiscount: 10 }, 'couponsOffers.maxDiscount'],
      [{ discountType: 'F', discount: 50.555, maxDiscount: null }, 'couponsOffers.discount'],
      [{ discountType: 'X' }, 'couponsOffers.discountType'],
      [{ couponCode: 'no spaces' }, 'couponsOffers.couponCode'],
      [{ couponCode: 'AB' }, 'couponsOffers.couponCode'],
      [{ validFrom: '2030-02-31' }, 'couponsOffers.validFrom'],
      [{ validFrom: dayFromToday(10), validTo: dayFromToday(5) }, 'couponsOffers.validTo'],
      [{ validFrom: dayFromToday(-10), validTo: dayFromToday(-1) }, 'couponsOffers.validTo'],
      [{ totalLimit: 0 }, 'couponsOffers.totalLimit'],
      [{ totalLimit: 5, perCustomerLimit: 6 }, 'couponsOffers.perCustomerLimit'],
      [{ minOrderValue: -1 }, 'couponsOffers.minOrderValue'],
      [{ serviceId: [service.id, 2_000_000_000] }, 'couponsOffers.serviceId'],
      [{ categoryId: [2_000_000_000] }, 'couponsOffers.categoryId'],
    ];
    for (const [over, field] of cases) {
      const res = await insert(c.terms(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(
        res.body.errors.map((e: any) => e.field),
        JSON.stringify(over),
      ).toContain(field);
    }
    const noTerms = await t.api('POST', '/api/HomeScreenAdvsInsert', {
      token: marketing,
      body: { homeScreenAds: { advType: 'CO', description: 'x' } },
    });
    expect(noTerms.body.errors[0].field).toBe('couponsOffers');
    const blank = await insert(c.terms(), { advType: 'CO', description: '   ' });
    expect(blank.body.errors[0].field).toBe('homeScreenAds.description');
    const badImage = await insert(c.terms(), {
      advType: 'CO',
      description: 'x',
      imagebase64Data: b64(Buffer.from('<html>hi</html>')),
    });
    expect(badImage.status).toBe(400);
    expect(badImage.body.errors[0].field).toBe('homeScreenAds.imagebase64Data');
    const adWithTerms = await t.api('POST', '/api/HomeScreenAdvsInsert', {
      token: admin,
      body: { homeScreenAds: { advType: 'AD', description: 'x' }, couponsOffers: c.terms() },
    });
    expect(adWithTerms.body.errors[0].field).toBe('couponsOffers');
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('a code is unique in any letter case (409 naming couponCode), also when saved at the same time', async () => {
    const made = await c.coupon();
    const other = await c.coupon();
    const code: string = made.coupon.couponCode;
    const before = await tableCounts(t.db);
    const clash = await insert(c.terms({ couponCode: code.toLowerCase() }));
    expect(clash.status).toBe(409);
    expect(clash.body.errors[0].field).toBe('couponsOffers.couponCode');
    const rename = await t.api('PUT', `/api/Marketing/UpdateCouponsOffers?id=${other.id}`, {
      token: marketing,
      body: c.terms({ couponCode: code.toLowerCase() }),
    });
    expect(rename.status).toBe(409);
    expect(rename.body.errors[0].field).toBe('couponCode');
    expect(await tableCounts(t.db)).toEqual(before);

    const racing = freshCouponCode('RACE');
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        insert(c.terms({ couponCode: i % 2 ? racing : racing.toLowerCase() }), { advType: 'CO', description: 'Race' }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(
      replies.filter((r) => r.status === 409).every((r) => r.body.errors[0].field === 'couponsOffers.couponCode'),
    ).toBe(true);
  });

  it('the type of an advertisement or coupon cannot change', async () => {
    const made = await c.coupon();
    const res = await t.api('PUT', '/api/HomeScreenAdvsUpdate', {
      token: marketing,
      body: { id: made.id, homeScreenAds: { advType: 'AD', description: 'x' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('homeScreenAds.advType');
  });
});
