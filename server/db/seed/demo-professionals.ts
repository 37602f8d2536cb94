import { inArray } from 'drizzle-orm';
import { professionals } from '../../domains/fieldService';
import { verhoeffDigit } from '../../shared/identity';
import type { Db } from '../client';
import { services, users, zones } from '../schema';
import { DEMO_ACCOUNTS } from './demo';
import { DEMO_CATALOGUE } from './demo-catalogue';
import { demoPlace } from './demo-shared';

type Type = 'Technician' | 'Engineer';

interface DemoProfessional {
  fullName: string;
  mobileNo: string;
  type: Type;
  state: string;
  city: string;
  pinCode: string;
  address: string;
  zones: string[];
  /** Categories whose services of the professional's type are their skills. */
  categories: string[];
  birthDate: string;
  /** Switched off (DeReActivateAll) after the seed. */
  off?: boolean;
}

/** The demo professionals by mobile number: other demo seeds (jobs, ratings) find them by these. */
export const DEMO_PROFESSIONALS: DemoProfessional[] = [
  {
    fullName: 'Priya Nair',
    mobileNo: '9100000001',
    type: 'Technician',
    state: 'Karnataka',
    city: 'Bengaluru',
    pinCode: '560095',
    address: '14, 6th Cross, Koramangala 6th Block',
    zones: ['Koramangala', 'Indiranagar'],
    categories: ['Home Cleaning', 'Pest Control'],
    birthDate: '1992-03-14',
  },
  {
    fullName: 'Imran Khan',
    mobileNo: '9100000002',
    type: 'Technician',
    state: 'Karnataka',
    city: 'Bengaluru',
    pinCode: '560066',
    address: '22, ITPL Main Road, Whitefield',
    zones: ['Whitefield', 'Koramangala'],
    categories: ['Plumbing', 'Electrical'],
    birthDate: '1988-11-02',
  },
  {
    fullName: 'Sunil Patil',
    mobileNo: '9100000003',
    type: 'Engineer',
    state: 'Maharashtra',
    city: 'Mumbai',
    pinCode: '400058',
    address: '7, Veera Desai Road, Andheri West',
    zones: ['Andheri', 'Bandra'],
    categories: ['AC & Appliance Repair', 'Electrical', 'Painting'],
    birthDate: '1985-07-21',
  },
  {
    fullName: 'Neha Joshi',
    mobileNo: '9100000004',
    type: 'Technician',
    state: 'Maharashtra',
    city: 'Pune',
    pinCode: '411038',
    address: '3, Paud Road, Kothrud',
    zones: ['Kothrud'],
    categories: ['Salon at Home'],
    birthDate: '1996-01-30',
  },
  {
    fullName: 'Rahul Verma',
    mobileNo: '9100000005',
    type: 'Technician',
    state: 'Delhi',
    city: 'New Delhi',
    pinCode: '110017',
    address: '41, Malviya Nagar',
    zones: ['South Delhi'],
    categories: ['Carpentry', 'Painting', 'Pest Control'],
    birthDate: '1990-09-09',
  },
  {
    fullName: 'Lakshmi Reddy',
    mobileNo: '9100000006',
    type: 'Engineer',
    state: 'Telangana',
    city: 'Hyderabad',
    pinCode: '500032',
    address: '9, Old Mumbai Highway, Gachibowli',
    zones: ['Gachibowli'],
    categories: ['AC & Appliance Repair', 'Plumbing'],
    birthDate: '1987-04-18',
    off: true,
  },
];

/** The demo technician (a DEMO_ACCOUNTS login) serves the demo customer's zones with several skills. */
const DEMO_TECHNICIAN: Omit<DemoProfessional, 'fullName' | 'mobileNo'> = {
  type: 'Technician',
  state: 'Karnataka',
  city: 'Bengaluru',
  pinCode: '560034',
  address: '5, 80 Feet Road, Koramangala 4th Block',
  zones: ['Koramangala', 'Indiranagar', 'Andheri'],
  categories: ['Home Cleaning', 'AC & Appliance Repair', 'Plumbing', 'Electrical'],
  birthDate: '1991-06-05',
};

/** The demo professionals' mobile numbers, the demo technician's first. */
export const DEMO_PROFESSIONAL_MOBILES = [
  DEMO_ACCOUNTS.find((a) => a.role === 'TE')!.mobileNo,
  ...DEMO_PROFESSIONALS.map((p) => p.mobileNo),
];

/** Valid, distinct demo identity numbers: Aadhaar starting with 8 (Verhoeff check digit), PAN ending in D. */
const aadhaarOf = (i: number) => {
  const body = `8${String(4_726_100_000 + i * 7_919).padStart(10, '0')}`;
  return `${body}${verhoeffDigit(body)}`;
};
const panOf = (i: number) => `DEMO${String.fromCharCode(65 + i)}${String(1_000 + i * 37).padStart(4, '0')}D`;

/**
 * The demo team's joining dates (decision 033): the first of a month 13 + i months back (India), before the financial
 * year the demo payroll's structures start in and the two months the demo attendance fills, so those months count
 * from their first day.
 */
export function demoJoiningDate(i: number, now = new Date()) {
  const today = new Date(now.getTime() + 330 * 60_000);
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 13 - i, 1));
  return first.toISOString().slice(0, 10);
}

/**
 * Runs after the demo catalogue and before the demo orders (server/main.ts): the demo technician's profile and six
 * professionals across the demo zones, added through the professionals service (the same rules, a one-time password
 * in the outbox for each), one of them switched off through the toggle; each joined over a year ago
 * (`demoJoiningDate`). Does nothing twice.
 */
export async function seedDemoProfessionals(db: Db) {
  const zoneRows = await db.select({ id: zones.id, name: zones.zoneName }).from(zones);
  const zoneId = (name: string) => {
    const z = zoneRows.find((r) => r.name === name);
    if (!z) throw new Error(`Demo professionals: no zone ${name}`);
    return z.id;
  };
  const serviceRows = await db
    .select({ id: services.id, heading: services.heading, type: services.professionalType })
    .from(services);
  const skills = (categories: string[], type: Type) => {
    const headings = DEMO_CATALOGUE.filter((c) => categories.includes(c.name)).flatMap((c) =>
      c.subs.flatMap((s) => s.services.filter((v) => v.pro === type).map((v) => v.heading)),
    );
    return serviceRows.filter((s) => headings.includes(s.heading) && s.type === type).map((s) => ({ serviceId: s.id }));
  };
  const place = (state: string, city: string) => demoPlace(db, 'Demo professionals', state, city);
  const input = async (
    p: Omit<DemoProfessional, 'fullName' | 'mobileNo'>,
    fullName: string,
    mobileNo: string,
    i: number,
  ) => ({
    fullName,
    professionalType: p.type,
    phone: mobileNo,
    email: null,
    ...(await place(p.state, p.city)),
    pinCode: p.pinCode,
    addressLine1: p.address,
    addressLine2: null,
    birthDate: p.birthDate,
    joiningDate: demoJoiningDate(i),
    panNumber: panOf(i),
    aadharNumber: aadhaarOf(i),
    vendorId: null,
    serviceId: 0,
    professionalServicesDetailsList: skills(p.categories, p.type),
    professionalZoneDetailsList: p.zones.map((z) => ({ zoneId: zoneId(z) })),
  });

  const accounts = await db
    .select({ id: users.id, mobileNo: users.mobileNo, role: users.role })
    .from(users)
    .where(
      inArray(users.mobileNo, [...DEMO_PROFESSIONAL_MOBILES, DEMO_ACCOUNTS.find((a) => a.role === 'A')!.mobileNo]),
    );
  const idOf = (mobileNo: string) => accounts.find((a) => a.mobileNo === mobileNo)?.id;

  const technician = DEMO_ACCOUNTS.find((a) => a.role === 'TE')!;
  const technicianId = idOf(technician.mobileNo);
  if (technicianId) {
    await professionals.addProfileToAccount(
      db,
      technicianId,
      await input(DEMO_TECHNICIAN, technician.fullName, technician.mobileNo, 0),
    );
  }
  const adminId = idOf(DEMO_ACCOUNTS.find((a) => a.role === 'A')!.mobileNo) ?? null;
  for (const [i, p] of DEMO_PROFESSIONALS.entries()) {
    if (idOf(p.mobileNo)) continue;
    const made = await professionals.add(db, await input(p, p.fullName, p.mobileNo, i + 1));
    if (p.off && adminId) await professionals.toggle(db, made.id, adminId);
  }
}
