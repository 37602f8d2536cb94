// Test data through the product's own doors (DESIGN.md §4): the admin API for what the admin makes (so the
// rules and side effects run), the service for accounts that have no admin screen yet. Every argument is
// optional: a test names only what it asserts on, and anything it needs underneath (a service's sub-category
// and category) is made for it.
import { and, desc, eq } from 'drizzle-orm';
import { notificationOutbox, orderLines } from '../../server/db/schema';
import { createAccount, signup } from '../../server/modules/auth/service';
import { verhoeffDigit } from '../../server/modules/professionals/rules';
import { setAvailable } from '../../server/modules/professionals/service';
import { b64, cityIds, dataOf, png } from './catalogue';
import type { TestServer } from './server';

type Extra = Record<string, unknown>;
export type Row = Record<string, any> & { id: number };

// Unique across the files of one worker too (they share modules): names and pincodes never clash in a database.
let seq = 0;
const next = () => ++seq;
/** A pincode of the 8xxxxx range, which the demo zones do not use. */
const freshPincode = () => `8${String(next() % 100_000).padStart(5, '0')}`;
/** A valid, unique Aadhaar number (Verhoeff check digit) starting with 9, which the demo professionals do not use. */
export const freshAadhaar = () => {
  const body = `9${String(next() % 10_000_000_000).padStart(10, '0')}`;
  return `${body}${verhoeffDigit(body)}`;
};
/** A valid, unique PAN ending in T (the demo professionals' end in D). */
export const freshPan = () => {
  let n = next();
  let letters = '';
  for (let i = 0; i < 5; i++, n = Math.floor(n / 26)) letters = String.fromCharCode(65 + (n % 26)) + letters;
  return `${letters}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}T`;
};

export function factories(t: TestServer) {
  const admin = () => t.tokenFor('A');
  const send = async (method: string, path: string, body?: unknown, status = 201) =>
    dataOf<Row>(await t.api(method, path, { token: await admin(), body }), status);

  const f = {
    admin,

    category: (over: Extra = {}) =>
      send('POST', '/api/Common/AddCategory', { categoryName: `Category ${next()}`, ...over }),

    async subCategory(over: Extra & { categoryId?: number } = {}) {
      const categoryId = over.categoryId ?? (await f.category()).id;
      return send('POST', '/api/Common/AddSubCategory', {
        subCategoryName: `Sub-category ${next()}`,
        ...over,
        categoryId,
      });
    },

    /** 499 rupees, 10% off, 18% GST, for a technician, unless told otherwise. */
    async service(over: Extra & { subCategoryId?: number } = {}) {
      const subCategoryId = over.subCategoryId ?? (await f.subCategory()).id;
      return send('POST', '/api/Common/AddService', {
        heading: `Service ${next()}`,
        price: 499,
        discount: 10,
        gst: 18,
        professionalType: 'Technician',
        ...over,
        subCategoryId,
      });
    },

    /** A zone of a seeded city (Mumbai unless told) with one fresh pincode unless `pinCode` is given. */
    async zone(over: Extra & { state?: string; city?: string } = {}) {
      const { state = 'Maharashtra', city = 'Mumbai', ...rest } = over;
      return send('POST', '/api/Common/AddZone', {
        zoneName: `Zone ${next()}`,
        ...(await cityIds(t, state, city)),
        pinCode: [freshPincode()],
        ...rest,
      });
    },

    /** A Home picture banner unless told otherwise. */
    banner: (over: Extra = {}) =>
      send('POST', '/api/Common/AddBanner', { type: 'Home', imagebase64Data: b64(png()), ...over }),

    /** Switches a Category, SubCategory, Services or Zone active flag (DeReActivateAll). */
    toggle: (action1: string, id: number) =>
      send('POST', `/api/DeReActivateAll?action1=${action1}&id=${id}`, undefined, 200),

    /**
     * A customer account through the sign-up service (the API's rate limit would get in the way of many), with
     * its password and a way to sign it in.
     */
    async customer(over: Partial<Parameters<typeof signup>[1]> = {}) {
      const n = next();
      const input = {
        fullName: `Customer ${n}`,
        mobileNo: `7${String(n % 1_000_000_000).padStart(9, '0')}`,
        email: `customer${n}@example.in`,
        city: 'Bengaluru',
        pinCode: '560034',
        password: `Customer-pass-${n}`,
        ...over,
      };
      const made = await signup(t.db, input);
      return {
        ...input,
        id: made.Id,
        zoneId: made.ZoneId,
        referralCode: made.ReferralCode,
        async token(): Promise<string> {
          const res = await t.api('POST', '/api/Userlogin', {
            body: { MobileNoOrEmail: input.mobileNo, Password: input.password },
          });
          return dataOf<{ Token: string }>(res).Token;
        },
      };
    },

    /** A vendor account (issue 12 builds vendor profiles on it), with a way to sign it in. */
    async vendor(over: { fullName?: string; mobileNo?: string } = {}) {
      const n = next();
      const input = {
        role: 'VE' as const,
        fullName: over.fullName ?? `Vendor ${n}`,
        mobileNo: over.mobileNo ?? `8${String(n % 1_000_000_000).padStart(9, '0')}`,
        email: `vendor${n}@example.in`,
        password: `Vendor-pass-${n}`,
      };
      const id = await createAccount(t.db, input);
      return {
        ...input,
        id,
        async token(): Promise<string> {
          const res = await t.api('POST', '/api/Userlogin', {
            body: { MobileNoOrEmail: input.mobileNo, Password: input.password },
          });
          return dataOf<{ Token: string }>(res).Token;
        },
      };
    },

    /**
     * A professional through AddProfessional (role TE, one-time password in the outbox): in a fresh zone with a fresh
     * pincode and with a fresh service of their type unless `zoneIds` / `serviceIds` say otherwise, 'Available' on.
     * `token()` signs them in, replacing the one-time password on first use (the first sign-in's forced change).
     */
    async professional(
      over: {
        zoneIds?: number[];
        serviceIds?: number[];
        professionalType?: 'Technician' | 'Engineer';
        available?: boolean;
        vendorId?: number;
        mobileNo?: string;
        fullName?: string;
      } = {},
    ) {
      const n = next();
      const professionalType = over.professionalType ?? 'Technician';
      const zoneIds = over.zoneIds ?? [(await f.zone()).id];
      const serviceIds = over.serviceIds ?? [(await f.service({ professionalType })).id];
      const mobileNo = over.mobileNo ?? `6${String(n % 1_000_000_000).padStart(9, '0')}`;
      const made = await send('POST', '/api/Professional/AddProfessional?CandidateId=0', {
        fullName: over.fullName ?? `Professional ${n}`,
        professionalType,
        phone: mobileNo,
        email: `professional${n}@example.in`,
        ...(await cityIds(t, 'Maharashtra', 'Mumbai')),
        pinCode: '400001',
        addressLine1: `${n} Test Lane`,
        panNumber: freshPan(),
        aadharNumber: freshAadhaar(),
        vendorId: over.vendorId ?? 0,
        serviceId: 0,
        professionalServicesDetailsList: serviceIds.map((serviceId) => ({ serviceId })),
        professionalZoneDetailsList: zoneIds.map((zoneId) => ({ zoneId })),
      });
      if (over.available === false) await setAvailable(t.db, made.id, false);
      const password = `Professional-pass-${n}`;
      let changed = false;
      const login = async (pass: string) =>
        dataOf<{ Token: string }>(
          await t.api('POST', '/api/Userlogin', { body: { MobileNoOrEmail: mobileNo, Password: pass } }),
        ).Token;
      return {
        ...made,
        id: made.id as number,
        mobileNo,
        fullName: made.fullName as string,
        zoneIds,
        serviceIds,
        password,
        /** Signs them in; the first call replaces the one-time password with `password`. */
        async token(): Promise<string> {
          if (!changed) {
            const [sent] = await t.db
              .select({ payload: notificationOutbox.payload })
              .from(notificationOutbox)
              .where(
                and(
                  eq(notificationOutbox.recipient, mobileNo),
                  eq(notificationOutbox.template, 'professional_welcome'),
                ),
              )
              .orderBy(desc(notificationOutbox.id))
              .limit(1);
            const oneTime = (sent?.payload as { password?: string } | null)?.password;
            if (!oneTime) throw new Error(`no one-time password was sent to ${mobileNo}`);
            const first = await login(oneTime);
            dataOf(
              await t.api('PUT', '/api/Common/ChangePasswordAll', {
                token: first,
                body: { Role: 'TE', Phone: mobileNo, OldPassword: oneTime, NewPassword: password },
              }),
            );
            changed = true;
            return first;
          }
          return login(password);
        },
      };
    },

    /** A session token for a professional made by `professional()`. */
    professionalToken: (prof: { token(): Promise<string> }) => prof.token(),

    /**
     * A wallet-paid order of `customer`, placed through the API as the customer would: the admin credits their
     * wallet, they add an address in a fresh zone that serves a fresh category, put `services` (1 unless told) of it
     * in the cart with a slot 3 days ahead at 10:00 India time, and place it with ApiName=Wallet. Answers the order
     * id and its lines (id, serviceId, state) in line order.
     */
    async placedOrder(customer: { mobileNo: string; fullName: string; token(): Promise<string> }, services = 1) {
      const pinCode = freshPincode();
      const zone = await f.zone({ pinCode: [pinCode] });
      const category = await f.category({ categoryZoneList: [{ zoneId: zone.id }] });
      const sub = await f.subCategory({ categoryId: category.id });
      const made: Row[] = [];
      for (let i = 0; i < services; i++) made.push(await f.service({ subCategoryId: sub.id }));
      const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });
      const credit = await t.api('POST', '/api/UpdateCustomerWalletBalance', {
        token: await admin(),
        body: { MobileNo: customer.mobileNo, Amount: 1000 * services, Remark: 'Test funds for an order' },
        headers: key(),
      });
      dataOf(credit, 200);
      const token = await customer.token();
      const address = dataOf<Row>(
        await t.api('POST', '/api/Order/AddAddressForCustomer', {
          token,
          body: {
            adress: '12 Test Road',
            pinCode,
            city: 'Mumbai',
            state: 'Maharashtra',
            receiverName: customer.fullName,
            receiverMobileNo: customer.mobileNo,
          },
        }),
        200,
      );
      const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const slot = `${day}T10:00:00+05:30`;
      for (const s of made) {
        dataOf(
          await t.api('POST', '/api/Cart/AddCart', { token, body: { ServiceId: s.id, SchedulingDateTime: slot } }),
        );
      }
      const placed = dataOf<{ orderId: number }>(
        await t.api('POST', '/api/Order/OrderPlacedNew?ApiName=Wallet', {
          token,
          body: { AddressId: address.id },
          headers: key(),
        }),
        201,
      );
      const lines = await t.db
        .select({ id: orderLines.id, serviceId: orderLines.serviceId, state: orderLines.state })
        .from(orderLines)
        .where(eq(orderLines.orderId, placed.orderId))
        .orderBy(orderLines.id);
      return { orderId: placed.orderId, lines, services: made };
    },
  };
  return f;
}

export type Factories = ReturnType<typeof factories>;
