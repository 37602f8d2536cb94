// The product store and its stock ledger (decision 028): every operation through the HTTP layer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoProducts } from '../../server/db/seed/demo-products';
import { stockCheck } from '../../server/domains/supply/products/service';
import { b64, dataOf, png } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { productFactories } from '../support/product-factories';
import { productRequestFactories } from '../support/product-request-factories';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let p: ReturnType<typeof productFactories>;
beforeAll(async () => {
  t = await startTestServer();
  p = productFactories(t);
});
afterAll(() => t?.close());

let n = 0;
const name = (what = 'Product') => `${what} ${Date.now().toString(36)}-${++n}`;
const im = () => t.tokenFor('IM');
const add = async (body: Record<string, unknown>, token?: string) =>
  t.api('POST', '/api/Vendor/AddProducts', { token: token ?? (await im()), body });
const base = () => ({ productName: name(), hsnCode: '842121', mrp: 500, gst: 18, cost: 300 });
const total = async () =>
  dataOf(await t.api('GET', '/api/Vendor/GetInventoryProducts?pageSize=1', { token: await im() })).total as number;
const movements = async (productId: number) =>
  dataOf(await t.api('GET', `/api/Vendor/GetProductHistory?productId=${productId}&pageSize=100`, { token: await im() }))
    .items as Record<string, any>[];
const fieldsOf = (res: { body: any }) => (res.body.errors ?? []).map((e: { field: string }) => e.field);

// First, while the store is as the template left it: the demo store seeds (or the template's demo seed already did).
describe('the demo store', () => {
  it('has about 30 products with stock, a few of them low, and a balanced ledger; seeding again adds nothing', async () => {
    const me = dataOf(await t.api('GET', '/api/Auth/Me', { token: await im() }));
    await seedDemoProducts(t.db, me.Id);
    const token = await im();
    const all = dataOf(await t.api('GET', '/api/Vendor/GetInventoryProducts?pageSize=100', { token }));
    expect(all.total).toBeGreaterThanOrEqual(30);
    const membrane = all.items.find((r: any) => r.productName === 'RO membrane 75 GPD');
    expect(membrane).toMatchObject({ mrp: 1450, actualPrice: 1305, gst: 18, onHand: 64, hsnCode: '842121' });
    // Every demo product carries an HSN code, for its request invoices.
    expect(all.items.filter((r: any) => !/^[0-9]{4}([0-9]{2}){0,2}$/.test(r.hsnCode ?? ''))).toEqual([]);
    const lows = dataOf(await t.api('GET', '/api/Vendor/GetInventoryProducts?lowStock=true&pageSize=100', { token }));
    expect(lows.total).toBeGreaterThanOrEqual(4);
    await seedDemoProducts(t.db, me.Id);
    expect(await total()).toBe(all.total);
    expect((await stockCheck(t.db)).ok).toBe(true);
  });
});

describe('AddProducts', () => {
  it('computes actualPrice (MRP less the discount, GST included) and takes the opening stock through the ledger', async () => {
    const row = await p.product({ mrp: 500, discount: 10, quantity: 25 });
    expect(row).toMatchObject({ mrp: 500, discount: 10, discountType: 'percentage', actualPrice: 450, gst: 18 });
    expect(row.hsnCode).toBe('842121');
    expect(row).toMatchObject({ onHand: 25, quantity: 25, reserved: 0, available: 25, cost: 300, stockValue: 7500 });
    const [m] = await movements(row.id);
    expect(m).toMatchObject({ kind: 'received', onHandDelta: 25, onHandAfter: 25, reason: 'Opening stock' });
    expect(m).toMatchObject({ actorName: 'Isha Inventory', actorRole: 'IM' });

    const flat = await p.product({ mrp: 199.99, discount: 25.5, discountType: 'flat', quantity: 0 });
    expect(flat).toMatchObject({ discount: 25.5, actualPrice: 174.49, onHand: 0 });
    expect(await movements(flat.id)).toEqual([]);
  });

  it('an empty discount is 0, missing or null', async () => {
    const missing = dataOf((await add(base())) as never, 201) as Record<string, any>;
    expect(missing).toMatchObject({ discount: 0, discountType: 'percentage', actualPrice: 500 });
    const nul = dataOf((await add({ ...base(), discount: null })) as never, 201) as Record<string, any>;
    expect(nul).toMatchObject({ discount: 0, actualPrice: 500 });
  });

  it('the admin adds too; other roles cannot', async () => {
    expect((await add(base(), await t.tokenFor('A'))).status).toBe(201);
    for (const role of ['VE', 'MR', 'CD', 'TE', 'Cust'] as const) {
      expect((await add(base(), await t.tokenFor(role))).status, role).toBe(403);
    }
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await total();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base(), actualPrice: 400 }, 'actualPrice'],
      [{ ...base(), gst: 12 }, 'gst'],
      [{ ...base(), discount: 100 }, 'discount'],
      [{ ...base(), discount: 12.5 }, 'discount'],
      [{ ...base(), discount: 500, discountType: 'flat' }, 'discount'],
      [{ ...base(), mrp: 10.005 }, 'mrp'],
      [{ ...base(), cost: -1 }, 'cost'],
      [{ ...base(), productName: '   ' }, 'productName'],
      [{ ...base(), quantity: -3 }, 'quantity'],
      [{ ...base(), imagebase64Data: b64(Buffer.from('<svg onload=alert(1)>')) }, 'imagebase64Data'],
      [{ ...base(), mrp: undefined }, 'mrp'],
      [{ ...base(), hsnCode: undefined }, 'hsnCode'],
      [{ ...base(), hsnCode: '' }, 'hsnCode'],
      [{ ...base(), hsnCode: '84A1' }, 'hsnCode'],
      [{ ...base(), hsnCode: '84212' }, 'hsnCode'],
      [{ ...base(), hsnCode: '842121200' }, 'hsnCode'],
      [{ ...base(), hsnCode: ' 8421' }, 'hsnCode'],
      [{ ...base(), hsnCode: 8421 }, 'hsnCode'],
    ];
    for (const [body, field] of cases) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(res.body)).toContain(field);
    }
    expect(await total()).toBe(before);
  });

  it('takes an HSN code of 4, 6 or 8 digits, and says which when it is missing', async () => {
    for (const hsnCode of ['8421', '842121', '84212120']) {
      expect(dataOf((await add({ ...base(), hsnCode })) as never, 201)).toMatchObject({ hsnCode });
    }
    const missing = await add({ ...base(), hsnCode: undefined });
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'hsnCode', message: 'is required' })]);
    const bad = await add({ ...base(), hsnCode: '84A1' });
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ field: 'hsnCode', message: 'must be an HSN code of 4, 6 or 8 digits' }),
    ]);
  });

  it('names are unique in any letter case (409)', async () => {
    const first = await p.product();
    const res = await add({ ...base(), productName: ` ${first.productName.toUpperCase()} ` });
    expect(res.status).toBe(409);
    expect(fieldsOf(res)).toEqual(['productName']);
  });

  it('stores a picture checked by its bytes', async () => {
    const row = await p.product({ imagebase64Data: b64(png(8, 8)), fileName: 'filter.png' });
    expect(row.productImageUrl).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.png$/);
    expect(row.productImage).toBe('filter.png');
  });
});

describe('UpdateProducts', () => {
  it('recomputes actualPrice and never touches the stock', async () => {
    const row = await p.product({ quantity: 40 });
    const res = await t.api('PUT', '/api/Vendor/UpdateProducts', {
      token: await t.tokenFor('A'),
      body: {
        id: row.id,
        productName: row.productName,
        mrp: 600,
        discount: 50,
        discountType: 'flat',
        gst: 5,
        cost: 310,
      },
    });
    expect(dataOf(res)).toMatchObject({ mrp: 600, discount: 50, discountType: 'flat', actualPrice: 550, gst: 5 });
    expect(dataOf(res)).toMatchObject({ onHand: 40, cost: 310, lowStockAt: 10, status: true });
    // An omitted HSN code is kept.
    expect(dataOf(res).hsnCode).toBe('842121');
  });

  it('changes the HSN code; a bad one names the field and changes nothing', async () => {
    const row = await p.product();
    const body = { id: row.id, productName: row.productName, mrp: 500, discount: 10, gst: 18, cost: 300 };
    const put = async (b: Record<string, unknown>) =>
      t.api('PUT', '/api/Vendor/UpdateProducts', { token: await im(), body: b });
    for (const hsnCode of ['', '841', '8421212', 'abcd']) {
      const res = await put({ ...body, hsnCode, mrp: 999 });
      expect(res.status, hsnCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['hsnCode']);
    }
    expect(await p.details(row.id)).toMatchObject({ hsnCode: '842121', mrp: 500 });
    const changed = dataOf(await put({ ...body, hsnCode: '85322500' }));
    expect(changed).toMatchObject({ hsnCode: '85322500', mrp: 500 });
    expect((await p.details(row.id)).hsnCode).toBe('85322500');
  });

  it('refuses a quantity or actualPrice field, an unknown id and a taken name', async () => {
    const row = await p.product();
    const other = await p.product();
    const body = { id: row.id, productName: row.productName, mrp: 500, gst: 18, cost: 300 };
    const put = async (b: Record<string, unknown>) =>
      t.api('PUT', '/api/Vendor/UpdateProducts', { token: await im(), body: b });
    expect(fieldsOf(await put({ ...body, quantity: 5 }))).toContain('quantity');
    expect(fieldsOf(await put({ ...body, actualPrice: 5 }))).toContain('actualPrice');
    expect((await put({ ...body, id: 2_000_000_000 })).status).toBe(404);
    expect((await put({ ...body, productName: other.productName.toLowerCase() })).status).toBe(409);
    expect((await p.details(row.id)).onHand).toBe(100);
  });
});

describe('AddProductsExcel', () => {
  it('imports every row or none', async () => {
    const before = await total();
    const good = { productName: name('Imported'), hsnCode: '3402', mrp: 120, gst: 18, cost: 80, quantity: 12 };
    const bad = await t.api('POST', '/api/Excel/AddProductsExcel', {
      token: await im(),
      body: [good, { ...good, productName: good.productName.toUpperCase() }, { ...base(), gst: 7 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, field: 'productName' }),
        expect.objectContaining({ row: 4, field: 'gst' }),
      ]),
    );
    expect(await total()).toBe(before);

    const ok = await t.api('POST', '/api/Excel/AddProductsExcel', {
      token: await im(),
      body: [good, { ...base(), discount: 5, discountType: 'flat' }],
    });
    expect(dataOf(ok, 201)).toEqual({ imported: 2 });
    expect(await total()).toBe(before + 2);
    const list = dataOf(
      await t.api('GET', `/api/Vendor/GetInventoryProducts?search=${encodeURIComponent(good.productName)}`, {
        token: await im(),
      }),
    );
    expect(list.items[0]).toMatchObject({ productName: good.productName, onHand: 12, actualPrice: 120, discount: 0 });
    expect(list.items[0].hsnCode).toBe('3402');
    const again = await t.api('POST', '/api/Excel/AddProductsExcel', { token: await im(), body: [good] });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatchObject({ row: 2, field: 'productName' });
  });

  it('a row without an HSN code or with a bad one is named with its field; nothing is imported', async () => {
    const before = await total();
    const { hsnCode: _none, ...noCode } = base();
    const res = await t.api('POST', '/api/Excel/AddProductsExcel', {
      token: await im(),
      body: [base(), { ...base(), hsnCode: '84-21' }, noCode],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, field: 'hsnCode' }),
        expect.objectContaining({ row: 4, field: 'hsnCode' }),
      ]),
    );
    expect(await total()).toBe(before);
  });
});

describe('AddStockMovement and the ledger', () => {
  it('receives and adjusts with a reason; stock never goes negative and a refusal writes nothing', async () => {
    const row = await p.product({ quantity: 5 });
    expect((await p.receive(row.id, 10, 'Invoice 4411')).onHand).toBe(15);
    expect((await p.adjust(row.id, -4, 'Two cartons damaged')).onHand).toBe(11);
    const post = async (body: Record<string, unknown>) =>
      t.api('POST', '/api/Vendor/AddStockMovement', { token: await im(), body: { productId: row.id, ...body } });
    const tooMany = await post({ kind: 'adjusted', quantity: -12, reason: 'Count' });
    expect(tooMany.status).toBe(409);
    expect(fieldsOf(tooMany)).toEqual(['quantity']);
    expect(tooMany.body.detail).toBe(
      `${row.productName} has 11 on hand, 0 of them held for requests: it cannot go down by 12.`,
    );
    expect(fieldsOf(await post({ kind: 'adjusted', quantity: -1 }))).toEqual(['reason']);
    expect(fieldsOf(await post({ kind: 'adjusted', quantity: 0, reason: 'Count' }))).toEqual(['quantity']);
    expect(fieldsOf(await post({ kind: 'received', quantity: -1 }))).toEqual(['quantity']);
    expect(fieldsOf(await post({ kind: 'issued', quantity: 1 }))).toEqual(['kind']);
    expect((await post({ productId: 2_000_000_000, kind: 'received', quantity: 1 })).status).toBe(404);
    expect(
      (await t.api('POST', '/api/Vendor/AddStockMovement', { token: await t.tokenFor('VE'), body: {} })).status,
    ).toBe(403);

    const ms = await movements(row.id);
    expect(ms.map((m) => [m.kind, m.onHandDelta, m.onHandAfter, m.reason])).toEqual([
      ['adjusted', -4, 11, 'Two cartons damaged'],
      ['received', 10, 15, 'Invoice 4411'],
      ['received', 5, 5, 'Opening stock'],
    ]);
    expect((await p.details(row.id)).onHand).toBe(11);
  });

  it('records a movement once under its Idempotency-Key, and refuses the key for another request', async () => {
    const row = await p.product({ quantity: 5 });
    const post = async (body: Record<string, unknown>, key: string) =>
      t.api('POST', '/api/Vendor/AddStockMovement', {
        token: await im(),
        body: { productId: row.id, ...body },
        headers: { 'idempotency-key': key },
      });
    const key = `stock-${crypto.randomUUID()}`;
    const first = await post({ kind: 'received', quantity: 7, reason: 'Invoice 9001' }, key);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ onHand: 12, replayed: false });
    const before = await tableCounts(t.db);
    const again = await post({ kind: 'received', quantity: 7, reason: 'Invoice 9001' }, key);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ onHand: 12, replayed: true });
    expect(again.body.message).toMatch(/^Already recorded: /);
    const other = await post({ kind: 'received', quantity: 8, reason: 'Invoice 9001' }, key);
    expect(other.status).toBe(422);
    expect(fieldsOf(other)).toEqual(['Idempotency-Key']);
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await post({ kind: 'received', quantity: 1 }, 'short')).status).toBe(400);
    // A refused movement keeps no key: the corrected request may use it.
    const key2 = `stock-${crypto.randomUUID()}`;
    expect((await post({ kind: 'adjusted', quantity: -99, reason: 'Count' }, key2)).status).toBe(409);
    expect((await post({ kind: 'adjusted', quantity: -2, reason: 'Count' }, key2)).status).toBe(201);
    expect((await p.details(row.id)).onHand).toBe(10);
  });

  it('GetProductHistory pages, filters by kind and exports CSV', async () => {
    const row = await p.product({ quantity: 3 });
    for (let i = 0; i < 3; i++) await p.receive(row.id, 1);
    const token = await im();
    const page = dataOf(
      await t.api('GET', `/api/Vendor/GetProductHistory?productId=${row.id}&page=2&pageSize=3`, { token }),
    );
    expect(page).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page.items.map((m: any) => m.reason)).toEqual(['Opening stock']);
    const adjusted = dataOf(
      await t.api('GET', `/api/Vendor/GetProductHistory?productId=${row.id}&kind=adjusted`, { token }),
    );
    expect(adjusted.total).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const dated = dataOf(
      await t.api('GET', `/api/Vendor/GetProductHistory?productId=${row.id}&from=${today}&to=${today}`, { token }),
    );
    expect(dated.total).toBe(4);
    const csv = await t.api('GET', `/api/Vendor/GetProductHistory?productId=${row.id}&format=csv`, { token });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe(
      'createdAt,productId,productName,kind,onHandDelta,reservedDelta,onHandAfter,reservedAfter,requestId,reason,actorName,actorRole',
    );
    expect(lines).toHaveLength(5);
    expect((await t.api('GET', '/api/Vendor/GetProductHistory?productId=2000000000', { token })).status).toBe(404);
    expect((await t.api('GET', '/api/Vendor/GetProductHistory', { token: await t.tokenFor('VE') })).status).toBe(403);
  });
});

describe('GetInventoryProducts', () => {
  it('filters low stock, searches, sorts and exports CSV', async () => {
    const tag = name('Lowcheck');
    const low = await p.product({ productName: `${tag} A`, quantity: 3, lowStockAt: 5 });
    await p.product({ productName: `${tag} B`, quantity: 50, lowStockAt: 5 });
    const token = await im();
    const q = `search=${encodeURIComponent(tag)}`;
    const all = dataOf(await t.api('GET', `/api/Vendor/GetInventoryProducts?${q}&sort=onHand&order=desc`, { token }));
    expect(all.items.map((r: any) => r.productName)).toEqual([`${tag} B`, `${tag} A`]);
    const lows = dataOf(await t.api('GET', `/api/Vendor/GetInventoryProducts?${q}&lowStock=true`, { token }));
    expect(lows.items.map((r: any) => r.id)).toEqual([low.id]);
    expect(lows.items[0].lowStock).toBe(true);
    const csv = await t.api('GET', `/api/Vendor/GetInventoryProducts?${q}&lowStock=true&format=csv`, { token });
    expect(csv.headers.get('content-disposition')).toContain('products-low-stock.csv');
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0].split(',')).toEqual(expect.arrayContaining(['productName', 'actualPrice', 'onHand', 'stockValue']));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${tag} A`);
    expect((await t.api('GET', '/api/Vendor/GetInventoryProducts', { token: await t.tokenFor('VE') })).status).toBe(
      403,
    );
  });
});

describe('the Product toggle, the store a vendor sees, product details', () => {
  it('an inactive product leaves the vendor store; the IM may toggle products only', async () => {
    const row = await p.product({ productName: name('Toggle') });
    const vendorToken = await t.tokenFor('VE');
    const me = dataOf(await t.api('GET', '/api/Auth/Me', { token: vendorToken }));
    const store = async () =>
      dataOf(
        await t.api(
          'GET',
          `/api/Vendor/GetProductsByVendorId?vendorId=${me.Id}&search=${encodeURIComponent(row.productName)}`,
          { token: vendorToken },
        ),
      );
    const seen = await store();
    expect(seen.items).toHaveLength(1);
    expect(seen.items[0]).toEqual({
      id: row.id,
      productName: row.productName,
      description: null,
      mrp: 500,
      discount: 10,
      discountType: 'percentage',
      actualPrice: 450,
      gst: 18,
      productImageUrl: null,
      available: 100,
    });
    const details = dataOf(await t.api('GET', `/api/Vendor/GetProductDetails?id=${row.id}`, { token: vendorToken }));
    expect(details).toMatchObject({ id: row.id, onHand: 100, available: 100, cost: null, stockValue: null });

    const off = await t.api('POST', `/api/DeReActivateAll?action1=Product&id=${row.id}`, { token: await im() });
    expect(dataOf(off)).toEqual({ id: row.id, active: false });
    expect((await store()).items).toEqual([]);
    expect((await t.api('GET', `/api/Vendor/GetProductDetails?id=${row.id}`, { token: vendorToken })).status).toBe(404);
    expect((await p.details(row.id)).status).toBe(false);
    const on = await t.api('POST', `/api/DeReActivateAll?action1=Product&id=${row.id}`, {
      token: await t.tokenFor('A'),
    });
    expect(dataOf(on)).toEqual({ id: row.id, active: true });

    const category = await t.api('POST', '/api/DeReActivateAll?action1=Category&id=1', { token: await im() });
    expect(category.status).toBe(403);
    expect(
      (await t.api('POST', '/api/DeReActivateAll?action1=Product&id=2000000000', { token: await im() })).status,
    ).toBe(404);
  });

  it('a vendor asks only with their own id; staff look with a vendor id', async () => {
    const vendor = await productRequestFactories(t).vendor();
    const demoVendor = dataOf(await t.api('GET', '/api/Auth/Me', { token: await t.tokenFor('VE') }));
    const other = await t.api('GET', `/api/Vendor/GetProductsByVendorId?vendorId=${demoVendor.Id}`, {
      token: vendor.token,
    });
    expect(other.status).toBe(403);
    const own = await t.api('GET', `/api/Vendor/GetProductsByVendorId?vendorId=${vendor.id}&inStock=true`, {
      token: vendor.token,
    });
    expect(dataOf(own).items.every((i: any) => i.available > 0)).toBe(true);
    expect(
      (await t.api('GET', `/api/Vendor/GetProductsByVendorId?vendorId=${vendor.id}`, { token: await im() })).status,
    ).toBe(200);
    const imMe = dataOf(await t.api('GET', '/api/Auth/Me', { token: await im() }));
    expect(
      (await t.api('GET', `/api/Vendor/GetProductsByVendorId?vendorId=${imMe.Id}`, { token: await im() })).status,
    ).toBe(404);
  });
});

describe('DeleteProduct', () => {
  it('is refused while an open request names the product; afterwards the product goes and its name is free', async () => {
    const rf = productRequestFactories(t);
    const vendor = await rf.vendor();
    const row = await p.product({ productName: name('Deletable'), quantity: 20 });
    const requestId = await rf.submitted(vendor, [{ productId: row.id, requestQty: 3 }]);
    const del = async () => t.api('POST', `/api/Vendor/DeleteProduct?id=${row.id}`, { token: await im() });

    const waiting = await del();
    expect(waiting.status).toBe(409);
    expect(waiting.body.detail).toContain(`request ${requestId}`);
    expect(dataOf(await rf.decide(requestId, 'IM', false))).toBeTruthy();
    const held = await del();
    expect(held.status).toBe(409);
    expect(held.body.detail).toContain('3 units are held');
    expect((await p.details(row.id)).reserved).toBe(3);

    expect((await rf.cancel(vendor, requestId)).status).toBe(200);
    expect((await p.details(row.id)).reserved).toBe(0);
    expect(dataOf(await del())).toBeUndefined();
    expect((await t.api('GET', `/api/Vendor/GetProductDetails?id=${row.id}`, { token: await im() })).status).toBe(404);
    expect((await del()).status).toBe(404);
    // Its ledger stays readable, and its name can be used again.
    expect((await movements(row.id)).map((m) => m.kind)).toEqual(['released', 'reserved', 'received']);
    expect((await add({ ...base(), productName: row.productName })).status).toBe(201);
    expect(
      (await t.api('POST', `/api/Vendor/DeleteProduct?id=${row.id}`, { token: await t.tokenFor('VE') })).status,
    ).toBe(403);
  });
});

describe('the inventory manager dashboard', () => {
  it('counts requests waiting for the IM, lists low stock and values the stock at cost', async () => {
    const token = await im();
    const before = dataOf(await t.api('GET', '/api/Dashboard/InventoryManagerDashboard', { token }));
    const rf = productRequestFactories(t);
    const vendor = await rf.vendor();
    const low = await p.product({ productName: name('Dash low'), quantity: 2, lowStockAt: 5, cost: 12.5 });
    await rf.submitted(vendor, [{ productId: low.id, requestQty: 1 }]);
    const after = dataOf(await t.api('GET', '/api/Dashboard/InventoryManagerDashboard', { token }));
    expect(after.pendingIM).toBe(before.pendingIM + 1);
    expect(after.lowStockCount).toBeGreaterThanOrEqual(before.lowStockCount + 1);
    expect(after.stockValue).toBeCloseTo(before.stockValue + 25, 2);
    expect(after.unitsOnHand).toBe(before.unitsOnHand + 2);
    expect(after.lowStock.length).toBeLessThanOrEqual(10);
    expect(after.lowStock.every((r: any) => r.lowStock)).toBe(true);
    expect(
      (await t.api('GET', '/api/Dashboard/InventoryManagerDashboard', { token: await t.tokenFor('VE') })).status,
    ).toBe(403);
  });
});

describe('productsForRequest and stockCheck', () => {
  it('answers the products of a cart for the price snapshot, and the ledger balances', async () => {
    const { productsForRequest } = await import('../../server/domains/supply/products/service');
    const a = await p.product({ quantity: 4 });
    const rows = await productsForRequest(t.db, [a.id, a.id, 2_000_000_000]);
    expect(rows).toEqual([
      {
        id: a.id,
        productName: a.productName,
        hsnCode: '842121',
        mrpPaise: 50000,
        actualPricePaise: 45000,
        gstPercent: 18,
        active: true,
        deleted: false,
        onHand: 4,
        reserved: 0,
      },
    ]);
    const check = await stockCheck(t.db);
    expect(check.checks.filter((c) => c.breaches.length)).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
