// Tips (CrudTipsManage, GetTips; the Tip toggle of DeReActivateAll; a tip's default of 0).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transitionLog } from '../../server/db/schema';
import { assertTipAmount } from '../../server/domains/commerce/tips/service';
import { paise } from '../../server/money';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { ROLE_CODES, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.tokenFor('A');
});
afterAll(() => t?.close());

const manage = (query: string, token: string | null = admin) =>
  t.api('POST', `/api/CrudTipsManage?${query}`, { token });
const tipsAs = async (token: string | null, status?: string) =>
  dataOf<{ id: number; amount: number; active: boolean }[]>(
    await t.api('GET', `/api/GetTips${status ? `?status=${status}` : ''}`, { token }),
  );
const amounts = (rows: { amount: number }[]) => rows.map((r) => r.amount);

describe('the demo tips', () => {
  it('offers ₹20, ₹50 and ₹100 to visitors and customers, smallest first', async () => {
    expect(amounts(await tipsAs(null))).toEqual([20, 50, 100]);
    expect(amounts(await tipsAs(await t.tokenFor('Cust')))).toEqual([20, 50, 100]);
  });
});

describe('CrudTipsManage', () => {
  it('adds, changes and deletes a tip, each recorded with the admin who did it', async () => {
    const added = await manage('Action1=Add&TipAmnt=30');
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ message: 'Tip of ₹30 added.', data: { amount: 30, active: true } });
    const id = added.body.data.id;
    expect(amounts(await tipsAs(null))).toEqual([20, 30, 50, 100]);

    const changed = dataOf(await manage(`Action1=Update&id=${id}&TipAmnt=40`));
    expect(changed).toMatchObject({ id, amount: 40, active: true });
    expect(amounts(await tipsAs(null))).toEqual([20, 40, 50, 100]);

    const deleted = await manage(`Action1=Delete&id=${id}`);
    expect(deleted.body).toMatchObject({ message: 'Tip of ₹40 deleted.', data: { id, amount: 40 } });
    expect(amounts(await tipsAs(null))).toEqual([20, 50, 100]);

    const log = (await t.db.select().from(transitionLog).orderBy(transitionLog.id)).filter(
      (r) => r.entity === 'Tip' && r.entityId === id,
    );
    expect(log.map((r) => [r.event, r.fromState, r.toState])).toEqual([
      ['ADD', null, 'active'],
      ['CHANGE_AMOUNT', 'active', 'active'],
      ['DELETE', 'active', 'deleted'],
    ]);
    expect(log.map((r) => r.remark)).toEqual(['₹30', '₹30 → ₹40', '₹40']);
  });

  it('refuses a second tip of the same amount (409), on add and on change', async () => {
    const before = await tableCounts(t.db);
    const again = await manage('Action1=Add&TipAmnt=50');
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ field: 'TipAmnt', message: 'A tip of ₹50 already exists.' }]);
    const twenty = (await tipsAs(admin, 'all')).find((r) => r.amount === 20)!;
    const clash = await manage(`Action1=Update&id=${twenty.id}&TipAmnt=100`);
    expect(clash.status).toBe(409);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('adds an amount once when ten admins add it at the same time; the others get 409', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => manage('Action1=Add&TipAmnt=35')));
    expect(replies.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(amounts(await tipsAs(admin, 'all')).filter((a) => a === 35)).toHaveLength(1);
    const id = replies.find((r) => r.status === 201)!.body.data.id;
    dataOf(await manage(`Action1=Delete&id=${id}`));
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await tableCounts(t.db);
    const cases: [string, number, string, RegExp][] = [
      ['Action1=Add', 400, 'TipAmnt', /is required when Action1 is Add/],
      ['Action1=Add&TipAmnt=0', 400, 'TipAmnt', /at least 1/],
      ['Action1=Add&TipAmnt=100001', 400, 'TipAmnt', /at most 100000/],
      ['Action1=Add&TipAmnt=10.5', 400, 'TipAmnt', /whole number/],
      ['Action1=Add&TipAmnt=abc', 400, 'TipAmnt', /whole number/],
      ['Action1=Update&TipAmnt=10', 400, 'id', /is required when Action1 is Update/],
      ['Action1=Delete', 400, 'id', /is required when Action1 is Delete/],
      ['Action1=Remove&id=1', 400, 'Action1', /must be one of: Add, Update, Delete/],
      ['TipAmnt=10', 400, 'Action1', /is required/],
    ];
    for (const [query, status, field, message] of cases) {
      const res = await manage(query);
      expect(res.status, query).toBe(status);
      const error = res.body.errors.find((e: { field: string }) => e.field === field);
      expect(error?.message, `${query}: ${JSON.stringify(res.body.errors)}`).toMatch(message);
    }
    for (const query of ['Action1=Update&id=999999&TipAmnt=10', 'Action1=Delete&id=999999']) {
      expect((await manage(query)).status, query).toBe(404);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('keeps at most 20 tips', async () => {
    const made: number[] = [];
    for (let r = 1; (await tipsAs(admin, 'all')).length < 20; r++)
      made.push(dataOf(await manage(`Action1=Add&TipAmnt=${r}`), 201).id);
    const over = await manage('Action1=Add&TipAmnt=999');
    expect(over.status).toBe(409);
    expect(over.body.errors[0]).toEqual({
      field: 'TipAmnt',
      message: 'At most 20 tip amounts can be kept; delete one first.',
    });
    for (const id of made) dataOf(await manage(`Action1=Delete&id=${id}`));
  });

  it('is for the admin only', async () => {
    expect((await manage('Action1=Add&TipAmnt=15', null)).status).toBe(401);
    for (const role of ROLE_CODES.filter((r) => r !== 'A')) {
      expect((await manage('Action1=Add&TipAmnt=15', await t.tokenFor(role))).status, role).toBe(403);
    }
  });
});

describe('switching a tip off and on (DeReActivateAll?action1=Tip)', () => {
  it('hides an inactive tip from visitors, customers and checkout, and shows it to the admin with its flag', async () => {
    const fifty = (await tipsAs(admin)).find((r) => r.amount === 50)!;
    const off = await t.api('POST', `/api/DeReActivateAll?action1=Tip&id=${fifty.id}`, { token: admin });
    expect(off.body).toMatchObject({ message: 'Deactivated.', data: { id: fifty.id, active: false } });
    expect(amounts(await tipsAs(null))).toEqual([20, 100]);
    // A visitor asking for every tip still gets the active ones.
    expect(amounts(await tipsAs(null, 'all'))).toEqual([20, 100]);
    expect((await tipsAs(admin, 'all')).map((r) => [r.amount, r.active])).toEqual([
      [20, true],
      [50, false],
      [100, true],
    ]);
    expect(amounts(await tipsAs(admin, 'inactive'))).toEqual([50]);
    await expect(assertTipAmount(t.db, paise(5000), 'Tip')).rejects.toMatchObject({
      statusCode: 400,
      errors: [{ field: 'Tip', message: 'must be 0 or one of the tip amounts offered: ₹20, ₹100' }],
    });

    const on = await t.api('POST', `/api/DeReActivateAll?action1=Tip&id=${fifty.id}`, { token: admin });
    expect(on.body).toMatchObject({ message: 'Activated.', data: { active: true } });
    expect(amounts(await tipsAs(null))).toEqual([20, 50, 100]);
    const log = (await t.db.select().from(transitionLog).orderBy(transitionLog.id)).filter(
      (r) => r.entity === 'Tip' && r.entityId === fifty.id,
    );
    expect(log.map((r) => r.event)).toEqual(['DEACTIVATE', 'ACTIVATE']);
  });

  it('answers 404 for an unknown tip', async () => {
    const res = await t.api('POST', '/api/DeReActivateAll?action1=Tip&id=999999', { token: admin });
    expect(res.status).toBe(404);
  });
});

describe('assertTipAmount (for the orders module)', () => {
  it('passes 0 (the default) and each active amount, and refuses anything else naming the field', async () => {
    await expect(assertTipAmount(t.db, paise(0), 'Tip')).resolves.toBeUndefined();
    for (const rupees of [20, 50, 100])
      await expect(assertTipAmount(t.db, paise(rupees * 100), 'Tip')).resolves.toBeUndefined();
    for (const p of [1, 2000 + 1, 3000, 10_000_000]) {
      await expect(assertTipAmount(t.db, paise(p), 'Tip')).rejects.toMatchObject({
        statusCode: 400,
        errors: [{ field: 'Tip', message: 'must be 0 or one of the tip amounts offered: ₹20, ₹50, ₹100' }],
      });
    }
  });
});
