import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAddresses, zones } from '../../server/db/schema';
import { addressForOrder } from '../../server/domains/commerce/addresses/service';
import { cityIds, dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
});
afterAll(() => t?.close());

/** An address in Koramangala, Bengaluru (a demo zone's pincode) unless told otherwise. */
const home = (over: Record<string, unknown> = {}) => ({
  adress: '12, 4th Cross, 5th Block',
  pinCode: '560034',
  city: 'Bengaluru',
  state: 'Karnataka',
  receiverName: 'Ravi Kumar',
  receiverMobileNo: '9845012345',
  ...over,
});

const add = (token: string, body: unknown) => t.api('POST', '/api/Order/AddAddressForCustomer', { token, body });
const list = async (token: string, body?: unknown) =>
  dataOf(await t.api('POST', '/api/Order/GetAddressForCustomerWhilePlacingAddress', { token, body }));
const remove = (token: string, id: number, mobile?: string) =>
  t.api('POST', `/api/Order/DeleteAddressForCustomer?id=${id}${mobile ? `&MobileNo=${mobile}` : ''}`, { token });
const makeDefault = (token: string, id: number, mobile?: string) =>
  t.api('PUT', `/api/Order/MakeAddressDefault?id=${id}${mobile ? `&MobileNo=${mobile}` : ''}`, { token });
const rowsOf = (customerUserId: number) =>
  t.db.select().from(customerAddresses).where(eq(customerAddresses.customerUserId, customerUserId));

async function customer() {
  const c = await f.customer();
  return { ...c, tok: await c.token() };
}

describe('the demo customer', () => {
  it('has two addresses in served demo pincodes, the default first', async () => {
    const rows = await list(await t.tokenFor('Cust'));
    expect(rows.map((a: any) => [a.pinCode, a.city, a.state, a.isDefault])).toEqual([
      ['560034', 'Bengaluru', 'Karnataka', true],
      ['400053', 'Mumbai', 'Maharashtra', false],
    ]);
    expect(rows.every((a: any) => a.stateId !== null && a.country === 'India')).toBe(true);
  });
});

describe("a first address's draft (decision 046)", () => {
  const draft = async (token: string, pin?: string) =>
    dataOf(await t.api('GET', `/api/Order/GetAddressDraftForCustomer${pin ? `?PinCode=${pin}` : ''}`, { token }));

  it("starts from the sign-up's name, mobile, city and pincode, with the zone's state and city", async () => {
    const c = await customer();
    const blr = await cityIds(t, 'Karnataka', 'Bengaluru');
    expect(await draft(c.tok)).toEqual({
      receiverName: c.fullName,
      receiverMobileNo: c.mobileNo,
      pinCode: '560034',
      StateId: blr.stateId,
      state: 'Karnataka',
      CityId: blr.cityId,
      city: 'Bengaluru',
    });
    // Nothing is written: the customer still has no address.
    expect(await list(c.tok)).toEqual([]);
  });

  it("takes the device's pincode when we serve it, with its zone's state and city; else the sign-up's", async () => {
    const c = await customer();
    const mumbai = await cityIds(t, 'Maharashtra', 'Mumbai');
    expect(await draft(c.tok, '400053')).toMatchObject({
      receiverName: c.fullName,
      pinCode: '400053',
      StateId: mumbai.stateId,
      state: 'Maharashtra',
      CityId: mumbai.cityId,
      city: 'Mumbai',
    });
    expect(await draft(c.tok, '110001')).toMatchObject({ pinCode: '560034', state: 'Karnataka', city: 'Bengaluru' });
  });

  it('leaves the state and city open, with the typed city, when no zone serves the sign-up pincode', async () => {
    const c = await f.customer({ city: 'Shimla', pinCode: '171001' });
    expect(await draft(await c.token())).toMatchObject({
      pinCode: '171001',
      StateId: null,
      state: null,
      CityId: null,
      city: 'Shimla',
    });
  });

  it('refuses a malformed pincode on its field, and staff', async () => {
    const c = await customer();
    const bad = await t.api('GET', '/api/Order/GetAddressDraftForCustomer?PinCode=12', { token: c.tok });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('PinCode');
    const staff = await t.api('GET', '/api/Order/GetAddressDraftForCustomer', { token: await t.tokenFor('A') });
    expect(staff.status).toBe(403);
  });
});

describe('adding addresses', () => {
  it('makes the first address the default, keeps the state as a row, and lists the default first', async () => {
    const c = await customer();
    const first = await add(c.tok, home());
    expect(dataOf(first)).toMatchObject({ ...home(), country: 'India', isDefault: true });
    expect(dataOf(first).stateId).toEqual(expect.any(Number));
    expect(first.body.message).toBe('Address added as your default');
    const second = dataOf(
      await add(c.tok, home({ adress: 'Andheri office', pinCode: '400053', city: 'Mumbai', state: 'maharashtra' })),
    );
    expect(second).toMatchObject({ state: 'Maharashtra', isDefault: false, country: 'India' });
    expect((await list(c.tok)).map((a: any) => a.id)).toEqual([dataOf(first).id, second.id]);
  });

  it('accepts the state and city chosen from the dropdowns, and refuses a city of another state', async () => {
    const c = await customer();
    const { stateId, cityId } = await cityIds(t, 'Karnataka', 'Bengaluru');
    dataOf(await add(c.tok, home({ StateId: stateId, CityId: cityId })));
    const mumbai = await cityIds(t, 'Maharashtra', 'Mumbai');
    const res = await add(c.tok, home({ StateId: stateId, CityId: mumbai.cityId }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('CityId');
    const wrongState = await add(c.tok, home({ StateId: mumbai.stateId }));
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.errors[0].field).toBe('state');
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const c = await customer();
    const before = await tableCounts(t.db);
    const cases: [Record<string, unknown>, string, RegExp?][] = [
      [{ pinCode: '56003' }, 'pinCode'],
      [{ pinCode: '056003' }, 'pinCode'],
      [{ pinCode: '799999' }, 'pinCode', /is not one we serve yet \(799999\)/],
      [{ pinCode: '400053' }, 'pinCode', /is in Maharashtra, not Karnataka/],
      [{ receiverMobileNo: '5123456789' }, 'receiverMobileNo'],
      [{ receiverMobileNo: '98450' }, 'receiverMobileNo'],
      [{ country: 'Nepal' }, 'country'],
      [{ state: 'Narnia' }, 'state', /not a state or union territory/],
      [{ adress: '   ' }, 'adress', /must not be empty/],
      [{ adress: '' }, 'adress'],
      [{ receiverName: ' ' }, 'receiverName'],
      [{ city: 'x'.repeat(101) }, 'city'],
      [{ StateId: 999999 }, 'StateId'],
      [{ CityId: 999999 }, 'CityId'],
      [{ extra: 1 }, 'extra'],
    ];
    for (const [over, field, message] of cases) {
      const res = await add(c.tok, home(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      const err = res.body.errors.find((e: any) => e.field === field);
      expect(err, `${JSON.stringify(over)} → ${JSON.stringify(res.body.errors)}`).toBeDefined();
      if (message) expect(err.message).toMatch(message);
    }
    const { adress: _, ...noAddress } = home();
    expect((await add(c.tok, noAddress)).body.errors[0].field).toBe('adress');
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses an address in a pincode whose zone was switched off', async () => {
    const c = await customer();
    const zone = await f.zone({ state: 'Karnataka', city: 'Bengaluru' });
    const pin = zone.pincodes[0].pinCode;
    dataOf(await add(c.tok, home({ pinCode: pin })));
    await f.toggle('Zone', zone.id);
    const res = await add(c.tok, home({ pinCode: pin }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({ field: 'pinCode', message: `is not one we serve yet (${pin})` });
  });
});

describe('the default address', () => {
  it('moves with MakeAddressDefault (one default at a time), and passes to the newest when the default is deleted', async () => {
    const c = await customer();
    const a = dataOf(await add(c.tok, home({ adress: 'A' })));
    const b = dataOf(await add(c.tok, home({ adress: 'B' })));
    const cc = dataOf(await add(c.tok, home({ adress: 'C' })));
    const made = dataOf(await makeDefault(c.tok, b.id));
    expect(made).toMatchObject({ id: b.id, isDefault: true });
    const defaults = async () =>
      (await rowsOf(c.id))
        .filter((r) => r.isDefault)
        .map((r) => r.address)
        .sort();
    expect(await defaults()).toEqual(['B']);
    dataOf(await makeDefault(c.tok, b.id));
    expect(await defaults()).toEqual(['B']);
    expect((await remove(c.tok, b.id)).status).toBe(200);
    expect(await defaults()).toEqual(['C']);
    expect((await remove(c.tok, cc.id)).status).toBe(200);
    expect(await defaults()).toEqual(['A']);
    expect((await remove(c.tok, a.id)).status).toBe(200);
    expect(await rowsOf(c.id)).toEqual([]);
    expect((await remove(c.tok, a.id)).status).toBe(404);
  });

  it('keeps one default when several first addresses arrive at once', async () => {
    const c = await customer();
    const replies = await Promise.all([1, 2, 3, 4, 5].map((n) => add(c.tok, home({ adress: `Flat ${n}` }))));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await rowsOf(c.id)).filter((r) => r.isDefault)).toHaveLength(1);
  });

  it('gives checkout the chosen address, else the default, else asks for one', async () => {
    const c = await customer();
    const none = await addressForOrder(t.db, c.id, null).catch((e) => e);
    expect(none.statusCode).toBe(400);
    expect(none.errors[0]).toEqual({ field: 'AddressId', message: 'add an address first' });
    const a = dataOf(await add(c.tok, home({ adress: 'A' })));
    const b = dataOf(await add(c.tok, home({ adress: 'B' })));
    expect((await addressForOrder(t.db, c.id, null)).id).toBe(a.id);
    expect((await addressForOrder(t.db, c.id, b.id)).id).toBe(b.id);
    const other = await customer();
    expect((await addressForOrder(t.db, other.id, b.id).catch((e) => e)).statusCode).toBe(404);
  });
});

describe('who may touch addresses', () => {
  it("refuses another customer's address (404) and another customer's mobile number (403), changing nothing", async () => {
    const [me, other] = [await customer(), await customer()];
    const theirs = dataOf(await add(other.tok, home()));
    dataOf(await add(other.tok, home({ adress: 'second' })));
    const before = await rowsOf(other.id);
    expect((await remove(me.tok, theirs.id)).status).toBe(404);
    expect((await makeDefault(me.tok, before[1].id)).status).toBe(404);
    expect((await remove(me.tok, theirs.id, other.mobileNo)).status).toBe(403);
    expect((await makeDefault(me.tok, theirs.id, other.mobileNo)).status).toBe(403);
    expect((await add(me.tok, home({ MobileNo: other.mobileNo }))).status).toBe(403);
    const peek = await t.api('POST', '/api/Order/GetAddressForCustomerWhilePlacingAddress', {
      token: me.tok,
      body: { MobileNo: other.mobileNo },
    });
    expect(peek.status).toBe(403);
    expect(await list(me.tok)).toEqual([]);
    expect(await rowsOf(other.id)).toEqual(before);
  });

  it('refuses visitors (401) and other roles (403, the read-only call desk too); the admin acts for a customer named by mobile number', async () => {
    expect((await t.api('POST', '/api/Order/AddAddressForCustomer', { body: home() })).status).toBe(401);
    for (const role of ['CD', 'TE', 'IM', 'VE', 'HR', 'MR', 'AC'] as const) {
      expect((await add(await t.tokenFor(role), home())).status, role).toBe(403);
    }
    const c = await customer();
    const desk = await t.tokenFor('A');
    const made = dataOf(await add(desk, home({ MobileNo: c.mobileNo })));
    expect((await rowsOf(c.id)).map((r) => r.id)).toEqual([made.id]);
    expect((await list(desk, { MobileNo: c.mobileNo })).map((a: any) => a.id)).toEqual([made.id]);
    const nobody = await add(desk, home());
    expect(nobody.status).toBe(400);
    expect(nobody.body.errors[0].field).toBe('MobileNo');
    expect((await remove(desk, made.id, accountOf('Cust').mobileNo)).status).toBe(404);
    expect((await remove(desk, made.id, c.mobileNo)).status).toBe(200);
  });
});

describe('the address dropdowns', () => {
  const dd = async (q: string) => {
    const res = await t.api('GET', `/api/Order/GetZoneWiseDropDownForAddAdress?${q}`);
    return { res, names: res.status === 200 ? res.body.data.map((r: any) => r.name) : null };
  };

  it('list states with zones, cities of a state, zones of a city and pincodes of a zone, for visitors too', async () => {
    const { names: states } = await dd('Action=State');
    expect(states).toEqual(expect.arrayContaining(['Karnataka', 'Maharashtra', 'Delhi', 'Telangana']));
    const { stateId, cityId } = await cityIds(t, 'Karnataka', 'Bengaluru');
    expect((await dd(`Action=City&StateId=${stateId}`)).names).toEqual(['Bengaluru']);
    const { names: zoneNames, res } = await dd(`Action=Zone&StateId=${stateId}&CityId=${cityId}`);
    expect(zoneNames).toEqual(expect.arrayContaining(['Indiranagar', 'Koramangala', 'Whitefield']));
    const koramangala = res.body.data.find((z: any) => z.name === 'Koramangala').id;
    expect((await dd(`Action=Pincode&ZoneId=${koramangala}`)).names).toEqual(['560034', '560047', '560095']);
  });

  it("with SubCategoryIds, only the places whose zones offer all those sub-categories' categories", async () => {
    const [koramangala] = await t.db.select({ id: zones.id }).from(zones).where(eq(zones.zoneName, 'Koramangala'));
    const [andheri] = await t.db
      .select({ id: zones.id, stateId: zones.stateId, cityId: zones.cityId })
      .from(zones)
      .where(and(eq(zones.zoneName, 'Andheri')));
    const both = await f.category({ categoryZoneList: [{ zoneId: koramangala.id }, { zoneId: andheri.id }] });
    const onlyMumbai = await f.category({ categoryZoneList: [{ zoneId: andheri.id }] });
    const s1 = await f.subCategory({ categoryId: both.id });
    const s2 = await f.subCategory({ categoryId: onlyMumbai.id });
    expect((await dd(`Action=State&SubCategoryIds=${s1.id}`)).names).toEqual(['Karnataka', 'Maharashtra']);
    expect((await dd(`Action=State&SubCategoryIds=${s1.id},${s2.id}`)).names).toEqual(['Maharashtra']);
    // An id past the id column's range (the fuzz found it answering 500).
    const tooLarge = await t.api(
      'GET',
      `/api/Order/GetZoneWiseDropDownForAddAdress?Action=State&SubCategoryIds=${s1.id},2147483648`,
    );
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors[0].field).toBe('SubCategoryIds');
    expect(
      (await dd(`Action=Zone&StateId=${andheri.stateId}&CityId=${andheri.cityId}&SubCategoryIds=${s2.id}`)).names,
    ).toEqual(['Andheri']);
    expect((await dd(`Action=Pincode&ZoneId=${koramangala.id}&SubCategoryIds=${s2.id}`)).names).toEqual([]);
    expect((await dd(`Action=Pincode&ZoneId=${andheri.id}&SubCategoryIds=${s2.id}`)).names).toEqual([
      '400053',
      '400058',
      '400069',
    ]);
  });

  it('names the missing or bad parameter', async () => {
    for (const [q, field] of [
      ['Action=City', 'StateId'],
      ['Action=Zone&StateId=1', 'CityId'],
      ['Action=Pincode', 'ZoneId'],
      ['Action=Town', 'Action'],
      ['', 'Action'],
      ['Action=State&SubCategoryIds=1,x', 'SubCategoryIds'],
      ['Action=State&SubCategoryIds=2000000000', 'SubCategoryIds'],
    ]) {
      const { res } = await dd(q);
      expect(res.status, q).toBe(400);
      expect(res.body.errors[0].field, q).toBe(field);
    }
  });
});
