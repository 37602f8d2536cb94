import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { productRequests } from '../../server/db/schema';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { stockCheck } from '../../server/domains/supply/products/service';
import {
  HOLDS_STOCK,
  PRODUCT_REQUEST_EVENTS,
  PRODUCT_REQUEST_STATES,
  type ProductRequestEvent,
  type ProductRequestState,
  productRequestAllowedEvents,
  productRequestMachine,
} from '../../src/machines/productRequest/productRequest.machine';
import { productRequestModel, productRequestPaths } from '../../src/machines/productRequest/productRequest.model';
import { dataOf } from '../support/catalogue';
import { coverageOf } from '../support/machine-paths';
import { productRequestFactories } from '../support/product-request-factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The product request machine walked against the server: every generated path is driven through the
 * real API (the vendor submits, cancels, re-approves and pays; the inventory manager and the admin accept and
 * reject, with a remark), and after each step the stored state, the events each role is offered and the stock the
 * request holds must be the machine's. In each state reached, every event the machine refuses is refused by the
 * server too (409 with the allowed events, nothing changed). The wallet ledger balances after every path.
 */
let t: TestServer;
let pf: ReturnType<typeof productRequestFactories>;
beforeAll(async () => {
  t = await startTestServer();
  pf = productRequestFactories(t);
});
afterAll(() => t?.close());
afterEach(async () => {
  const report = await checkLedger(t.db);
  expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
  const stock = await stockCheck(t.db);
  expect(stock.checks.filter((c) => c.breaches.length)).toEqual([]);
});

const key = (e: ProductRequestEvent) => ('role' in e ? `${e.type}:${e.role}` : e.type);

interface Walk {
  id: number;
  productId: number;
  vendor: Awaited<ReturnType<typeof pf.vendor>>;
}

const QTY = 2;

/** How the product makes each event happen; answers the HTTP reply. */
function send(w: Walk, e: ProductRequestEvent) {
  switch (e.type) {
    case 'ACCEPT':
      return pf.decide(w.id, e.role, false);
    case 'REJECT':
      return pf.decide(w.id, e.role, true, `Not now (${e.role})`);
    case 'REAPPROVE':
      return pf.reapprove(w.vendor, w.id);
    case 'CANCEL':
      return pf.cancel(w.vendor, w.id);
    case 'PAY':
      return pf.pay(w.vendor, w.id);
  }
}

const storedState = async (id: number) =>
  (await t.db.select({ state: productRequests.state }).from(productRequests).where(eq(productRequests.id, id)))[0]
    .state;

const reservedOf = async (productId: number) => {
  const res: unknown = await t.db.execute(sql`select reserved, on_hand from products where id = ${productId}`);
  type Row = { reserved: number; on_hand: number };
  const rows = (res && typeof res === 'object' && 'rows' in res ? (res as { rows: Row[] }).rows : res) as Row[];
  return { reserved: Number(rows[0].reserved), onHand: Number(rows[0].on_hand) };
};

const refusalsChecked = new Set<string>();

async function check(w: Walk, state: ProductRequestState) {
  expect(await storedState(w.id)).toBe(state);
  const allowed = productRequestAllowedEvents(state).map(key);
  const asVendor = await pf.view(w.vendor.token, w.id);
  expect(asVendor.state).toBe(state);
  expect(asVendor.allowedEvents).toEqual(allowed.filter((k) => !k.includes(':')));
  expect((await pf.view(t.tokenFor('IM'), w.id)).allowedEvents).toEqual(allowed.filter((k) => k.endsWith(':IM')));
  expect((await pf.view(t.tokenFor('A'), w.id)).allowedEvents).toEqual(allowed.filter((k) => k.endsWith(':A')));
  // The stock follows the machine: held in HOLDS_STOCK, gone from the store once issued.
  const stock = await reservedOf(w.productId);
  expect(stock.reserved, `held in ${state}`).toBe(HOLDS_STOCK.includes(state) ? QTY : 0);
  expect(stock.onHand, `on hand in ${state}`).toBe(state === 'issued' ? 10 - QTY : 10);
  if (refusalsChecked.has(state)) return;
  refusalsChecked.add(state);
  for (const e of PRODUCT_REQUEST_EVENTS) {
    if (allowed.includes(key(e))) continue;
    const res = await send(w, e);
    expect(res.status, `${key(e)} in ${state}`).toBe(409);
    expect(res.body.state, `${key(e)} in ${state}`).toBe(state);
    expect(res.body.allowedEvents, `${key(e)} in ${state}`).toEqual(allowed);
    expect(await storedState(w.id)).toBe(state);
  }
}

describe('product request machine, against the server', () => {
  const paths = productRequestPaths();

  it('the paths cover every state and every transition', () => {
    const { states, transitions } = coverageOf(productRequestMachine, paths);
    expect({ states: states.missing, transitions: transitions.missing }).toEqual({ states: [], transitions: [] });
    expect([...states.all].sort()).toEqual([...PRODUCT_REQUEST_STATES].sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const vendor = await pf.vendor();
      const product = await pf.product({ quantity: 10, mrp: 100, discount: 0 });
      await pf.fund(vendor.id, 1000);
      const w: Walk = {
        id: await pf.submitted(vendor, [{ productId: product.id, requestQty: QTY }]),
        productId: product.id,
        vendor,
      };
      const seen: string[] = [];
      await productRequestModel.testPath(path, {
        states: Object.fromEntries(
          PRODUCT_REQUEST_STATES.map((s) => [
            s,
            async () => {
              await check(w, s);
              seen.push(s);
            },
          ]),
        ),
        events: Object.fromEntries(
          ['ACCEPT', 'REJECT', 'REAPPROVE', 'CANCEL', 'PAY'].map((type) => [
            type,
            async ({ event }: { event: ProductRequestEvent }) => {
              const res = await send(w, event);
              expect(res.status, `${key(event)}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
              dataOf(res);
            },
          ]),
        ),
      });
      expect(seen).toHaveLength(path.steps.length);
    });
  }
});
