// Vendor profiles through the product's own door (decision 010): Vendor/AddVendor as the admin, so the rules, the
// account (role VE), the wallet and the one-time password in the outbox all happen as in production (decision 027).
import { and, desc, eq } from 'drizzle-orm';
import { notificationOutbox } from '../../server/db/schema';
import { cityIds, dataOf } from './catalogue';
import { freshAadhaar, freshPan } from './factories';
import type { TestServer } from './server';

type Extra = Record<string, unknown>;

// Mobile numbers 89xxxxxxxx: factories.ts's bare vendor() counts up from 8000000001 and never gets this far.
let seq = 0;
const next = () => ++seq;
const freshMobile = () =>
  `89${String((next() * 7919 + Math.floor(Math.random() * 7919)) % 100_000_000).padStart(8, '0')}`;

export function vendorFactories(t: TestServer) {
  const vf = {
    /**
     * A vendor made by the admin through Vendor/AddVendor: in Mumbai, Maharashtra, no GSTIN, no zones, unless `over`
     * says otherwise (any AddVendor body field). `token()` signs them in; the first call reads the one-time
     * password from the outbox and replaces it with `password` (the first sign-in's forced change).
     */
    async vendorProfile(over: Extra = {}) {
      const n = next();
      const mobileNo = (over.mobileNo as string | undefined) ?? freshMobile();
      const body = {
        firstName: `Vendor${n}`,
        lastName: 'Supplies',
        mobileNo,
        email: `vendor.profile${n}.${mobileNo}@example.in`,
        ...(await cityIds(t, 'Maharashtra', 'Mumbai')),
        pinCode: '400001',
        addressLine1: `${n} Market Road`,
        panNumber: freshPan(),
        aadharNumber: freshAadhaar(),
        vendorZoneList: [],
        ...over,
      };
      const res = await t.api('POST', '/api/Vendor/AddVendor', { token: await t.tokenFor('A'), body });
      const made = dataOf<Record<string, any>>(res, 201);
      const password = `Vendor-pass-${n}`;
      let changed = false;
      const login = async (pass: string) =>
        dataOf<{ Token: string }>(
          await t.api('POST', '/api/Userlogin', { body: { MobileNoOrEmail: mobileNo, Password: pass } }),
        ).Token;
      const vendor: Record<string, any> & {
        id: number;
        mobileNo: string;
        fullName: string;
        password: string;
        token(): Promise<string>;
      } = {
        ...made,
        id: made.id as number,
        mobileNo,
        fullName: made.fullName as string,
        password,
        /** Signs them in; the first call replaces the one-time password with `password`. */
        async token(): Promise<string> {
          if (changed) return login(password);
          const oneTime = await vf.oneTimePassword(mobileNo);
          const first = await login(oneTime);
          dataOf(
            await t.api('PUT', '/api/Common/ChangePasswordAll', {
              token: first,
              body: { Role: 'VE', Phone: mobileNo, OldPassword: oneTime, NewPassword: password },
            }),
          );
          changed = true;
          return first;
        },
      };
      return vendor;
    },

    /** The last one-time password the outbox sent to `mobileNo` by SMS (template vendor_welcome). */
    async oneTimePassword(mobileNo: string): Promise<string> {
      const [sent] = await t.db
        .select({ payload: notificationOutbox.payload })
        .from(notificationOutbox)
        .where(and(eq(notificationOutbox.recipient, mobileNo), eq(notificationOutbox.template, 'vendor_welcome')))
        .orderBy(desc(notificationOutbox.id))
        .limit(1);
      const oneTime = (sent?.payload as { password?: string } | null)?.password;
      if (!oneTime) throw new Error(`no one-time password was sent to ${mobileNo}`);
      return oneTime;
    },
  };
  return vf;
}

export type VendorFactories = ReturnType<typeof vendorFactories>;
