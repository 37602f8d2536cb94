import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_QUERY_EVENTS,
  customerQueryAllowedEvents,
} from '../../src/machines/customerQuery/customerQuery.machine';
import { customerQueryPaths } from '../../src/machines/customerQuery/customerQuery.model';
import { dataOf } from '../support/catalogue';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The customer query machine walked against the server: each generated path starts from a query the
 * customer raises about their order line, drives every event the way the product does (the admin answers, the
 * customer deletes), and after each step the stored state and the allowed events must be the machine's; every event
 * the state does not allow is refused with 409 and changes nothing.
 */
let t: TestServer;
let admin: string;
let customer: { token: string; lineId: number };

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.tokenFor('A');
  const f = factories(t);
  const c = await f.customer();
  const order = await f.placedOrder(c);
  customer = { token: await c.token(), lineId: order.lines[0].id };
});
afterAll(() => t?.close());

const answer = (id: number) =>
  t.api('PUT', `/api/Customer/ResponseCustomerQuery?Id=${id}`, { token: admin, body: { QueryAns: 'Yes, it is.' } });
const remove = (id: number) => t.api('DELETE', `/api/Customer/DeleteCustomerQuery?Id=${id}`, { token: customer.token });

/** How the product sends each event. */
const send: Record<string, (id: number) => ReturnType<typeof answer>> = { ANSWER: answer, DELETE: remove };

/** The query as staff see it (a customer no longer lists a deleted one unless asked for the deleted state). */
async function stored(id: number) {
  const list = dataOf(await t.api('GET', `/api/Customer/GetCustomerQueryies?pageSize=200`, { token: admin }));
  return list.items.find((q: any) => q.id === id);
}

describe('customer query machine, against the server', () => {
  for (const path of customerQueryPaths()) {
    const label =
      path.steps
        .map((s) => s.event.type)
        .filter((e) => !e.startsWith('xstate.'))
        .join(' → ') || '(start)';
    it(`${label} ⇒ ${String(path.state.value)}`, async () => {
      const raised = dataOf(
        await t.api('POST', '/api/Customer/AddCustomerQuery', {
          token: customer.token,
          body: { OrderLineId: customer.lineId, Query: `Path ${label}` },
        }),
        201,
      );
      let state = 'raised';
      expect(raised).toMatchObject({ state, allowedEvents: customerQueryAllowedEvents(state) });
      for (const step of path.steps) {
        if (step.event.type.startsWith('xstate.')) continue;
        const res = await send[step.event.type](raised.id);
        expect(res.status, `${step.event.type} in ${state}`).toBe(200);
        state = String(step.state.value);
        expect(res.body.data).toMatchObject({ state, allowedEvents: customerQueryAllowedEvents(state) });
        const q = await stored(raised.id);
        expect(q).toMatchObject({ state, isQueryResolved: state === 'answered' });
        // What the state refuses, the server refuses, and nothing changes.
        for (const type of CUSTOMER_QUERY_EVENTS.filter((e) => !customerQueryAllowedEvents(state).includes(e))) {
          const refused = await send[type](raised.id);
          expect(refused.status, `${type} in ${state}`).toBe(409);
          expect(refused.body).toMatchObject({ state, allowedEvents: customerQueryAllowedEvents(state) });
          expect(await stored(raised.id)).toEqual(q);
        }
      }
      expect(state).toBe(String(path.state.value));
    });
  }
});
