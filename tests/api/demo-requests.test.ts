import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productRequests, users } from '../../server/db/schema';
import { seedDemoRequests } from '../../server/db/seed/demo-requests';
import { stockCheck } from '../../server/modules/products/service';
import { checkLedger } from '../../server/modules/wallets/service';
import { PRODUCT_REQUEST_STATES } from '../../src/machines/productRequest/productRequest.machine';
import { factories } from '../support/factories';
import { productRequestFactories } from '../support/product-request-factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

// The demo product requests (issue 12 §6): one request of the demo vendor in every state of the machine, built
// through the service, with both ledgers whole. The vendors' and products' demo seeds are stood in for here by a
// professional of the demo vendor and a few store products made through the API.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('seedDemoRequests', () => {
  it('leaves the demo vendor a request in every state, the ledgers whole, and does nothing twice', async () => {
    const pf = productRequestFactories(t);
    const [vendor] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobileNo, accountOf('VE').mobileNo));
    await factories(t).professional({ vendorId: vendor.id });
    await factories(t).professional({ vendorId: vendor.id });
    for (let i = 0; i < 8; i++) await pf.product({ quantity: 40, mrp: 120 + i * 35 });
    await seedDemoRequests(t.db);
    const states = async () =>
      (
        await t.db
          .select({ state: productRequests.state })
          .from(productRequests)
          .where(eq(productRequests.vendorUserId, vendor.id))
      ).map((r) => r.state);
    const first = await states();
    expect(new Set(first)).toEqual(new Set(PRODUCT_REQUEST_STATES));
    expect((await checkLedger(t.db)).ok).toBe(true);
    expect((await stockCheck(t.db)).ok).toBe(true);
    await seedDemoRequests(t.db);
    expect(await states()).toHaveLength(first.length);
  });
});
