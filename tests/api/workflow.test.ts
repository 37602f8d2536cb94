import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { transitionLog, users } from '../../server/db/schema';
import { HttpError } from '../../server/http';
import errors from '../../server/plugins/errors';
import { applyEvent, stateText, stateValueOf, transitionsOf } from '../../server/workflow/apply';
import { paymentIntentMachine } from '../../src/machines/paymentIntent/paymentIntent.machine';
import {
  databaseUrlFor,
  ensurePgliteTemplate,
  ensurePostgresTemplate,
  newCopyDir,
  pgliteFromTemplate,
  postgresFromTemplate,
} from '../support/template';

// applyEvent with the caller's repo played by an in-memory table (lock/write), and the real transition log.
let db: Db;
let close: () => Promise<void>;
let adminId: number;

beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') {
    const base = process.env.DATABASE_URL!;
    const name = `doorstep_t_wf_${process.pid}_${Date.now().toString(36)}`;
    await postgresFromTemplate(base, await ensurePostgresTemplate(base), name);
    const database = await openDatabase({ databaseUrl: databaseUrlFor(base, name) });
    db = database.db;
    close = async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const dir = newCopyDir();
    const client = await pgliteFromTemplate(await ensurePgliteTemplate(), dir);
    db = drizzlePglite(client, { schema }) as unknown as Db;
    close = async () => {
      await client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  [{ id: adminId }] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@doorstep.test'));
});
afterAll(() => close?.());

/** The caller's table: id → state, and every write it received. */
function fakeTable(rows: Record<number, string>) {
  const writes: [number, string][] = [];
  return {
    writes,
    lock: async (_tx: unknown, id: number) => (id in rows ? { state: rows[id], id } : null),
    write: async (_tx: unknown, id: number, state: string) => {
      writes.push([id, state]);
      rows[id] = state;
    },
  };
}

const ENTITY = 'WorkflowTest';
const logOf = (id: number) =>
  db
    .select()
    .from(transitionLog)
    .where(and(eq(transitionLog.entity, ENTITY), eq(transitionLog.entityId, id)));

const apply = (
  table: ReturnType<typeof fakeTable>,
  id: number,
  type: string,
  actorId: number | null,
  remark?: string,
) =>
  db.transaction((tx) =>
    applyEvent(tx, { machine: paymentIntentMachine, entity: ENTITY, id, event: { type }, actorId, remark, ...table }),
  );

describe('applyEvent', () => {
  it('moves the entity, writes the new state and logs who, from, to, event and remark', async () => {
    const table = fakeTable({ 1: 'created' });
    const applied = await apply(table, 1, 'ORDER_CREATED', null, 'order made at sandbox');
    expect(applied).toMatchObject({
      from: 'created',
      to: 'awaitingPayment',
      allowedEvents: ['PROVIDER_PAID', 'PROVIDER_FAILED', 'PROVIDER_CANCELLED', 'EXPIRE', 'VERIFY'],
      row: { id: 1, state: 'created' },
    });
    expect(table.writes).toEqual([[1, 'awaitingPayment']]);
    await apply(table, 1, 'PROVIDER_PAID', adminId);
    expect(await logOf(1)).toMatchObject([
      {
        fromState: 'created',
        toState: 'awaitingPayment',
        event: 'ORDER_CREATED',
        actorId: null,
        remark: 'order made at sandbox',
      },
      { fromState: 'awaitingPayment', toState: 'paid', event: 'PROVIDER_PAID', actorId: adminId, remark: null },
    ]);
  });

  it('refuses what the machine refuses: 409 with the state and the allowed events, nothing written', async () => {
    const table = fakeTable({ 2: 'paid', 3: 'created' });
    const refused = await apply(table, 2, 'EXPIRE', adminId).catch((e) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 409, extra: { state: 'paid', allowedEvents: [] } });
    const early = await apply(table, 3, 'PROVIDER_PAID', adminId).catch((e) => e);
    expect(early).toMatchObject({
      statusCode: 409,
      detail: `PROVIDER_PAID is not allowed while ${ENTITY} 3 is created.`,
      extra: { state: 'created', allowedEvents: ['ORDER_CREATED', 'PROVIDER_FAILED', 'EXPIRE', 'VERIFY'] },
    });
    expect(table.writes).toEqual([]);
    expect([...(await logOf(2)), ...(await logOf(3))]).toEqual([]);
  });

  it('answers the refusal as problem+json carrying state and allowedEvents', async () => {
    const app = Fastify();
    await app.register(errors);
    app.get('/x', () => apply(fakeTable({ 4: 'expired' }), 4, 'VERIFY', null));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 'false', state: 'expired', allowedEvents: [] });
    await app.close();
  });

  it('answers 404 when there is no such entity', async () => {
    await expect(apply(fakeTable({}), 99, 'VERIFY', null)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('writes and logs a self-transition (VERIFY): the command is audited', async () => {
    const table = fakeTable({ 5: 'awaitingPayment' });
    const applied = await apply(table, 5, 'VERIFY', adminId, 'asked by staff');
    expect(applied).toMatchObject({ from: 'awaitingPayment', to: 'awaitingPayment' });
    expect(table.writes).toEqual([[5, 'awaitingPayment']]);
    expect(await logOf(5)).toMatchObject([
      { fromState: 'awaitingPayment', toState: 'awaitingPayment', event: 'VERIFY' },
    ]);
  });

  it('logs nothing when the caller’s write fails: one transaction', async () => {
    const table = fakeTable({ 6: 'created' });
    table.write = async () => {
      throw new Error('disk full');
    };
    await expect(apply(table, 6, 'ORDER_CREATED', null)).rejects.toThrow('disk full');
    expect(await logOf(6)).toEqual([]);
  });

  it('lists an entity’s transitions oldest first, with the actor’s name', async () => {
    const table = fakeTable({ 7: 'created' });
    await apply(table, 7, 'VERIFY', adminId);
    await apply(table, 7, 'ORDER_CREATED', null);
    await apply(table, 7, 'PROVIDER_CANCELLED', null, 'payer closed the checkout');
    const history = await transitionsOf(db, ENTITY, 7);
    expect(history.map((t) => [t.fromState, t.toState, t.event, t.actorName, t.remark])).toEqual([
      ['created', 'created', 'VERIFY', 'Asha Admin', null],
      ['created', 'awaitingPayment', 'ORDER_CREATED', null, null],
      ['awaitingPayment', 'cancelled', 'PROVIDER_CANCELLED', null, 'payer closed the checkout'],
    ]);
    expect(history[0].at).toBeInstanceOf(Date);
    expect(await transitionsOf(db, ENTITY, 8)).toEqual([]);
  });
});

describe('stored state values', () => {
  it('stores nested values as dotted text and reads them back', () => {
    expect(stateText('paid')).toBe('paid');
    expect(stateText({ review: { hr: 'pending' } })).toBe('review.hr.pending');
    expect(stateValueOf('review.hr.pending')).toEqual({ review: { hr: 'pending' } });
    expect(stateValueOf('created')).toBe('created');
    expect(() => stateText({ a: 'x', b: 'y' })).toThrow(/parallel/);
  });
});
