import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productRequests, products } from '../../server/db/schema';
import { DEMO_ACCOUNTS, demoUserId } from '../../server/db/seed/demo';
import { seedDemoCatalogue } from '../../server/db/seed/demo-catalogue';
import { seedDemoProducts } from '../../server/db/seed/demo-products';
import { seedDemoProfessionals } from '../../server/db/seed/demo-professionals';
import { seedDemoRequests } from '../../server/db/seed/demo-requests';
import { DEMO_VENDORS, seedDemoVendors } from '../../server/db/seed/demo-vendors';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { stockCheck } from '../../server/domains/supply/products/service';
import { PRODUCT_REQUEST_STATES } from '../../src/machines/productRequest/productRequest.machine';
import { dataOf } from '../support/catalogue';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoCatalogue(t.db, path.join(t.dataDir, 'uploads'));
  await seedDemoProfessionals(t.db);
  // The inventory's seeds in server/main.ts's order; a second start changes nothing.
  for (let run = 0; run < 2; run++) {
    await seedDemoVendors(t.db);
    await seedDemoProducts(t.db, await demoUserId(t.db, 'IM'));
    await seedDemoRequests(t.db, { company: t.app.config.company });
  }
});
afterAll(() => t?.close());

const rows = async <T>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

describe('the demo inventory', () => {
  it('are three, the demo vendor among them, each with professionals, a wallet and zones', async () => {
    const vendors = await rows<{ mobile_no: string; pros: number; zones: number; wallets: number }>(
      `select u.mobile_no,
         (select count(*) from professionals p where p.vendor_user_id = v.user_id)::int as pros,
         (select count(*) from vendor_zones z where z.vendor_user_id = v.user_id)::int as zones,
         (select count(*) from ledger_accounts a where a.kind = 'vendor_wallet' and a.owner_user_id = v.user_id)::int as wallets
       from vendors v join users u on u.id = v.user_id order by u.mobile_no`,
    );
    const demo = DEMO_ACCOUNTS.find((a) => a.role === 'VE')!.mobileNo;
    expect(vendors.map((v) => v.mobile_no).sort()).toEqual(
      [demo, ...DEMO_VENDORS.flatMap((v) => (v.mobileNo ? [v.mobileNo] : []))].sort(),
    );
    for (const v of vendors) {
      expect(v.pros, v.mobile_no).toBeGreaterThan(0);
      expect(v.zones, v.mobile_no).toBeGreaterThan(0);
      expect(v.wallets, v.mobile_no).toBe(1);
    }
  });

  it('the demo vendor signs in with the demo password and sees their professionals', async () => {
    const token = await t.tokenFor('VE');
    const me = DEMO_ACCOUNTS.find((a) => a.role === 'VE')!;
    const list = dataOf(
      await t.api('GET', `/api/Vendor/GetProfessionalListForVendor?VendorMobileNo=${me.mobileNo}`, { token }),
    );
    expect(list.total).toBe(DEMO_VENDORS[0].professionals.length);
    const [{ id }] = await rows<{ id: number }>(`select id from users where mobile_no = '${me.mobileNo}'`);
    expect(dataOf(await t.api('GET', `/api/Vendor/GetVendorStatus?userID=${id}`, { token })).available).toBe(true);
  });

  it('about 30 products in stock, some low; the demo vendor has a request in every state; both ledgers whole', async () => {
    const store = await t.db.select().from(products);
    expect(store.length).toBeGreaterThanOrEqual(25);
    expect(store.filter((p) => p.onHand - p.reserved <= p.lowStockAt).length).toBeGreaterThan(0);
    expect(store.filter((p) => p.onHand > 0).length).toBeGreaterThan(20);
    const vendorId = await demoUserId(t.db, 'VE');
    const states = await t.db
      .select({ state: productRequests.state })
      .from(productRequests)
      .where(eq(productRequests.vendorUserId, vendorId));
    expect(new Set(states.map((r) => r.state))).toEqual(new Set(PRODUCT_REQUEST_STATES));
    expect((await checkLedger(t.db)).ok).toBe(true);
    expect((await stockCheck(t.db)).ok).toBe(true);
  });
});
