import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../../server/db/seed/demo-catalogue';
import { seedDemoOrders } from '../../server/db/seed/demo-orders';
import { DEMO_QUERY, seedDemoQueries } from '../../server/db/seed/demo-queries';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { accountOf, startTestServer, type TestServer } from '../support/server';

// The demo seeds in server/main.ts's order on the test server's database (reference and demo accounts already in).
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoCatalogue(t.db, path.join(t.dataDir, 'uploads'));
  await seedDemoOrders(t.db, { company: t.app.config.company, customerMobileNo: accountOf('Cust').mobileNo });
  await seedDemoQueries(t.db, accountOf('Cust').mobileNo, accountOf('A').mobileNo);
});
afterAll(() => t?.close());

describe('demo queries and notifications seed', () => {
  it('gives the demo customer one answered query about a completed line of theirs', async () => {
    const token = await t.tokenFor('Cust');
    const mine = dataOf(await t.api('GET', '/api/Customer/GetCustomerQueryies', { token }));
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      query: DEMO_QUERY.query,
      queryAns: DEMO_QUERY.answer,
      state: 'answered',
      isQueryResolved: true,
      queryResByName: accountOf('A').fullName,
    });
    const [line] = (
      (await t.db.execute(
        sql.raw(`select state, customer_user_id from order_lines where id = ${mine.items[0].orderLineId}`),
      )) as unknown as { rows: { state: string }[] }
    ).rows;
    expect(['completed', 'rated']).toContain(line.state);
  });

  it('gives the demo customer a few unread notifications, the answer and the welcome credit among them', async () => {
    const token = await t.tokenFor('Cust');
    const list = dataOf(await t.api('GET', '/api/Notifications/Mine', { token }));
    expect(list.unread).toBeGreaterThanOrEqual(3);
    const kinds = list.items.map((n: any) => n.kind);
    expect(kinds).toEqual(expect.arrayContaining(['query_answered', 'wallet_credited', 'order_placed']));
  });

  it('does nothing twice', async () => {
    const before = await tableCounts(t.db);
    await seedDemoQueries(t.db, accountOf('Cust').mobileNo, accountOf('A').mobileNo);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
