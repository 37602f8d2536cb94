import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, professionals } from '../../server/db/schema';
import { checkLedger } from '../../server/domains/money/wallets/service';
import {
  ORDER_LINE_EVENTS,
  orderLineAllowedEvents,
  orderLineMachine,
} from '../../src/machines/orderLine/orderLine.machine';
import { orderLinePaths } from '../../src/machines/orderLine/orderLine.model';
import { dataOf } from '../support/catalogue';
import { factories } from '../support/factories';
import { uncovered } from '../support/model';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The order line machine walked against the server: every generated path is driven through the
 * product, and after each step the stored state and the customer's list must be the machine's. Every event goes
 * through its HTTP call: the customer's (payment by the sandbox provider and its return, retry, reschedule, cancel
 * with its quote, rating), the admin's (AssignTechnician for ASSIGN and REASSIGN, the Professional toggle of
 * DeReActivateAll for RELEASE, the admin's cancel) and the professional's (AssignOrderToMyself for SELF_ASSIGN,
 * ACCEPT and REJECT, CompleteByProfessionalOrCustRating with the customer's code for COMPLETE).
 */
let t: TestServer;
let f: ReturnType<typeof factories>;
let admin: string;
type Pro = Awaited<ReturnType<ReturnType<typeof factories>['professional']>> & { tok: string };
/** Two professionals serving the walk's zone and service: a reassignment moves a line from one to the other. */
let pros: Pro[];
let customer: Awaited<ReturnType<ReturnType<typeof factories>['customer']>> & { tok: string };
let serviceId: number;
let addressId: number;

const slotAt = (days: number, hour: number) => {
  const d = new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${d}T${String(hour).padStart(2, '0')}:00:00+05:30`;
};
/** Every order and every reschedule gets a slot of its own, so no walk's job overlaps another's for the professionals. */
let slots = 0;
const nextSlot = () => {
  const n = slots++;
  return slotAt(4 + Math.floor(n / 12), 8 + (n % 12));
};

beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  admin = await t.tokenFor('A');
  const pinCode = '811234';
  const zone = await f.zone({ pinCode: [pinCode] });
  const category = await f.category({ categoryZoneList: [{ zoneId: zone.id }] });
  const sub = await f.subCategory({ categoryId: category.id });
  serviceId = (await f.service({ subCategoryId: sub.id })).id;
  pros = [];
  for (let i = 0; i < 2; i++) {
    const p = await f.professional({ zoneIds: [zone.id], serviceIds: [serviceId] });
    pros.push({ ...p, tok: await p.token() });
  }
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
  /** The professional holding the line now, and those who rejected it (never offered it again). */
  holder: Pro | null;
  rejectedBy: Set<number>;
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
const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBe(200);
/** A professional who may be given the line: not its holder, never rejected it. */
const freePro = (w: Walk) => pros.find((p) => p !== w.holder && !w.rejectedBy.has(p.id))!;
const assignTo = (w: Walk, p: Pro) =>
  t.api('POST', `/api/AssignTechnician?TechnicianId=${p.id}&ServiceId=${serviceId}&OrderId=${w.orderId}`, {
    token: admin,
    body: {},
  });
const myself = (p: Pro, w: Walk, RejFlag: 0 | 1) =>
  t.api('POST', '/api/Professional/AssignOrderToMyself', { token: p.tok, body: { id: w.lineId, RejFlag } });

/** An order of one line, placed with the sandbox provider: its line waits in awaitingPayment. */
async function begin(): Promise<Walk> {
  dataOf(await post('/api/Cart/AddCart', customer.tok, { ServiceId: serviceId, SchedulingDateTime: nextSlot() }));
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
    holder: null,
    rejectedBy: new Set(),
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
  async ASSIGN(w) {
    const p = freePro(w);
    ok(await assignTo(w, p));
    w.holder = p;
  },
  async REASSIGN(w) {
    const p = freePro(w);
    ok(await assignTo(w, p));
    w.holder = p;
  },
  async RELEASE(w) {
    // The admin switches the holder off (their open jobs go back to unassigned), then on again; they sign in anew.
    const p = w.holder!;
    ok(await t.api('POST', `/api/DeReActivateAll?action1=Professional&id=${p.id}`, { token: admin }));
    ok(await t.api('POST', `/api/DeReActivateAll?action1=Professional&id=${p.id}`, { token: admin }));
    p.tok = await p.token();
    w.holder = null;
  },
  async SELF_ASSIGN(w) {
    const p = freePro(w);
    const res = await myself(p, w, 0);
    ok(res);
    expect(res.body.data.event).toBe('SELF_ASSIGN');
    w.holder = p;
  },
  async ACCEPT(w) {
    const res = await myself(w.holder!, w, 0);
    ok(res);
    expect(res.body.data.event).toBe('ACCEPT');
  },
  async REJECT(w) {
    ok(await myself(w.holder!, w, 1));
    w.rejectedBy.add(w.holder!.id);
    w.holder = null;
  },
  async COMPLETE(w) {
    const code = (await listed(w)).completionCode as string;
    expect(code).toMatch(/^\d{4}$/);
    const p = w.holder!;
    const [before] = await t.db.select().from(professionals).where(eq(professionals.userId, p.id));
    ok(
      await post('/api/Professional/CompleteByProfessionalOrCustRating', p.tok, {
        Action: 'Complete',
        ...ref(w),
        CompletionCode: code,
      }),
    );
    const [after] = await t.db.select().from(professionals).where(eq(professionals.userId, p.id));
    expect(after.ratingCount).toBe(before.ratingCount);
  },
  async RESCHEDULE(w) {
    w.reschedules++;
    const res = await post('/api/Order/OrderReschedule', customer.tok, {
      ...ref(w),
      RescheduleDate: nextSlot(),
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
    const p = w.holder!;
    const [before] = await t.db.select().from(professionals).where(eq(professionals.userId, p.id));
    const res = await post('/api/Professional/CompleteByProfessionalOrCustRating', customer.tok, {
      Action: 'CustRating',
      ...ref(w),
      Rating: 4,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The rating counts for the professional who did the job, in the same write.
    const [after] = await t.db.select().from(professionals).where(eq(professionals.userId, p.id));
    expect([after.ratingCount, after.ratingTotal]).toEqual([before.ratingCount + 1, before.ratingTotal + 4]);
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
  it('drives every event of the machine through the product, and the paths take every state and transition', () => {
    expect(Object.keys(drive).sort()).toEqual([...ORDER_LINE_EVENTS].sort());
    expect(uncovered(orderLineMachine, orderLinePaths())).toEqual({ states: [], transitions: [] });
  });

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
        // The line is held by the professional the walk gave it to (none once it is back in the pool).
        if (['unassigned', 'assigned', 'accepted'].includes(state)) {
          expect(row.professionalUserId, `holder after ${step.event.type}`).toBe(w.holder?.id ?? null);
        }
        // ... and listed among the holder's open jobs, as its state, with the buttons the machine allows.
        if (w.holder && (state === 'assigned' || state === 'accepted')) {
          const held = dataOf(
            await t.api('GET', '/api/Professional/GetAssignedOrdersForProffessional?pageSize=200', {
              token: w.holder.tok,
            }),
          );
          const job = held.items.find((j: any) => j.lineId === w.lineId);
          expect(job?.state, `the holder's list after ${step.event.type}`).toBe(state);
          if (job.actions.includes('Accept')) expect(orderLineAllowedEvents(state)).toContain('ACCEPT');
          if (job.actions.includes('Complete')) expect(orderLineAllowedEvents(state)).toContain('COMPLETE');
        }
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
