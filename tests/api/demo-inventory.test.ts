import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo';
import { seedDemoCatalogue } from '../../server/db/seed/demo-catalogue';
import { seedDemoProfessionals } from '../../server/db/seed/demo-professionals';
import { DEMO_VENDORS, seedDemoVendors } from '../../server/db/seed/demo-vendors';
import { dataOf } from '../support/catalogue';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoCatalogue(t.db, path.join(t.dataDir, 'uploads'));
  await seedDemoProfessionals(t.db);
  await seedDemoVendors(t.db);
  // A second start changes nothing.
  await seedDemoVendors(t.db);
});
afterAll(() => t?.close());

const rows = async <T>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

describe('the demo vendors', () => {
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
});
