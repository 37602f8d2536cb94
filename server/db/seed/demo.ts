import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../domains/platform';
import type { RoleCode } from '../../http';
import type { Db } from '../client';
import { cities, customers, states, users, zonePincodes, zones } from '../schema';
import { seedDemoAddresses } from './demo-addresses';
import { seedDemoTips } from './demo-tips';
import { seedDemoWallets } from './demo-wallets';

export const DEMO_ACCOUNTS: { role: RoleCode; email: string; mobileNo: string; fullName: string }[] = [
  { role: 'A', email: 'admin@doorstep.test', mobileNo: '9000000001', fullName: 'Asha Admin' },
  { role: 'CD', email: 'calldesk@doorstep.test', mobileNo: '9000000002', fullName: 'Chetan Calldesk' },
  { role: 'TE', email: 'technician@doorstep.test', mobileNo: '9000000003', fullName: 'Tarun Technician' },
  { role: 'IM', email: 'inventory@doorstep.test', mobileNo: '9000000004', fullName: 'Isha Inventory' },
  { role: 'VE', email: 'vendor@doorstep.test', mobileNo: '9000000005', fullName: 'Vikram Vendor' },
  { role: 'HR', email: 'hr@doorstep.test', mobileNo: '9000000006', fullName: 'Hema Recruiter' },
  { role: 'MR', email: 'marketing@doorstep.test', mobileNo: '9000000007', fullName: 'Meera Marketing' },
  { role: 'AC', email: 'accounts@doorstep.test', mobileNo: '9000000008', fullName: 'Arjun Accounts' },
  { role: 'Cust', email: 'customer@doorstep.test', mobileNo: '9000000009', fullName: 'Kavya Customer' },
];

export const DEMO_ZONES: { state: string; city: string; zone: string; pincodes: string[] }[] = [
  { state: 'Karnataka', city: 'Bengaluru', zone: 'Koramangala', pincodes: ['560034', '560095', '560047'] },
  { state: 'Karnataka', city: 'Bengaluru', zone: 'Indiranagar', pincodes: ['560038', '560008'] },
  { state: 'Karnataka', city: 'Bengaluru', zone: 'Whitefield', pincodes: ['560066', '560048', '560037'] },
  { state: 'Maharashtra', city: 'Mumbai', zone: 'Andheri', pincodes: ['400053', '400058', '400069'] },
  { state: 'Maharashtra', city: 'Mumbai', zone: 'Bandra', pincodes: ['400050', '400051'] },
  { state: 'Maharashtra', city: 'Pune', zone: 'Kothrud', pincodes: ['411038', '411029'] },
  { state: 'Delhi', city: 'New Delhi', zone: 'South Delhi', pincodes: ['110017', '110016', '110048'] },
  { state: 'Telangana', city: 'Hyderabad', zone: 'Gachibowli', pincodes: ['500032', '500081'] },
];

/**
 * The demo password: DEMO_PASSWORD when set, else the one saved in the data folder, else a new random one
 * saved there. Nothing is built into the code.
 */
export function demoPassword(dataDir: string, fromEnv: string | null): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'demo-password.txt');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const generated = `Demo-${randomBytes(6).toString('base64url')}`;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  return generated;
}

/** The user id of a demo account, by its role. */
export async function demoUserId(db: Db, role: RoleCode): Promise<number> {
  const { mobileNo } = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.mobileNo, mobileNo));
  if (!u) throw new Error(`The demo ${role} account is missing`);
  return u.id;
}

export async function isEmpty(db: Db) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return n === 0;
}

/** One account per role and a few zones; only on an empty embedded database. */
export async function seedDemo(db: Db, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const zoneIds: number[] = [];
    for (const z of DEMO_ZONES) {
      const [city] = await tx
        .select({ id: cities.id, stateId: cities.stateId })
        .from(cities)
        .innerJoin(states, eq(states.id, cities.stateId))
        .where(and(eq(states.name, z.state), eq(cities.name, z.city)));
      if (!city) throw new Error(`Demo zone city ${z.city}, ${z.state} is not in the geography seed`);
      const [zone] = await tx
        .insert(zones)
        .values({ zoneName: z.zone, stateId: city.stateId, cityId: city.id })
        .returning({ id: zones.id });
      zoneIds.push(zone.id);
      await tx.insert(zonePincodes).values(z.pincodes.map((pinCode) => ({ zoneId: zone.id, pinCode })));
    }
    for (const a of DEMO_ACCOUNTS) {
      const [u] = await tx
        .insert(users)
        .values({ ...a, phone: a.mobileNo, passwordHash })
        .returning({ id: users.id });
      if (a.role === 'Cust') {
        await tx
          .insert(customers)
          .values({ userId: u.id, city: 'Bengaluru', pinCode: '560034', zoneId: zoneIds[0], referralCode: 'KAVY2026' });
      }
    }
  });
  await seedDemoWallets(db, DEMO_ACCOUNTS);
  await seedDemoTips(db);
  await seedDemoAddresses(db, DEMO_ACCOUNTS.find((a) => a.role === 'Cust')!.mobileNo);
}
