import { and, eq, inArray, isNull } from 'drizzle-orm';
import { vendors as vendorsService } from '../../domains/supply';
import { gstinCheckChar } from '../../shared/gstin';
import { verhoeffDigit } from '../../shared/identity';
import type { Db } from '../client';
import { professionals, users, vendors, zones } from '../schema';
import { DEMO_ACCOUNTS } from './demo';
import { DEMO_PROFESSIONAL_MOBILES } from './demo-professionals';
import { demoPlace } from './demo-shared';

interface DemoVendor {
  firstName: string;
  lastName: string;
  /** The demo vendor's own account (DEMO_ACCOUNTS) when null; otherwise a new account with a one-time password. */
  mobileNo: string | null;
  email: string | null;
  state: string;
  city: string;
  pinCode: string;
  address: string;
  zones: string[];
  gst: boolean;
  /** The demo professionals (by mobile number) who work for them. */
  professionals: string[];
}

const [demoTechnician, priya, imran, sunil, neha, rahul, lakshmi] = DEMO_PROFESSIONAL_MOBILES;

/** The three demo vendors, the demo vendor's login first; other demo seeds (product requests) find them by mobile. */
export const DEMO_VENDORS: DemoVendor[] = [
  {
    firstName: 'Vikram',
    lastName: 'Vendor',
    mobileNo: null,
    email: null,
    state: 'Karnataka',
    city: 'Bengaluru',
    pinCode: '560034',
    address: '12, Hosur Road, Koramangala Industrial Layout',
    zones: ['Koramangala', 'Indiranagar', 'Whitefield'],
    gst: true,
    professionals: [demoTechnician, priya, imran],
  },
  {
    firstName: 'Farah',
    lastName: 'Shaikh',
    mobileNo: '9200000001',
    email: 'farah.supplies@doorstep.test',
    state: 'Maharashtra',
    city: 'Mumbai',
    pinCode: '400053',
    address: '3, Link Road, Andheri West',
    zones: ['Andheri', 'Bandra', 'Kothrud'],
    gst: true,
    professionals: [sunil, neha],
  },
  {
    firstName: 'Gurpreet',
    lastName: 'Singh',
    mobileNo: '9200000002',
    email: null,
    state: 'Delhi',
    city: 'New Delhi',
    pinCode: '110017',
    address: '88, Malviya Nagar Market',
    zones: ['South Delhi', 'Gachibowli'],
    gst: false,
    professionals: [rahul, lakshmi],
  },
];

/** Valid, distinct demo identity numbers: Aadhaar starting with 7 (Verhoeff), PAN ending in V, GSTIN of the state. */
const aadhaarOf = (i: number) => {
  const body = `7${String(3_518_200_000 + i * 6_271).padStart(10, '0')}`;
  return `${body}${verhoeffDigit(body)}`;
};
const panOf = (i: number) => `VEND${String.fromCharCode(65 + i)}${String(2_000 + i * 41).padStart(4, '0')}V`;
const GST_CODES: Record<string, string> = { Karnataka: '29', Maharashtra: '27', Delhi: '07' };
const gstinOf = (state: string, pan: string) => {
  const first14 = `${GST_CODES[state]}${pan}1Z`;
  return `${first14}${gstinCheckChar(first14)}`;
};

/**
 * Runs after seedDemo (the demo vendor's account and wallet) and seedDemoProfessionals (server/main.ts), and before
 * any demo product requests: the demo vendor's profile and two more vendors through the vendors service (the same
 * rules; the new ones get a one-time password in the outbox and a wallet), each with their demo professionals.
 * Does nothing twice.
 */
export async function seedDemoVendors(db: Db) {
  const zoneRows = await db.select({ id: zones.id, name: zones.zoneName }).from(zones);
  const zoneId = (name: string) => {
    const z = zoneRows.find((r) => r.name === name);
    if (!z) throw new Error(`Demo vendors: no zone ${name}`);
    return z.id;
  };
  const place = (state: string, city: string) => demoPlace(db, 'Demo vendors', state, city);
  const demoVendor = DEMO_ACCOUNTS.find((a) => a.role === 'VE')!;

  for (const [i, v] of DEMO_VENDORS.entries()) {
    const pan = panOf(i);
    const body = {
      firstName: v.firstName,
      lastName: v.lastName,
      ...(await place(v.state, v.city)),
      pinCode: v.pinCode,
      addressLine1: v.address,
      addressLine2: null,
      birthDate: `19${78 + i * 4}-0${i + 3}-1${i}`,
      panNumber: pan,
      aadharNumber: aadhaarOf(i),
      gstno: v.gst ? gstinOf(v.state, pan) : null,
      vendorZoneList: v.zones.map((z) => ({ zoneId: zoneId(z) })),
    };
    const mobileNo = v.mobileNo ?? demoVendor.mobileNo;
    const [account] = await db.select({ id: users.id }).from(users).where(eq(users.mobileNo, mobileNo));
    let vendorId: number | null = null;
    if (v.mobileNo === null) {
      if (!account) continue;
      await vendorsService.addProfileToAccount(db, account.id, body);
      vendorId = account.id;
    } else if (!account) {
      // No uploads folder: the demo vendors have no Aadhaar proof on file.
      vendorId = (await vendorsService.add(db, null, { ...body, mobileNo: v.mobileNo, email: v.email })).id;
    }
    if (vendorId === null) continue;
    const [profile] = await db.select({ id: vendors.userId }).from(vendors).where(eq(vendors.userId, vendorId));
    if (!profile) continue;
    const proIds = (await db.select({ id: users.id }).from(users).where(inArray(users.mobileNo, v.professionals))).map(
      (u) => u.id,
    );
    if (proIds.length) {
      await db
        .update(professionals)
        .set({ vendorUserId: vendorId, updatedAt: new Date() })
        .where(and(inArray(professionals.userId, proIds), isNull(professionals.vendorUserId)));
    }
  }
}
