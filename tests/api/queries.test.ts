import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../server/domains/platform/auth/service';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: string;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.tokenFor('A');
  f = factories(t);
});
afterAll(() => t?.close());

const rows = async <T>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const raise = (token: string | undefined, body: unknown) =>
  t.api('POST', '/api/Customer/AddCustomerQuery', { token, body });
const list = (token: string | undefined, query = '') =>
  t.api('GET', `/api/Customer/GetCustomerQueryies${query}`, { token });
const answer = (token: string | undefined, id: number | string, body: unknown = { QueryAns: 'Yes, we bring them.' }) =>
  t.api('PUT', `/api/Customer/ResponseCustomerQuery?Id=${id}`, { token, body });
const remove = (token: string | undefined, id: number | string) =>
  t.api('DELETE', `/api/Customer/DeleteCustomerQuery?Id=${id}`, { token });

/** A customer with one placed order line (wallet-paid, through the API). */
async function customerWithLine(services = 1) {
  const c = await f.customer();
  const order = await f.placedOrder(c, services);
  return { ...c, tok: await c.token(), order, line: order.lines[0] };
}

describe('raising a query', () => {
  it('about the customer’s own line, by its id or by order and service; the reply describes the query', async () => {
    const c = await customerWithLine(2);
    const made = dataOf(await raise(c.tok, { OrderLineId: c.line.id, Query: '  Do you bring the liquids?  ' }), 201);
    expect(made).toMatchObject({
      customerId: c.id,
      customerName: c.fullName,
      orderId: c.order.orderId,
      orderLineId: c.line.id,
      serviceId: c.line.serviceId,
      technicianId: null,
      query: 'Do you bring the liquids?',
      isQueryResolved: false,
      queryResDate: null,
      queryResBy: null,
      queryAns: null,
      state: 'raised',
      allowedEvents: ['ANSWER', 'DELETE'],
    });
    expect(Date.now() - new Date(made.queryRaisedDate).getTime()).toBeLessThan(60_000);

    const second = c.order.lines[1];
    const bySpec = dataOf(
      await raise(c.tok, { OrderId: c.order.orderId, ServiceId: second.serviceId, Query: 'And the ladder?' }),
      201,
    );
    expect(bySpec).toMatchObject({ orderLineId: second.id, serviceId: second.serviceId });

    const mine = dataOf(await list(c.tok));
    expect(mine.items.map((q: any) => q.id)).toEqual([bySpec.id, made.id]);
    // Raising is logged like every transition.
    expect(
      await rows(
        `select from_state, to_state, event from transition_log where entity = 'CustomerQuery' and entity_id = ${made.id}`,
      ),
    ).toEqual([{ from_state: null, to_state: 'raised', event: 'RAISE' }]);
  });

  it('keeps the line’s professional as the query’s technician', async () => {
    const c = await customerWithLine();
    // Dispatch assigns professionals (decision 016); here the line is given one as dispatch would.
    const tech = accountOf('TE');
    await t.db.execute(
      sql.raw(
        `update order_lines set professional_user_id = (select id from users where mobile_no = '${tech.mobileNo}') where id = ${c.line.id}`,
      ),
    );
    const made = dataOf(await raise(c.tok, { OrderLineId: c.line.id, Query: 'When will he come?' }), 201);
    const [{ id }] = await rows<{ id: number }>(`select id from users where mobile_no = '${tech.mobileNo}'`);
    expect(made.technicianId).toBe(id);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const c = await customerWithLine();
    const before = await tableCounts(t.db);
    const cases: [unknown, string][] = [
      [{ OrderLineId: c.line.id }, 'Query'],
      [{ OrderLineId: c.line.id, Query: '' }, 'Query'],
      [{ OrderLineId: c.line.id, Query: '   ' }, 'Query'],
      [{ OrderLineId: c.line.id, Query: 'x'.repeat(1001) }, 'Query'],
      [{ Query: 'Which line?' }, 'OrderLineId'],
      [{ OrderLineId: 'one', Query: 'Hi' }, 'OrderLineId'],
      [{ OrderLineId: 0, Query: 'Hi' }, 'OrderLineId'],
      [{ OrderId: c.order.orderId, Query: 'Hi' }, 'ServiceId'],
      [{ OrderLineId: c.line.id, OrderId: c.order.orderId, ServiceId: c.line.serviceId, Query: 'Hi' }, 'OrderLineId'],
      [{ OrderLineId: c.line.id, Query: 'Hi', customerId: 1 }, 'customerId'],
    ];
    for (const [body, field] of cases) {
      const res = await raise(c.tok, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await raise(c.tok, { OrderLineId: 2_000_000_000, Query: 'Hi' })).status).toBe(404);
    expect((await raise(c.tok, { OrderId: c.order.orderId, ServiceId: 2_000_000_000, Query: 'Hi' })).status).toBe(404);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses another customer’s line (404) and roles other than the customer (403), visitors 401', async () => {
    const owner = await customerWithLine();
    const other = await customerWithLine();
    // Signed in first: a sign-in writes a session row.
    for (const role of ['A', 'CD', 'TE', 'IM', 'VE', 'HR', 'MR', 'AC'] as const) await t.tokenFor(role);
    const before = await tableCounts(t.db);
    expect((await raise(other.tok, { OrderLineId: owner.line.id, Query: 'Mine?' })).status).toBe(404);
    expect(
      (await raise(other.tok, { OrderId: owner.order.orderId, ServiceId: owner.line.serviceId, Query: 'Mine?' }))
        .status,
    ).toBe(404);
    for (const role of ['A', 'CD', 'TE', 'IM', 'VE', 'HR', 'MR', 'AC'] as const) {
      const res = await raise(await t.tokenFor(role), { OrderLineId: owner.line.id, Query: 'Staff?' });
      expect(res.status, role).toBe(403);
    }
    expect((await raise(undefined, { OrderLineId: owner.line.id, Query: 'Anyone?' })).status).toBe(401);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('listing queries', () => {
  it('a customer sees only their own; staff (A, CD) see all, by state and search; others are refused', async () => {
    const a = await customerWithLine();
    const b = await customerWithLine();
    const qa = dataOf(await raise(a.tok, { OrderLineId: a.line.id, Query: 'Alpha question' }), 201);
    const qb = dataOf(await raise(b.tok, { OrderLineId: b.line.id, Query: 'Beta question' }), 201);
    expect(dataOf(await list(a.tok)).items.map((q: any) => q.id)).toEqual([qa.id]);
    expect(dataOf(await list(b.tok)).items.map((q: any) => q.id)).toEqual([qb.id]);
    dataOf(await answer(admin, qb.id));

    for (const role of ['A', 'CD'] as const) {
      const token = await t.tokenFor(role);
      const all = dataOf(await list(token, '?pageSize=200')).items.map((q: any) => q.id);
      expect(all, role).toEqual(expect.arrayContaining([qa.id, qb.id]));
      const raised = dataOf(await list(token, '?state=raised&pageSize=200')).items;
      expect(raised.every((q: any) => q.state === 'raised')).toBe(true);
      expect(raised.map((q: any) => q.id)).toContain(qa.id);
      expect(raised.map((q: any) => q.id)).not.toContain(qb.id);
      const found = dataOf(await list(token, `?search=${encodeURIComponent(b.mobileNo)}`)).items;
      expect(found.map((q: any) => q.id)).toEqual([qb.id]);
    }
    const paged = dataOf(await list(admin, '?pageSize=1&page=2'));
    expect(paged).toMatchObject({ page: 2, pageSize: 1 });
    expect(paged.total).toBeGreaterThanOrEqual(2);

    for (const role of ['IM', 'VE', 'HR', 'MR', 'AC'] as const) {
      expect((await list(await t.tokenFor(role))).status, role).toBe(403);
    }
    expect((await list(undefined)).status).toBe(401);
    for (const q of ['?state=open', '?pageSize=0', '?page=x', '?orderLineId=0']) {
      const res = await list(admin, q);
      expect(res.status, q).toBe(400);
    }
  });
});

describe('answering a query', () => {
  it('staff answer once: answer, date and who are kept, the customer is notified (list and SMS outbox)', async () => {
    const c = await customerWithLine();
    const q = dataOf(await raise(c.tok, { OrderLineId: c.line.id, Query: 'Do you bring the liquids?' }), 201);
    const res = await answer(admin, q.id, { QueryAns: '  Yes, every material is brought.  ' });
    const answered = dataOf(res);
    const adminUser = accountOf('A');
    expect(answered).toMatchObject({
      state: 'answered',
      isQueryResolved: true,
      queryAns: 'Yes, every material is brought.',
      queryResByName: adminUser.fullName,
      allowedEvents: [],
    });
    expect(Date.now() - new Date(answered.queryResDate).getTime()).toBeLessThan(60_000);
    expect(dataOf(await list(c.tok)).items[0]).toMatchObject({
      id: q.id,
      state: 'answered',
      queryAns: answered.queryAns,
    });

    const notes = dataOf(await t.api('GET', '/api/Notifications/Mine', { token: c.tok })).items;
    const told = notes.filter((n: any) => n.kind === 'query_answered');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Your query was answered', link: '/MyAccounts?tab=queries', read: false });
    expect(told[0].body).toContain('Yes, every material is brought.');
    expect(
      await rows(
        `select channel, template from notification_outbox where recipient = '${c.mobileNo}' and template = 'query_answered'`,
      ),
    ).toEqual([{ channel: 'sms', template: 'query_answered' }]);

    // A second answer is refused with the state and what it allows, and changes nothing.
    const before = await tableCounts(t.db);
    const again = await answer(admin, q.id, { QueryAns: 'Another answer' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ state: 'answered', allowedEvents: [] });
    expect(await tableCounts(t.db)).toEqual(before);
    expect(dataOf(await list(c.tok)).items[0].queryAns).toBe('Yes, every material is brought.');
    expect(
      await rows(
        `select from_state, to_state, event from transition_log where entity = 'CustomerQuery' and entity_id = ${q.id} order by id`,
      ),
    ).toEqual([
      { from_state: null, to_state: 'raised', event: 'RAISE' },
      { from_state: 'raised', to_state: 'answered', event: 'ANSWER' },
    ]);
  });

  it('refuses bad input, unknown ids, customers and other roles (the call desk only reads: decision 018)', async () => {
    const c = await customerWithLine();
    const q = dataOf(await raise(c.tok, { OrderLineId: c.line.id, Query: 'Question' }), 201);
    const before = await tableCounts(t.db);
    for (const [body, field] of [
      [{}, 'QueryAns'],
      [{ QueryAns: '' }, 'QueryAns'],
      [{ QueryAns: '   ' }, 'QueryAns'],
      [{ QueryAns: 'x'.repeat(2001) }, 'QueryAns'],
      [{ QueryAns: 'ok', answeredBy: 1 }, 'answeredBy'],
    ] as const) {
      const res = await answer(admin, q.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.errors)).toContain(field);
    }
    expect((await answer(admin, 'abc')).status).toBe(400);
    expect(
      (await t.api('PUT', '/api/Customer/ResponseCustomerQuery', { token: admin, body: { QueryAns: 'x' } })).status,
    ).toBe(400);
    expect((await answer(admin, 2_000_000_000)).status).toBe(404);
    expect((await answer(c.tok, q.id)).status).toBe(403);
    for (const role of ['IM', 'VE', 'HR', 'MR', 'AC'] as const) {
      expect((await answer(await t.tokenFor(role), q.id)).status, role).toBe(403);
    }
    // A professional may answer only their own jobs' queries: this line has none.
    expect((await answer(await t.tokenFor('TE'), q.id)).status).toBe(404);
    expect((await answer(undefined, q.id)).status).toBe(401);
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await answer(await t.tokenFor('CD'), q.id)).status).toBe(403);
    expect(dataOf(await answer(admin, q.id)).queryResByName).toBe(accountOf('A').fullName);
  });
});

describe('professionals and their queries', () => {
  /** A second technician (TE) account, signed in. */
  async function technician() {
    const n = Math.floor(Math.random() * 1e8);
    const input = {
      role: 'TE' as const,
      fullName: `Ravi Technician ${n}`,
      mobileNo: `6${String(n).padStart(9, '0')}`,
      email: null,
      password: `Tech-pass-${n}`,
    };
    const id = await createAccount(t.db, input);
    const res = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: input.mobileNo, Password: input.password },
    });
    return { ...input, id, tok: dataOf<{ Token: string }>(res).Token };
  }
  const assign = (lineId: number, userId: number | null) =>
    t.db.execute(sql.raw(`update order_lines set professional_user_id = ${userId ?? 'null'} where id = ${lineId}`));
  const userIdOf = async (mobileNo: string) =>
    (await rows<{ id: number }>(`select id from users where mobile_no = '${mobileNo}'`))[0].id;
  const liveOf = (kind: string, queryId: number) =>
    rows<{ user_ids: number[]; roles: string[]; tags: string[] }>(
      `select user_ids, roles, tags from live_events where kind = '${kind}' and (payload->>'queryId')::int = ${queryId}`,
    );

  it('a professional sees and answers only the queries about their own jobs; another’s is 404 and writes nothing', async () => {
    const c = await customerWithLine();
    const mine = await t.tokenFor('TE');
    const meId = await userIdOf(accountOf('TE').mobileNo);
    const other = await technician();
    // Assigned as dispatch would; the query then keeps its technician.
    await assign(c.line.id, meId);
    const q = dataOf(await raise(c.tok, { OrderLineId: c.line.id, Query: 'Please bring a ladder' }), 201);
    expect(q.technicianId).toBe(meId);
    // The staff and the line's professional are told live; the customer's other tabs too.
    expect(await liveOf('query_raised', q.id)).toEqual([
      { user_ids: expect.arrayContaining([c.id, meId]), roles: ['A', 'CD'], tags: ['Queries'] },
    ]);

    const seen = dataOf(await list(mine, `?orderLineId=${c.line.id}`)).items;
    expect(seen.map((x: any) => x.id)).toEqual([q.id]);
    // The customer as on a job card: first name, and the number's last 4 digits only.
    expect(seen[0]).toMatchObject({
      customerName: c.fullName.split(' ')[0],
      customerMobileNo: `••••••${c.mobileNo.slice(-4)}`,
      state: 'raised',
      allowedEvents: ['ANSWER', 'DELETE'],
    });
    // Searching by the customer's number would reveal the hidden digits: it finds nothing for a professional.
    expect(dataOf(await list(mine, `?search=${c.mobileNo}`)).items).toEqual([]);
    expect(dataOf(await list(mine, '?search=ladder&pageSize=200')).items.map((x: any) => x.id)).toContain(q.id);

    expect(dataOf(await list(other.tok, '?pageSize=200')).items.map((x: any) => x.id)).not.toContain(q.id);
    expect(dataOf(await list(other.tok, `?orderLineId=${c.line.id}`)).items).toEqual([]);
    const before = await tableCounts(t.db);
    const refused = await answer(other.tok, q.id, { QueryAns: 'Not my job' });
    expect(refused.status).toBe(404);
    expect(await tableCounts(t.db)).toEqual(before);

    const answered = dataOf(await answer(mine, q.id, { QueryAns: 'Yes, I will bring one.' }));
    expect(answered).toMatchObject({
      state: 'answered',
      queryAns: 'Yes, I will bring one.',
      queryResBy: meId,
      customerName: c.fullName.split(' ')[0],
    });
    expect(await liveOf('query_answered', q.id)).toEqual([
      { user_ids: expect.arrayContaining([c.id, meId]), roles: ['A', 'CD'], tags: ['Queries'] },
    ]);
    expect(dataOf(await list(c.tok)).items[0]).toMatchObject({
      id: q.id,
      queryAns: 'Yes, I will bring one.',
      queryResByName: accountOf('TE').fullName,
      customerMobileNo: c.mobileNo,
    });
    // Once answered, a second answer is a conflict, not a second notification.
    expect((await answer(mine, q.id, { QueryAns: 'Again' })).status).toBe(409);
  });

  it('the query stays with the technician it was raised with, and reaches the line’s new professional', async () => {
    const c = await customerWithLine();
    const first = await technician();
    const second = await technician();
    await assign(c.line.id, first.id);
    const q = dataOf(await raise(c.tok, { OrderLineId: c.line.id, Query: 'What time?' }), 201);
    await assign(c.line.id, second.id);
    for (const who of [first, second]) {
      expect(dataOf(await list(who.tok, `?orderLineId=${c.line.id}`)).items.map((x: any) => x.id)).toEqual([q.id]);
    }
    // A query raised before anyone was assigned reaches the professional assigned later.
    const early = await customerWithLine();
    const q2 = dataOf(await raise(early.tok, { OrderLineId: early.line.id, Query: 'Who is coming?' }), 201);
    expect(dataOf(await list(second.tok, `?orderLineId=${early.line.id}`)).items).toEqual([]);
    expect((await answer(second.tok, q2.id)).status).toBe(404);
    await assign(early.line.id, second.id);
    expect(dataOf(await answer(second.tok, q2.id, { QueryAns: 'I am, at ten.' }))).toMatchObject({
      state: 'answered',
      queryResBy: second.id,
    });
    // The customer deleting a query tells its technician's screens too.
    const q3 = dataOf(await raise(c.tok, { OrderLineId: c.line.id, Query: 'Never mind' }), 201);
    dataOf(await remove(c.tok, q3.id));
    expect(await liveOf('query_deleted', q3.id)).toEqual([
      { user_ids: expect.arrayContaining([c.id, second.id]), roles: ['A', 'CD'], tags: ['Queries'] },
    ]);
    // An answer reaches both professionals who see the query: the one it was raised with, and the line's now.
    const q4 = dataOf(await raise(c.tok, { OrderLineId: c.line.id, Query: 'And the parking?' }), 201);
    await assign(c.line.id, first.id);
    dataOf(await answer(admin, q4.id, { QueryAns: 'There is space in front.' }));
    expect(await liveOf('query_answered', q4.id)).toEqual([
      { user_ids: expect.arrayContaining([c.id, first.id, second.id]), roles: ['A', 'CD'], tags: ['Queries'] },
    ]);
  });
});

describe('deleting a query', () => {
  it('the customer deletes their own only while it is raised; it then leaves their list', async () => {
    const c = await customerWithLine();
    const other = await customerWithLine();
    const q = dataOf(await raise(c.tok, { OrderLineId: c.line.id, Query: 'Never mind' }), 201);
    const before = await tableCounts(t.db);
    // Another customer's query is not found; staff do not delete customers' queries.
    expect((await remove(other.tok, q.id)).status).toBe(404);
    expect((await remove(admin, q.id)).status).toBe(403);
    expect((await remove(undefined, q.id)).status).toBe(401);
    expect((await remove(c.tok, 'x')).status).toBe(400);
    expect(await tableCounts(t.db)).toEqual(before);

    expect(dataOf(await remove(c.tok, q.id))).toMatchObject({
      state: 'deleted',
      isQueryResolved: false,
      allowedEvents: [],
    });
    expect(dataOf(await list(c.tok)).items).toEqual([]);
    expect(dataOf(await list(c.tok, '?state=deleted')).items.map((x: any) => x.id)).toEqual([q.id]);
    const again = await remove(c.tok, q.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ state: 'deleted', allowedEvents: [] });
    // A deleted query is not answered.
    expect((await answer(admin, q.id)).status).toBe(409);

    const answered = dataOf(await raise(c.tok, { OrderLineId: c.line.id, Query: 'Second' }), 201);
    dataOf(await answer(admin, answered.id));
    const late = await remove(c.tok, answered.id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ state: 'answered' });
    expect(dataOf(await list(c.tok)).items.map((x: any) => x.id)).toEqual([answered.id]);
  });
});
