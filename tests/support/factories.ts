// Test data through the product's own doors (decision 010): the admin API for what the admin makes (so the
// rules and side effects run), the service for accounts that have no admin screen yet. Every argument is
// optional: a test names only what it asserts on, and anything it needs underneath (a service's sub-category
// and category) is made for it.
import { and, desc, eq } from 'drizzle-orm';
import {
  couponRedemptions,
  coupons,
  customerSubscriptions,
  notificationOutbox,
  orderLines,
  orders,
  referrals,
  subscriptionDiscounts,
  subscriptionPlans,
  transitionLog,
  users,
  zonePincodes,
} from '../../server/db/schema';
import type { CouponState, CustomerSubscriptionState, ReferralStatus } from '../../server/db/schema/marketing';
import { signup } from '../../server/domains/commerce/customers/service';
import { setAvailable } from '../../server/domains/fieldService/professionals/service';
import { expireDue } from '../../server/domains/marketing/homeScreenAds/service';
import { createAccount } from '../../server/domains/platform/auth/service';
import { backOutGst, paise, splitGst } from '../../server/money';
import { verhoeffDigit } from '../../server/shared/identity';
import { b64, cityIds, dataOf, png } from './catalogue';

/** A purchase row written without a sale (no transfer, no invoice): its price's tax, intra-state (decision 054). */
const uninvoicedTax = (pricePaise: number) => {
  const { taxablePaise, gstPaise } = backOutGst(pricePaise, 18);
  return { sacCode: '999799', placeOfSupply: 'Karnataka', taxablePaise, ...splitGst(gstPaise, true) };
};

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

    /** A vendor account (decision 027 builds vendor profiles on it), with a way to sign it in. */
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
     * They joined on 2024-01-01 (decision 033: attendance counts from the joining date) unless `joiningDate` says
     * otherwise (null: not sent, so today).
     */
    async professional(
      over: {
        joiningDate?: string | null;
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
        ...(over.joiningDate === null ? {} : { joiningDate: over.joiningDate ?? '2024-01-01' }),
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
     * in the cart with a slot 3 days ahead at 10:00 India time, and place it with ApiName=Wallet (and a tip of `tip`
     * rupees when given). The address and zone are in Mumbai, Maharashtra unless `state` and `city` say otherwise;
     * `prices` (rupees, no discount, 18% GST) makes one service per price instead of `services` of the factory's.
     * Answers the order id, its invoice number and its lines (id, serviceId, state, totalPaise) in line order.
     */
    async placedOrder(
      customer: { mobileNo: string; fullName: string; token(): Promise<string> },
      services = 1,
      {
        tip,
        state = 'Maharashtra',
        city = 'Mumbai',
        prices,
      }: { tip?: number; state?: string; city?: string; prices?: number[] } = {},
    ) {
      const pinCode = freshPincode();
      const zone = await f.zone({ state, city, pinCode: [pinCode] });
      const category = await f.category({ categoryZoneList: [{ zoneId: zone.id }] });
      const sub = await f.subCategory({ categoryId: category.id });
      const made: Row[] = [];
      for (const price of prices ?? Array.from({ length: services }, () => undefined)) {
        made.push(
          await f.service({ subCategoryId: sub.id, ...(price === undefined ? {} : { price, discount: 0, gst: 18 }) }),
        );
      }
      const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });
      const funds = prices ? Math.ceil(prices.reduce((a, b) => a + b, 0) * 1.18) + (tip ?? 0) : 1000 * services;
      const credit = await t.api('POST', '/api/UpdateCustomerWalletBalance', {
        token: await admin(),
        body: { MobileNo: customer.mobileNo, Amount: Math.max(funds, 1), Remark: 'Test funds for an order' },
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
            city,
            state,
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
      const placed = dataOf<{ orderId: number; invoiceNo: string }>(
        await t.api('POST', `/api/Order/OrderPlacedNew?ApiName=Wallet${tip === undefined ? '' : `&Tip=${tip}`}`, {
          token,
          body: { AddressId: address.id },
          headers: key(),
        }),
        201,
      );
      const lines = await t.db
        .select({
          id: orderLines.id,
          serviceId: orderLines.serviceId,
          state: orderLines.state,
          totalPaise: orderLines.totalPaise,
        })
        .from(orderLines)
        .where(eq(orderLines.orderId, placed.orderId))
        .orderBy(orderLines.id);
      return { orderId: placed.orderId, invoiceNo: placed.invoiceNo, lines, services: made };
    },

    /**
     * A one-line order of `customer` paid through the sandbox provider (₹529.94: a ₹499 service, 10% off, 18% GST):
     * placed with ApiName=sandbox, paid on the sandbox's checkout page and verified on return, as the browser does.
     * Answers the order id, its line and our payment order id (the return's UID).
     */
    async providerPaidOrder(customer: { mobileNo: string; fullName: string; token(): Promise<string> }) {
      const pinCode = freshPincode();
      const zone = await f.zone({ pinCode: [pinCode] });
      const category = await f.category({ categoryZoneList: [{ zoneId: zone.id }] });
      const sub = await f.subCategory({ categoryId: category.id });
      const service = await f.service({ subCategoryId: sub.id });
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
      dataOf(
        await t.api('POST', '/api/Cart/AddCart', {
          token,
          body: { ServiceId: service.id, SchedulingDateTime: `${day}T10:00:00+05:30` },
        }),
      );
      const placed = dataOf<{ orderId: number; checkoutUrl: string; paymentOrderId: string }>(
        await t.api('POST', '/api/Order/OrderPlacedNew?ApiName=sandbox', {
          token,
          body: { AddressId: address.id },
          headers: { 'idempotency-key': `k-${crypto.randomUUID()}` },
        }),
        201,
      );
      const paid = await fetch(new URL(placed.checkoutUrl, t.url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=pay',
        redirect: 'manual',
      });
      if (paid.status !== 303) throw new Error(`the sandbox answered ${paid.status} to Pay`);
      dataOf(await t.api('PUT', `/api/Order/OrderPlacedCheckPAymentGate?orderID=${placed.paymentOrderId}`, { token }));
      return { orderId: placed.orderId, serviceId: service.id, paymentOrderId: placed.paymentOrderId };
    },
  };
  return f;
}

export type Factories = ReturnType<typeof factories>;

// ==== marketing dashboard (decision 025) ====
// Data for the dashboard's aggregates, in the states and at the times a test names. Coupons, advertisements and
// packages go through their own operations (couponFactories, packageFactories below). Redemptions, subscription
// purchases and referrals must carry times in the past, which no operation can make: these insert the rows checkout,
// TakeSubscription and sign-up write (the same columns), one small helper per table, through the test database.

/** Marketing-dashboard test data; `at` times are instants (an India day starts at 18:30Z the day before). */
export function marketingDashboardFactories(t: TestServer) {
  /** A bare customer account (a redemption's, a subscription's or a referral's party); it cannot sign in. */
  const person = async () => {
    const n = next();
    const [row] = await t.db
      .insert(users)
      .values({
        fullName: `Dashboard customer ${n}`,
        mobileNo: `2${String(n).padStart(9, '0')}`,
        role: 'Cust',
        passwordHash: 'x',
      })
      .returning({ id: users.id });
    return row.id;
  };
  /** A bare order of `customerUserId` (what a redemption points at). */
  const order = async (customerUserId: number, at: Date) => {
    const [row] = await t.db
      .insert(orders)
      .values({
        customerUserId,
        status: 'order created',
        paymentType: 'Wallet',
        customerName: 'Dashboard customer',
        placeAddress: '1 Test Road',
        city: 'Mumbai',
        state: 'Maharashtra',
        pinCode: '400001',
        receiverName: 'Dashboard customer',
        receiverMobileNo: '9999999999',
        intraState: true,
        taxablePaise: 100_000,
        gstPaise: 18_000,
        totalPaise: 118_000,
        walletPaise: 118_000,
        createdAt: at,
      })
      .returning({ id: orders.id });
    return row.id;
  };

  const md = {
    person,

    /**
     * A coupon in `state`, made by the demo marketing account through the coupon operations (decided by the demo
     * admin): `terms` overrides its terms (validFrom/validTo are India days). 'expired' ran past its end and was
     * expired by the sweep; 'deleted' was deleted by marketing.
     */
    async coupon(state: CouponState, terms: Extra = {}) {
      const cf = couponFactories(t);
      const admin = await t.tokenFor('A');
      const marketing = await t.tokenFor('MR');
      const decide = async (id: number, appRej: 'Approve' | 'Reject') =>
        dataOf(
          await t.api('PUT', `/api/Marketing/CouponsAppRejAdmin?id=${id}&AppRej=${appRej}`, {
            token: admin,
            body: appRej === 'Reject' ? { remark: 'Make the terms clearer.' } : {},
          }),
        );
      const made =
        state === 'draft' || state === 'deleted'
          ? await cf.coupon(terms)
          : state === 'pending' || state === 'rejected'
            ? await cf.coupon(terms, { submit: true })
            : await cf.approvedCoupon(terms);
      const id = made.id as number;
      if (state === 'rejected') await decide(id, 'Reject');
      if (state === 'disabled') {
        dataOf(await t.api('POST', `/api/DeReActivateAll?action1=HomeScreenAdvs&id=${id}`, { token: admin }));
      }
      if (state === 'expired') {
        await cf.endValidity(id);
        await expireDue(t.db);
      }
      if (state === 'deleted') {
        dataOf(await t.api('POST', `/api/HomeScreenAdvsDelete?id=${id}`, { token: marketing }));
      }
      const [row] = await t.db
        .select({ state: coupons.state, code: coupons.code })
        .from(coupons)
        .where(eq(coupons.adId, id));
      if (row.state !== state) throw new Error(`coupon ${id} is ${row.state}, not ${state}`);
      return { id, code: row.code };
    },

    /** Time passing for a coupon sent for approval: its SUBMIT (or last EDIT back to pending) happened at `at`. */
    async submittedAt(id: number, at: Date) {
      await t.db
        .update(transitionLog)
        .set({ at })
        .where(
          and(eq(transitionLog.entity, 'Coupon'), eq(transitionLog.entityId, id), eq(transitionLog.toState, 'pending')),
        );
    },

    /** A redemption of `couponId` on a new order, made at `at`, held unless `released`. */
    async redemption(couponId: number, at: Date, discountPaise: number, over: { released?: boolean } = {}) {
      const customer = await person();
      const orderId = await order(customer, at);
      await t.db.insert(couponRedemptions).values({
        couponId,
        orderId,
        customerUserId: customer,
        discountPaise,
        createdAt: at,
        releasedAt: over.released ? new Date(at.getTime() + 60_000) : null,
        releaseReason: over.released ? 'payment failed' : null,
      });
      return { orderId };
    },

    /** A home-screen advertisement (AD) through the admin's operations: on, switched off, or deleted. */
    async advertisement(state: 'on' | 'off' | 'deleted' = 'on') {
      const admin = await t.tokenFor('A');
      const made = await couponFactories(t).advertisement();
      if (state === 'off') {
        dataOf(await t.api('POST', `/api/DeReActivateAll?action1=HomeScreenAdvs&id=${made.id}`, { token: admin }));
      }
      if (state === 'deleted') dataOf(await t.api('POST', `/api/HomeScreenAdvsDelete?id=${made.id}`, { token: admin }));
      return made;
    },

    /** A special package through the admin's operations (one service), live unless `expired` (ExpirePackage Y). */
    async specialPackage(over: { expired?: boolean } = {}) {
      const made = await packageFactories(t).specialPackage({ services: 1 });
      if (over.expired) {
        dataOf(
          await t.api('PUT', `/api/Marketing/ExpirePackage?Id=${made.id}&ExpFlag=Y`, { token: await t.tokenFor('A') }),
        );
      }
      return made;
    },

    /** A subscription plan (on sale). */
    async plan(over: { pricePaise?: number; durationInMonths?: number } = {}) {
      const [row] = await t.db
        .insert(subscriptionPlans)
        .values({
          subscriptionName: `Dashboard plan ${next()}`,
          durationInMonths: over.durationInMonths ?? 3,
          pricePaise: paise(over.pricePaise ?? 49_900),
        })
        .returning({ id: subscriptionPlans.id, pricePaise: subscriptionPlans.pricePaise });
      return row;
    },

    /**
     * A customer's purchase of `plan` made at `at`: paid ('active', running from `at` for the plan's months) unless
     * `state` says otherwise.
     */
    async purchase(
      plan: { id: number; pricePaise: number },
      at: Date,
      over: { state?: CustomerSubscriptionState; months?: number } = {},
    ) {
      const state = over.state ?? 'active';
      const months = over.months ?? 3;
      const ends = new Date(at);
      ends.setUTCMonth(ends.getUTCMonth() + months);
      const [row] = await t.db
        .insert(customerSubscriptions)
        .values({
          customerUserId: await person(),
          subscriptionId: plan.id,
          state,
          pricePaise: paise(plan.pricePaise),
          durationInMonths: months,
          startsAt: state === 'active' ? at : null,
          endsAt: state === 'active' ? ends : null,
          createdAt: at,
          ...uninvoicedTax(plan.pricePaise),
        })
        .returning({ id: customerSubscriptions.id });
      return row;
    },

    /** A referral of a new customer by `referrerUserId` (a new one by default), signed up at `at`. */
    async referral(
      at: Date,
      over: { status?: ReferralStatus; costPaise?: number; settledAt?: Date; referrerUserId?: number } = {},
    ) {
      const status = over.status ?? 'pending';
      const [row] = await t.db
        .insert(referrals)
        .values({
          referrerUserId: over.referrerUserId ?? (await person()),
          referredUserId: await person(),
          costPaise: paise(over.costPaise ?? 5_000),
          status,
          refusedReason: status === 'refused' ? 'the same mobile number' : null,
          createdAt: at,
          settledAt: status === 'paid' ? (over.settledAt ?? at) : null,
        })
        .returning({ id: referrals.id });
      return row;
    },
  };
  return md;
}

// ---- Coupons and home-screen advertisements (decision 021, helper H1) ----

/** A day N days from today (India time), YYYY-MM-DD. */
export const dayFromToday = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));

let couponSeq = 0;
/** A coupon code no other test file of the worker uses. */
export const freshCouponCode = (prefix = 'T') =>
  `${prefix}${process.pid % 10_000}X${++couponSeq}${Math.floor(Math.random() * 1000)}`.slice(0, 24);

export function couponFactories(t: TestServer) {
  const token = (role: 'A' | 'MR') => t.tokenFor(role);
  const f = {
    /** A coupon's terms: 10% capped at ₹100, limit 100, one per customer, valid from today for 30 days. */
    terms: (over: Extra = {}) => ({
      couponCode: freshCouponCode(),
      discountType: 'P',
      discount: 10,
      maxDiscount: 100,
      minOrderValue: 0,
      validFrom: dayFromToday(0),
      validTo: dayFromToday(30),
      totalLimit: 100,
      perCustomerLimit: 1,
      ...over,
    }),

    /** A coupon made by marketing (a draft unless `submit`), through HomeScreenAdvsInsert. */
    async coupon(over: Extra = {}, opts: { submit?: boolean; token?: string } = {}) {
      return dataOf<Row>(
        await t.api('POST', '/api/HomeScreenAdvsInsert', {
          token: opts.token ?? (await token('MR')),
          body: {
            homeScreenAds: { advType: 'CO', description: 'A test coupon', discountDesc: '10% off' },
            couponsOffers: f.terms(over),
            submit: opts.submit ?? false,
          },
        }),
        201,
      );
    },

    /** A coupon made by marketing, submitted and approved by the demo admin: live from today. */
    async approvedCoupon(over: Extra = {}) {
      const made = await f.coupon(over, { submit: true });
      dataOf(
        await t.api('PUT', `/api/Marketing/CouponsAppRejAdmin?id=${made.id}&AppRej=Approve`, {
          token: await token('A'),
          body: {},
        }),
      );
      return made;
    },

    /** An advertisement made by the admin. */
    async advertisement(over: Extra = {}) {
      return dataOf<Row>(
        await t.api('POST', '/api/HomeScreenAdvsInsert', {
          token: await token('A'),
          body: {
            homeScreenAds: {
              advType: 'AD',
              description: 'A test advertisement',
              discountDesc: 'Up to 20% off',
              ...over,
            },
          },
        }),
        201,
      );
    },

    /** Moves a coupon's validity into the past (time passing): its end is `daysAgo` days before now. */
    async endValidity(id: number, daysAgo = 1) {
      const end = new Date(Date.now() - daysAgo * 86_400_000);
      await t.db
        .update(coupons)
        .set({ validFrom: new Date(end.getTime() - 10 * 86_400_000), validTo: end })
        .where(eq(coupons.adId, id));
    },

    /**
     * A redemption of `couponId` held on a real order (placed through the API by a new customer), as checkout reserves
     * it; released (payment failed or order cancelled) when told.
     */
    async redemption(couponId: number, opts: { released?: boolean; discountPaise?: number } = {}) {
      const base = factories(t);
      const customer = await base.customer();
      const order = await base.placedOrder(customer);
      await t.db.insert(couponRedemptions).values({
        couponId,
        orderId: order.orderId,
        customerUserId: customer.id,
        discountPaise: opts.discountPaise ?? 5_000,
        releasedAt: opts.released ? new Date() : null,
        releaseReason: opts.released ? 'payment failed' : null,
      });
      return order;
    },

    /** Another admin (a checker when the demo admin made a coupon), with a way to sign in. */
    async otherAdmin() {
      const n = ++couponSeq;
      const input = {
        role: 'A' as const,
        fullName: `Second Admin ${n}`,
        mobileNo: `7${String((process.pid * 1000 + n) % 1_000_000_000).padStart(9, '0')}`,
        email: `admin${process.pid}x${n}@example.in`,
        password: `Admin-pass-${n}`,
      };
      const id = await createAccount(t.db, input);
      const res = await t.api('POST', '/api/adminlogin', { body: { UserName: input.email, Password: input.password } });
      return { ...input, id, token: dataOf<{ Token: string }>(res).Token };
    },
  };
  return f;
}

// ==== Special packages, decision 022 (helper H2) ====

/**
 * A special package through AddSpecialPackages as the admin: a fresh name, ₹999 before GST, a picture, and
 * `services` fresh services (2 unless told, or the given `serviceIds`).
 */
export function packageFactories(t: TestServer) {
  const f = factories(t);
  return {
    async specialPackage(over: Extra & { serviceIds?: number[]; services?: number } = {}) {
      const { services = 2, ...rest } = over;
      const serviceIds = over.serviceIds ?? [];
      if (!over.serviceIds) for (let i = 0; i < services; i++) serviceIds.push((await f.service()).id);
      type PackageRow = Row & {
        pkgName: string;
        available: boolean;
        pkgImageUrl: string | null;
        services: { id: number; serviceId: number; heading: string }[];
      };
      return dataOf<PackageRow>(
        await t.api('POST', '/api/Marketing/AddSpecialPackages', {
          token: await f.admin(),
          body: {
            pkgName: `Package ${next()}`,
            pkgDesc: 'Two services on one visit.',
            price: 999,
            imagebase64Data: b64(png()),
            fileName: 'package.png',
            ...rest,
            serviceIds,
          },
        }),
        201,
      );
    },
  };
}

// ==== Referrals, decision 024 (helper H4) ====

/**
 * Referral test data: the admin's cost, a customer who signed up with another's code, and first visits carried out
 * through the professional's own doors (AssignOrderToMyself, then CompleteByProfessionalOrCustRating with the
 * customer's code), so the completion's referral payout runs as in production.
 */
export function referralFactories(t: TestServer) {
  const f = factories(t);
  const r = {
    /** SetReferralCost as the admin, in rupees; a cost already in force is left as it is (the 409). */
    async referralCost(rupees: number) {
      const res = await t.api('POST', `/api/SetReferralCost?ReferralCost=${rupees}`, { token: await f.admin() });
      if (res.status !== 409) dataOf(res, 201);
    },

    /** A customer who signed up with `referrer`'s referral code. */
    referred: (referrer: { referralCode: string }, over: Parameters<typeof f.customer>[0] = {}) =>
      f.customer({ referral: referrer.referralCode, ...over }),

    /** A professional (signed in) who serves the zone of `orderId`'s address and every service of the order. */
    async professionalFor(orderId: number) {
      const [order] = await t.db.select({ pinCode: orders.pinCode }).from(orders).where(eq(orders.id, orderId));
      const [zone] = await t.db
        .select({ zoneId: zonePincodes.zoneId })
        .from(zonePincodes)
        .where(eq(zonePincodes.pinCode, order.pinCode));
      const lines = await t.db
        .select({ serviceId: orderLines.serviceId })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId));
      const pro = await f.professional({ zoneIds: [zone.zoneId], serviceIds: lines.map((l) => l.serviceId) });
      return { ...pro, tok: await pro.token() };
    },

    /** The professional takes an open line for themself. */
    take: async (tok: string, lineId: number) =>
      dataOf(
        await t.api('POST', '/api/Professional/AssignOrderToMyself', { token: tok, body: { id: lineId, RejFlag: 0 } }),
      ),

    /** The professional completes the line with the customer's code (the raw reply: tests race these). */
    async complete(tok: string, lineId: number) {
      const [line] = await t.db.select().from(orderLines).where(eq(orderLines.id, lineId));
      return t.api('POST', '/api/Professional/CompleteByProfessionalOrCustRating', {
        token: tok,
        body: {
          Action: 'Complete',
          OrderId: line.orderId,
          ServiceId: line.serviceId,
          CompletionCode: line.completionCode,
        },
      });
    },

    /** A wallet-paid order of `services` for `customer` whose first line a professional takes and completes. */
    async completedOrder(customer: Parameters<typeof f.placedOrder>[0], services = 1) {
      const placed = await f.placedOrder(customer, services);
      const pro = await r.professionalFor(placed.orderId);
      await r.take(pro.tok, placed.lines[0].id);
      dataOf(await r.complete(pro.tok, placed.lines[0].id));
      return { ...placed, pro };
    },
  };
  return r;
}

// ==== Promotions at checkout, decision 026 (the lead) ====
// A plan a customer already holds, straight into its tables (the subscriptions' own tests buy plans through the API):
// what the checkout reads, and nothing else.

export function promotionFactories(t: TestServer) {
  return {
    /** A plan held by `customerUserId` since yesterday for 60 days, with its discounts ('F' in paise off each unit). */
    async activePlan(
      customerUserId: number,
      discounts: { serviceId: number; type: 'P' | 'F'; discount: number }[],
      name = `Plan ${next()}`,
    ) {
      const [plan] = await t.db
        .insert(subscriptionPlans)
        .values({ subscriptionName: name, durationInMonths: 3, pricePaise: paise(99_900) })
        .returning();
      for (const d of discounts) {
        await t.db
          .insert(subscriptionDiscounts)
          .values({ subscriptionId: plan.id, serviceId: d.serviceId, discountType: d.type, discount: d.discount });
      }
      await t.db.insert(customerSubscriptions).values({
        customerUserId,
        subscriptionId: plan.id,
        state: 'active',
        pricePaise: paise(99_900),
        durationInMonths: 3,
        startsAt: new Date(Date.now() - 86_400_000),
        endsAt: new Date(Date.now() + 60 * 86_400_000),
        ...uninvoicedTax(99_900),
      });
      return plan;
    },
  };
}

// ==== Subscriptions, decision 023 (helper H3) ====

/**
 * Subscription test data through the admin's API: a plan (on sale), its discount on a service, and a customer with
 * money in their wallet (the admin's credit) ready to buy one.
 */
export function subscriptionFactories(t: TestServer) {
  const f = factories(t);
  const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });
  type PlanRow = Row & {
    subscriptionName: string;
    price: number;
    durationInMonths: number;
    status: boolean;
    isDelete: boolean;
    discounts: Row[];
  };
  const s = {
    /** ₹499 for 3 months unless told otherwise. */
    plan: async (over: Extra = {}) =>
      dataOf<PlanRow>(
        await t.api('POST', '/api/AddSubscriptionDetails', {
          token: await f.admin(),
          body: { subscriptionName: `Plan ${next()}`, durationInMonths: 3, price: 499, ...over },
        }),
        201,
      ),

    /** The plan's discount on a service (a new one unless told): 10% unless told otherwise. */
    async discount(subscriptionId: number, over: Extra & { ServiceID?: number } = {}) {
      const ServiceID = over.ServiceID ?? (await f.service()).id;
      return dataOf<Row & { serviceId: number; discountType: string; discount: number; status: boolean }>(
        await t.api('POST', '/api/AddDiscountDetailsForService', {
          token: await f.admin(),
          body: { SubscriptionID: subscriptionId, discount: 10, DiscountType: 'P', ...over, ServiceID },
        }),
        201,
      );
    },

    /** A customer whose wallet holds `rupees` (₹1,000 unless told), signed in. */
    async customer(rupees = 1000) {
      const c = await f.customer();
      if (rupees > 0) {
        dataOf(
          await t.api('POST', '/api/UpdateCustomerWalletBalance', {
            token: await f.admin(),
            body: { MobileNo: c.mobileNo, Amount: rupees, Remark: 'Test funds for a plan' },
            headers: key(),
          }),
          200,
        );
      }
      return { ...c, tok: await c.token() };
    },
  };
  return s;
}

// ---------------------------------------------------------------- attendance and holidays (decision 033)
/** Attendance through HR's own doors: a corrected day, a holiday, a month's lock and unlock. */
export function attendanceFactories(t: TestServer) {
  const hr = () => t.tokenFor('HR');
  return {
    hr,
    /** HR sets `date` of professional `empId` (present 09:00-18:00 unless told), with a reason. */
    async day(
      empId: number,
      date: string,
      over: { status?: string; checkIn?: string | null; checkOut?: string | null; reason?: string } = {},
    ) {
      const status = over.status ?? 'present';
      const timed = status === 'present' || status === 'halfDay';
      return dataOf<Row & { date: string; status: string }>(
        await t.api('PUT', '/api/Hr/CorrectAttendance', {
          token: await hr(),
          body: {
            EmpId: empId,
            date,
            status,
            checkIn: over.checkIn === undefined ? (timed ? '09:00' : null) : over.checkIn,
            checkOut: over.checkOut === undefined ? (timed ? '18:00' : null) : over.checkOut,
            reason: over.reason ?? 'Set by the test',
          },
        }),
        200,
      );
    },
    /** A holiday on `date`. */
    holiday: async (date: string, name = `Holiday ${next()}`) =>
      dataOf<Row & { date: string; name: string }>(
        await t.api('POST', '/api/Hr/AddHoliday', { token: await hr(), body: { date, name } }),
        201,
      ),
    lock: async (year: number, month: number) =>
      dataOf(
        await t.api('POST', '/api/Hr/LockAttendanceMonth', { token: await hr(), body: { Year: year, month } }),
        200,
      ),
    unlock: async (year: number, month: number, reason = 'Reopened by the test') =>
      dataOf(
        await t.api('POST', '/api/Hr/UnlockAttendanceMonth', {
          token: await hr(),
          body: { Year: year, month, reason },
        }),
        200,
      ),
  };
}

// ---------------------------------------------------------------- payroll (decision 034; engineer C1's block)

/** Payroll through the API: structures by HR, the company wallet funded by the accountant, payment. */
export function payrollFactories(t: TestServer) {
  const hr = () => t.tokenFor('HR');
  const ac = () => t.tokenFor('AC');
  return {
    hr,
    ac,
    /** A structure from `effectiveFrom` (basic 20,000, HRA 8,000, allowances 2,000 unless told). */
    structure: async (
      empId: number,
      over: {
        effectiveFrom?: string;
        basic?: number;
        hra?: number;
        allowances?: number;
        epf?: boolean;
        esi?: boolean;
      } = {},
    ) =>
      dataOf<Row & { effectiveFrom: string; gross: number }>(
        await t.api('POST', `/api/Hr/AddSalaryDetailsEmp?EmpId=${empId}`, {
          token: await hr(),
          body: { effectiveFrom: '2024-01-01', basic: 20000, hra: 8000, allowances: 2000, ...over },
        }),
        201,
      ),
    /** The accountant deposits `rupees` in the company account wallet. */
    fundCompany: async (rupees: number) =>
      dataOf<{ balance: number }>(
        await t.api('POST', '/api/Account/AddMoneyToAccWallet', {
          token: await ac(),
          body: { TransAmount: rupees, BankReference: `UTR-FUND-${next()}`, Remark: 'Salaries' },
          headers: { 'idempotency-key': `fund-${next()}-${Date.now()}` },
        }),
        200,
      ),
    /**
     * A professional who completed a line of a wallet-paid order with a tip of `tip` rupees (an active tip amount):
     * the tip is held for them in professional_tips and the ledger's tips payable, to be paid with their salary.
     */
    async tippedProfessional(tip = 50) {
      const f = factories(t);
      const r = referralFactories(t);
      const placed = await f.placedOrder(await f.customer(), 1, { tip });
      const [line] = placed.lines;
      const pro = await r.professionalFor(placed.orderId);
      await r.take(pro.tok, line.id);
      dataOf(await r.complete(pro.tok, line.id));
      return { pro, orderId: placed.orderId, lineId: line.id };
    },
    pay: (empId: number, date: string, bankReference = `UTR${next()}`) =>
      ac().then((token) =>
        t.api('POST', `/api/Account/PayEmpSalary?id=${empId}&date=${date}`, { token, body: { bankReference } }),
      ),
  };
}

// ---------------------------------------------------------------- recruitment (decision 032; engineer A1's block)

/** A minimal PDF, as a CV or a document upload. */
export const candidatePdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');

/** Candidates through HR's and the admin's own doors: added, documented, moved along the pipeline, appointed. */
export function candidateFactories(t: TestServer) {
  const hr = () => t.tokenFor('HR');
  const admin = () => t.tokenFor('A');
  const f = factories(t);
  const freshPhone = () => `7${String((next() * 7919 + Date.now()) % 1_000_000_000).padStart(9, '0')}`;
  const c = {
    hr,
    admin,
    freshPhone,
    /** A valid AddCandidates body; `over` replaces fields. */
    body: (over: Extra = {}) => {
      const n = next();
      return {
        firstName: `Ravi${n}`,
        middleName: null,
        lastName: 'Kumar',
        phone: freshPhone(),
        email: `candidate${n}.${Date.now()}@example.in`,
        address: `${n} MG Road, Pune`,
        pincode: '411001',
        dob: '1995-04-12',
        designationType: 'Technician',
        offOnRole: 'OnRoll',
        totalExp: 3,
        ...over,
      };
    },
    /** A candidate in state new (as HR added them). */
    candidate: async (over: Extra = {}) =>
      dataOf<Row & { state: string; phone: string; fullName: string; email: string | null }>(
        await t.api('POST', '/api/Hr/AddCandidates', { token: await hr(), body: c.body(over) }),
        201,
      ),
    /** Documents with a PAN, an Aadhaar number and bank details (what an appointment needs). */
    docs: async (candidateId: number, over: Extra = {}) =>
      dataOf(
        await t.api('POST', '/api/Hr/AddCandidateDocs', {
          token: await hr(),
          body: {
            candidateId,
            panNumber: freshPan(),
            aadharNumber: freshAadhaar(),
            expectedSal: 25000,
            offeredSal: 24000.5,
            previousSal: 20000,
            expectedJoinDate: '2030-01-15',
            verificationSts: 'Verified',
            bankAccNo: '123456789012',
            bankIFSC: 'HDFC0001234',
            pfAccNo: 'MH/BAN/0012345',
            uanNo: '100200300400',
            esiNo: '3100123456',
            ...over,
          },
        }),
        201,
      ),
    /** HR's RecruitmentProcess call; answers the raw reply. */
    process: async (id: number, Action: string, q: Record<string, string | number> = {}, token?: string) => {
      const params = new URLSearchParams({
        id: String(id),
        Action,
        ...Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])),
      });
      return t.api('PUT', `/api/Hr/RecruitmentProcess?${params}`, { token: token ?? (await hr()) });
    },
    sendForApproval: async (id: number, token?: string) =>
      t.api('PUT', `/api/Hr/SendCandidateForApproval?id=${id}`, { token: token ?? (await hr()) }),
    decide: async (id: number, approve: boolean, remark = '', token?: string) =>
      t.api(
        'PUT',
        `/api/Employee/ApproveRejectCandidate?id=${id}&AccFlag=${approve ? 1 : 0}&RejectRemark=${encodeURIComponent(remark)}`,
        { token: token ?? (await admin()) },
      ),
    /** HR appoints through Professional/AddProfessional?CandidateId (the form's other fields as HR fills them). */
    appoint: async (id: number, over: Extra = {}, token?: string) => {
      const zone = await f.zone();
      return t.api('POST', `/api/Professional/AddProfessional?CandidateId=${id}`, {
        token: token ?? (await hr()),
        body: {
          fullName: 'Typed in the form',
          professionalType: 'Technician',
          phone: freshPhone(),
          ...(await cityIds(t, 'Maharashtra', 'Mumbai')),
          pinCode: '400001',
          addressLine1: 'Typed in the form',
          panNumber: freshPan(),
          aadharNumber: freshAadhaar(),
          vendorId: 0,
          serviceId: 0,
          professionalZoneDetailsList: [{ zoneId: zone.id }],
          ...over,
        },
      });
    },
    /** A candidate walked to `state` through the API (documents added on the way to approval). */
    async at(state: string, over: Extra = {}) {
      const made = await c.candidate(over);
      const id = made.id;
      const ok = async (res: { status: number; body: unknown }) => dataOf(res, 200);
      const path = ['screened', 'interview', 'finalised', 'sentForApproval', 'approved', 'appointed'];
      const rejectAt = state === 'rejected' ? 'new' : null;
      if (rejectAt) {
        await ok(await c.process(id, 'Reject', { RejectRemark: 'Not a fit' }));
        return { ...made, state };
      }
      const target = state === 'adminRejected' ? 'sentForApproval' : state;
      const upTo = path.indexOf(target);
      if (upTo >= 0) await ok(await c.process(id, 'Screen'));
      if (upTo >= 1) await ok(await c.process(id, 'Interview'));
      if (upTo >= 2) await ok(await c.process(id, 'Finalise', { RevSal: 26000, RevJoDate: dayFromToday(30) }));
      if (upTo >= 3) {
        await c.docs(id);
        await ok(await c.sendForApproval(id));
      }
      if (state === 'adminRejected') await ok(await c.decide(id, false, 'Salary too high'));
      if (upTo >= 4) await ok(await c.decide(id, true));
      if (upTo >= 5) dataOf(await c.appoint(id), 201);
      return { ...made, state };
    },
  };
  return c;
}
