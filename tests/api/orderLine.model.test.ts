import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, users } from '../../server/db/schema';
import { applyLineEvent } from '../../server/modules/orderLines/service';
import { checkLedger } from '../../server/modules/wallets/service';
import { orderLineAllowedEvents } from '../../src/machines/orderLine/orderLine.machine';
import { orderLinePaths } from '../../src/machines/orderLine/orderLine.model';
import { dataOf } from '../support/catalogue';
import { factories } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

/**
 * The order line machine walked against the server (DESIGN.md §3): every generated path is driven through the
 * product, and after each step the stored state and the customer's list must be the machine's. The customer's events
 * go through HTTP (payment by the sandbox provider and its return, retry, reschedule, cancel with its quote, the
 * admin's cancel, rating); the staff's and the professional's (ASSIGN, SELF_ASSIGN, ACCEPT, REJECT, COMPLETE) have no
 * HTTP call until the dispatch issue, so they go through applyLineEvent, the service that call will use.
 */
let t: TestServer;
let f: ReturnType<typeof factories>;
let admin: string;
let technicianId: number;
let customer: Awaited<ReturnType<ReturnType<typeof factories>['customer']>> & { tok: string };
let serviceId: number;
let addressId: number;

const slotAt = (days: number, hour: number) => {
  const d = new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${d}T${String(hour).padStart(2, '0')}:00:00+05:30`;
};

beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  admin = await t.tokenFor('A');
  const [tech] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobileNo, accountOf('TE').mobileNo));
  technicianId = tech.id;
  const pinCode = '811234';
  const zone = await f.zone({ pinCode: [pinCode] });
  const category = await f.category({ categoryZoneList: [{ zoneId: zone.id }] });
  const sub = await f.subCategory({ categoryId: category.id });
  serviceId = (await f.service({ subCategoryId: sub.id })).id;
  const c = await f.customer();
  customer = { ...c, tok: await c.token() };
  addressId = dataOf(
    await t.api('POST', '/api/Order/AddAddressForCustomer', {
      token: customer.tok,
      body: {
        adress: '1 Model Lane',
        pinCode,
        city: 'Mumbai',
        state: 'Maharashtra',
        receiverName: customer.fullName,
        receiverMobileNo: customer.mobileNo,
      },
    }),
  ).id;
});
afterAll(() => t?.close());
afterEach(async () => {
  const report = await checkLedger(t.db);
  expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
});

interface Walk {
  orderId: number;
  lineId: number;
  /** The provider's checkout page and our payment order id of the payment in progress. */
  checkoutUrl: string;
  uid: string;
  reschedules: number;
}

const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });
const post = (path: string, token: string, body?: unknown) => t.api('POST', path, { token, body });
const choose = (checkoutUrl: string, outcome: 'pay' | 'fail') =>
  fetch(new URL(checkoutUrl, t.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
const gate = (uid: string) =>
  t.api('PUT', `/api/Order/OrderPlacedCheckPAymentGate?orderID=${uid}`, { token: customer.tok });
const ref = (w: Walk) => ({ OrderId: w.orderId, ServiceId: serviceId });
const service = (w: Walk, type: Parameters<typeof applyLineEvent>[2], extra = {}) =>
  t.db.transaction((tx) => applyLineEvent(tx, w.lineId, type, null, extra));

/** An order of one line, placed with the sandbox provider: its line waits in awaitingPayment. */
async function begin(): Promise<Walk> {
  dataOf(await post('/api/Cart/AddCart', customer.tok, { ServiceId: serviceId, SchedulingDateTime: slotAt(4, 10) }));
  const placed = dataOf(
    await t.api('POST', '/api/Order/OrderPlacedNew?ApiName=sandbox', {
      token: customer.tok,
      body: { AddressId: addressId },
      headers: key(),
    }),
    201,
  );
  const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
  return {
    orderId: placed.orderId,
    lineId: line.id,
    checkoutUrl: placed.checkoutUrl,
    uid: placed.paymentOrderId,
    reschedules: 0,
  };
}

/** How the product makes each event happen. */
const drive: Record<string, (w: Walk) => Promise<void>> = {
  async PAYMENT_SETTLED(w) {
    await choose(w.checkoutUrl, 'pay');
    expect((await gate(w.uid)).status).toBe(200);
  },
  async PAYMENT_FAILED(w) {
    await choose(w.checkoutUrl, 'fail');
    const res = await gate(w.uid);
    expect(res.body.data.status).toBe('payment failed');
  },
  async RETRY_PAYMENT(w) {
    const retry = dataOf(
      await post('/api/Order/RetryOrderPayment', customer.tok, { OrderId: w.orderId, ApiName: 'sandbox' }),
    );
    w.checkoutUrl = retry.checkoutUrl;
    w.uid = retry.paymentOrderId;
  },
  ASSIGN: async (w) => void (await service(w, 'ASSIGN', { professionalUserId: technicianId })),
  SELF_ASSIGN: async (w) => void (await service(w, 'SELF_ASSIGN', { professionalUserId: technicianId })),
  ACCEPT: async (w) => void (await service(w, 'ACCEPT')),
  REJECT: async (w) => void (await service(w, 'REJECT', { reason: 'Too far today' })),
  COMPLETE: async (w) => void (await service(w, 'COMPLETE')),
  async RESCHEDULE(w) {
    w.reschedules++;
    const res = await post('/api/Order/OrderReschedule', customer.tok, {
      ...ref(w),
      RescheduleDate: slotAt(4 + w.reschedules, 11),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  },
  async CANCEL(w) {
    const terms = dataOf(await post('/api/Order/OrderCancellationQuote', customer.tok, ref(w)));
    const res = await post('/api/Order/OrderCancellation', customer.tok, { ...ref(w), AcceptedFee: terms.fee });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  },
  async ADMIN_CANCEL(w) {
    const res = await post('/api/Order/AdminCancelOrderLine', admin, { ...ref(w), Remark: 'Walked by the model' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  },
  async RATE(w) {
    const res = await post('/api/Professional/CompleteByProfessionalOrCustRating', customer.tok, {
      Action: 'CustRating',
      ...ref(w),
      Rating: 5,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  },
};

/** The line as the customer's lists show it (upcoming, past or cancelled), or null while it is in none. */
async function listed(w: Walk) {
  for (const [path, body] of [
    ['/api/Customer/GetOrdersForCustomer', { when: 'upcoming', pageSize: 100 }],
    ['/api/Customer/GetOrdersForCustomer', { when: 'past', pageSize: 100 }],
    ['/api/Customer/GetCancelledOrdersForCustomer', { pageSize: 100 }],
  ] as const) {
    const page = dataOf(await post(path, customer.tok, body));
    const found = page.items.find((l: any) => l.lineId === w.lineId);
    if (found) return found;
  }
  return null;
}

describe('order line machine, against the server', () => {
  for (const path of orderLinePaths()) {
    const label = path.steps.map((s) => s.event.type).join(' → ') || '(start)';
    it(`${label} ⇒ ${String(path.state.value)}`, async () => {
      const w = await begin();
      let state = 'awaitingPayment';
      for (const step of path.steps) {
        if (step.event.type.startsWith('xstate.')) continue;
        // A refused event is 409 and changes nothing: the machine said it is not allowed.
        expect(orderLineAllowedEvents(state)).toContain(step.event.type);
        await drive[step.event.type](w);
        state = String(step.state.value);
        const [row] = await t.db.select().from(orderLines).where(eq(orderLines.id, w.lineId));
        expect(row.state, `after ${step.event.type}`).toBe(state);
        const shown = await listed(w);
        expect(shown?.state, `listed after ${step.event.type}`).toBe(state);
        // The customer's buttons are among what the machine allows now.
        const events = orderLineAllowedEvents(state);
        if (shown.actions.includes('Cancel')) expect(events).toContain('CANCEL');
        if (shown.actions.includes('Rate')) expect(events).toContain('RATE');
        if (shown.actions.includes('Reschedule')) expect(events).toContain('RESCHEDULE');
      }
      expect(state).toBe(String(path.state.value));
      // Every path leaves a paid line's money where it belongs: the ledger check runs after each.
    });
  }
});
