import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { homeScreenAds as ads } from '../../domains/marketing';
import type { Paise } from '../../money';
import { Storage } from '../../plugins/storage';
import type { Db } from '../client';
import { coupons, users } from '../schema';

const DAY_MS = 86_400_000;
const day = (offset: number, now: Date) => ads.indiaDate(new Date(now.getTime() + offset * DAY_MS));

interface DemoCoupon {
  code: string;
  description: string;
  discountDesc: string;
  terms: Partial<ads.TermsInput>;
  /** How far through its life it goes. */
  to: 'draft' | 'pending' | 'approved' | 'rejected' | 'expired';
  remark?: string;
}

/** Coupons in every state (decision 021), WELCOME10 live for 60 days. */
export const DEMO_COUPONS: DemoCoupon[] = [
  {
    code: 'WELCOME10',
    description: 'Welcome to Doorstep: 10% off your first booking',
    discountDesc: '10% off, up to ₹100',
    terms: { discountType: 'P', percent: 10, capPaise: 10_000 as Paise, totalLimit: 100, perCustomerLimit: 1 },
    to: 'approved',
  },
  {
    code: 'FLAT150',
    description: 'Flat ₹150 off any service over ₹999',
    discountDesc: '₹150 off',
    terms: {
      discountType: 'F',
      flatPaise: 15_000 as Paise,
      minOrderPaise: 99_900 as Paise,
      totalLimit: 500,
      perCustomerLimit: 2,
    },
    to: 'pending',
  },
  {
    code: 'FESTIVE25',
    description: 'Festive season: 25% off cleaning',
    discountDesc: '25% off',
    terms: { discountType: 'P', percent: 25, capPaise: null, totalLimit: 1000, perCustomerLimit: 1 },
    to: 'rejected',
    remark: 'A quarter off with no cap is too much: add a cap of ₹250 and send it again.',
  },
  {
    code: 'MONSOON5',
    description: 'Monsoon check-up: 5% off',
    discountDesc: '5% off',
    terms: { discountType: 'P', percent: 5, capPaise: 5_000 as Paise, totalLimit: 200, perCustomerLimit: 1 },
    to: 'draft',
  },
  {
    code: 'SUMMER20',
    description: 'Summer AC service: 20% off (ended)',
    discountDesc: '20% off, up to ₹200',
    terms: { discountType: 'P', percent: 20, capPaise: 20_000 as Paise, totalLimit: 300, perCustomerLimit: 1 },
    to: 'expired',
  },
];

/**
 * Demo coupons (decision 021) made by the demo marketing user and decided by the demo admin through the coupons
 * service, so their transition logs are the product's own: WELCOME10 approved and live (10% capped at ₹100, limit 100,
 * one per customer, valid for 60 days), FLAT150 waiting for approval, FESTIVE25 rejected with a remark, MONSOON5 a
 * draft, and SUMMER20 expired (its validity moved into the past, then expired by the system's sweep). Does nothing for
 * a coupon whose code exists already.
 */
export async function seedDemoCoupons(
  db: Db,
  opts: { marketingMobileNo: string; adminMobileNo: string; uploadsDir: string },
) {
  const [marketing] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.mobileNo, opts.marketingMobileNo));
  const [admin] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.mobileNo, opts.adminMobileNo));
  if (!marketing || !admin) return;
  const maker = { id: marketing.id, role: 'MR' as const };
  const checker = { id: admin.id, role: 'A' as const };
  const storage = new Storage(path.resolve(opts.uploadsDir));
  const now = new Date();
  for (const c of DEMO_COUPONS) {
    const [exists] = await db.select({ id: coupons.adId }).from(coupons).where(sql`upper(${coupons.code}) = ${c.code}`);
    if (exists) continue;
    const made = await ads.insert(db, storage, maker, {
      homeScreenAds: { advType: 'CO', description: c.description, discountDesc: c.discountDesc },
      couponsOffers: {
        couponCode: c.code,
        discountType: 'P',
        percent: null,
        flatPaise: null,
        capPaise: null,
        minOrderPaise: 0 as Paise,
        validFrom: day(0, now),
        validTo: day(c.code === 'WELCOME10' ? 59 : 30, now),
        totalLimit: 100,
        perCustomerLimit: 1,
        serviceId: [],
        categoryId: [],
        ...c.terms,
      },
      submit: c.to !== 'draft',
    });
    const id = made.row.id;
    if (c.to === 'rejected') await ads.decide(db, checker, id, 'Reject', c.remark);
    if (c.to === 'approved' || c.to === 'expired') await ads.decide(db, checker, id, 'Approve', undefined);
    if (c.to === 'expired') {
      // Time passing: it ran for a month and ended yesterday; the system's sweep expires it.
      await db
        .update(coupons)
        .set({ validFrom: new Date(now.getTime() - 31 * DAY_MS), validTo: new Date(now.getTime() - DAY_MS) })
        .where(eq(coupons.adId, id));
      await ads.expireDue(db, now);
    }
  }
}
