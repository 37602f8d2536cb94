import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderInput, PaymentProvider } from '../../server/plugins/payments';
import { allowedEvents } from '../../src/machines/paymentIntent/paymentIntent.machine';
import { paymentIntentPaths } from '../../src/machines/paymentIntent/paymentIntent.model';
import { dataOf } from '../support/catalogue';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The payment intent machine walked against the server: every generated path is driven through the
 * real API (the payer's top-up and verification, the sandbox's checkout page, the staff's events), and after each
 * step the stored state and the allowed events must be the machine's.
 */
let t: TestServer;
let vendor: string;
let staff: string;
/** Holds the sandbox's order creation until the path says the provider answered, so an intent can rest in `created`. */
let gate: { release: () => void; fail: () => void } | null = null;

beforeAll(async () => {
  t = await startTestServer();
  vendor = await t.tokenFor('VE');
  staff = await t.tokenFor('AC');
  const providers = t.app.payments;
  const sandbox = providers.providerFor('sandbox');
  const held: PaymentProvider = {
    ...sandbox,
    createOrder: (input: CreateOrderInput) =>
      new Promise((resolve, reject) => {
        gate = {
          release: () => resolve(sandbox.createOrder(input)),
          fail: () => reject(new Error('the provider refused the order')),
        };
      }),
  };
  providers.providerFor = (mode) => (mode === 'sandbox' ? held : sandbox);
});
afterAll(() => t?.close());

interface Walk {
  started: Promise<unknown>;
  id: number;
  orderId: string | null;
  checkoutUrl: string | null;
}

const detail = async (id: number) => dataOf(await t.api('GET', `/api/Payments/Intents/${id}`, { token: staff }));
const staffEvent = (id: number, event: string) =>
  t.api('POST', `/api/Payments/Intents/${id}/Events`, { token: staff, body: { event } });
const choose = (w: Walk, outcome: string) =>
  fetch(new URL(w.checkoutUrl!, t.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
const verify = (w: Walk) =>
  t.api('PUT', `/api/Customer/CheckWalletTransactionStatus?orderID=${w.orderId}`, { token: vendor });

/** Starts a top-up and waits until its intent exists, held in `created`. */
async function begin(): Promise<Walk> {
  gate = null;
  const started = t.api('POST', '/api/Excel/Gate1CF', { token: vendor, body: { order_amount: 10 } });
  await expect.poll(() => gate, { timeout: 5000 }).not.toBeNull();
  const list = dataOf(await t.api('GET', '/api/Payments/Intents?pageSize=1', { token: staff }));
  return { started, id: list.items[0].id, orderId: list.items[0].orderId, checkoutUrl: null };
}

/** How the product makes each event happen. */
const drive: Record<string, (w: Walk, from: string) => Promise<void>> = {
  async ORDER_CREATED(w) {
    gate!.release();
    const res = (await w.started) as { status: number; body: any };
    expect(res.status).toBe(201);
    w.checkoutUrl = res.body.data.checkoutUrl;
  },
  async PROVIDER_FAILED(w, from) {
    if (from === 'created') {
      gate!.fail();
      expect(((await w.started) as { status: number }).status).toBe(502);
    } else {
      await choose(w, 'fail');
      expect((await verify(w)).status).toBe(402);
    }
  },
  async PROVIDER_PAID(w) {
    await choose(w, 'pay');
    expect((await verify(w)).status).toBe(200);
  },
  async PROVIDER_CANCELLED(w) {
    await choose(w, 'cancel');
    expect((await verify(w)).status).toBe(402);
  },
  async EXPIRE(w, from) {
    expect((await staffEvent(w.id, 'EXPIRE')).status).toBe(200);
    if (from === 'created') {
      // The provider answers late: the order is no longer wanted, and the payer is told so.
      gate!.release();
      expect(((await w.started) as { status: number }).status).toBe(409);
    }
  },
  async VERIFY(w) {
    expect((await staffEvent(w.id, 'VERIFY')).status).toBe(200);
  },
};

const stateOf = (value: unknown) => String(value);

describe('payment intent machine, against the server', () => {
  for (const path of paymentIntentPaths()) {
    const label = path.steps.map((s) => s.event.type).join(' → ') || '(start)';
    it(`${label} ⇒ ${stateOf(path.state.value)}`, async () => {
      const w = await begin();
      let from = 'created';
      expect((await detail(w.id)).state).toBe(from);
      for (const step of path.steps) {
        if (step.event.type.startsWith('xstate.')) continue;
        await drive[step.event.type](w, from);
        from = stateOf(step.state.value);
        const d = await detail(w.id);
        expect(d.state, `after ${step.event.type}`).toBe(from);
        expect(d.allowedEvents).toEqual(allowedEvents(from));
      }
      expect(from).toBe(stateOf(path.state.value));
      // A path that ends with the intent still waiting on the provider lets the held request finish.
      if (from === 'created') {
        gate!.release();
        await w.started;
      }
    });
  }
});
