// The write-plan (server/db/plan.ts): several steps in one statement, each under its own name, reading earlier steps
// only through their outputs; a step that raises refuses the whole statement.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, PgDialect, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import type { Db } from '../../server/db/client';
import { perRowSource, planTextsHeld, WritePlan } from '../../server/db/plan';
import { rawRows } from '../../server/db/rows';
import { enterMachine } from '../../server/workflow/apply';

const dialect = new PgDialect();
const client = new PGlite();
const db = drizzle(client) as unknown as Db;
beforeAll(async () => {
  await client.waitReady;
  await client.exec(`create table notes (id serial primary key, who int not null, body text not null);
    create table counters (name text primary key, last int not null);
    create table transition_log (id serial primary key, entity text not null, entity_id int not null,
      from_state text, to_state text not null, event text not null, actor_id int);
    create function refuse(why text) returns int language plpgsql as $$ begin raise exception '%', why; end $$;`);
}, 60_000);
afterAll(() => client.close());

/** A stand-in for a domain's step: a note per row of `per`, with a body that may read it. */
const planNote = (
  plan: WritePlan,
  who: number,
  body: ReturnType<typeof sql>,
  per?: Parameters<typeof perRowSource>[0],
) => plan.add('note', sql`insert into notes (who, body) select ${who}::int, ${body}${perRowSource(per)} returning id`);

describe('WritePlan', () => {
  it('gives two notices in one statement names of their own, and each reads the counter through its output', async () => {
    const plan = new WritePlan();
    const counter = plan.add(
      'counter',
      sql`insert into counters (name, last) values ('INV', 1) on conflict (name) do update set last = counters.last + 1
        returning 'INV/' || last as number`,
    );
    const first = planNote(plan, 1, sql`'Invoice ' || ${counter.col('number')}`, { from: counter });
    const second = planNote(plan, 2, sql`${'Copy of '}::text || ${counter.col('number')}`, { from: counter });
    expect([first.name, second.name]).toEqual(['note', 'note_2']);
    expect(plan.statement(sql`select 1`).queryChunks.length).toBeGreaterThan(0);
    const [row] = await plan.run(
      db,
      sql`select (select count(*) from ${first.ref}) + (select count(*) from ${second.ref}) as written`,
      { written: 'bigint' },
    );
    expect(row.written).toBe(2);
    expect(await rawRows(db, sql`select who, body from notes order by who`, { who: 'int', body: 'text' })).toEqual([
      { who: 1, body: 'Invoice INV/1' },
      { who: 2, body: 'Copy of INV/1' },
    ]);
    expect(plan.ran).toBe(true);
    await expect(plan.run(db, sql`select 1`, {})).rejects.toThrow(/runs once/);
  }, 30_000);

  it('writes nothing at all when one step refuses', async () => {
    const plan = new WritePlan();
    const counter = plan.add('counter', sql`update counters set last = last + 1 returning last`);
    planNote(plan, 3, sql`'never'`);
    const refusal = plan.add('refusal', sql`select refuse('no room') as r from ${counter.ref}`);
    await expect(plan.run(db, sql`select count(*) as n from ${refusal.ref}`, { n: 'bigint' })).rejects.toThrow(
      /no room/,
    );
    expect(await rawRows(db, sql`select last from counters`, { last: 'int' })).toEqual([{ last: 1 }]);
    expect(await rawRows(db, sql`select count(*) as n from notes where who = 3`, { n: 'bigint' })).toEqual([{ n: 0 }]);
  }, 30_000);

  it('sends each value as a parameter of its own type, and the same steps give the same text', async () => {
    const build = (who: number, body: string) => {
      const plan = new WritePlan();
      planNote(plan, who, sql`${body}::text`);
      return plan;
    };
    const a = dialect.sqlToQuery(build(4, "it's; drop table notes").statement(sql`select 1`));
    const b = dialect.sqlToQuery(build(5, 'other').statement(sql`select 1`));
    expect(a.sql).toBe(b.sql);
    expect(a.params).toEqual([4, "it's; drop table notes"]);
    await build(4, "it's; drop table notes").run(db, sql`select 1 as one`, {});
    expect(await rawRows(db, sql`select body from notes where who = 4`, { body: 'text' })).toEqual([
      { body: "it's; drop table notes" },
    ]);
  }, 30_000);

  it('logs new rows entering a machine: CREATE, then each event the machine allows, for every row of a step', async () => {
    const ticket = createMachine({
      id: 'ticket',
      initial: 'draft',
      states: { draft: { on: { SUBMIT: 'open' } }, open: { on: { CLOSE: 'closed' } }, closed: {} },
    });
    const entered = enterMachine({ machine: ticket, entity: 'Errand', events: ['SUBMIT', 'CLOSE'], actorId: 7 });
    expect(entered.state).toBe('closed');
    const plan = new WritePlan();
    const rows = plan.add('made', sql`select * from (values (11), (10)) v(id)`);
    entered.log(plan, rows);
    await plan.run(db, sql`select 1 as one`, {});
    expect(
      await rawRows(
        db,
        sql`select entity_id, from_state, to_state, event, actor_id from transition_log where entity = 'Errand' order by id`,
        { entityId: 'int', fromState: 'text?', toState: 'text', event: 'text', actorId: 'int' },
      ),
    ).toEqual(
      [10, 11].flatMap((entityId) => [
        { entityId, fromState: null, toState: 'draft', event: 'CREATE', actorId: 7 },
        { entityId, fromState: 'draft', toState: 'open', event: 'SUBMIT', actorId: 7 },
        { entityId, fromState: 'open', toState: 'closed', event: 'CLOSE', actorId: 7 },
      ]),
    );
    // An event the machine refuses is the usual 409, before anything is planned.
    expect(() => enterMachine({ machine: ticket, entity: 'Errand', events: ['CLOSE'], actorId: null })).toThrow(
      /CLOSE is not allowed while an Errand is draft/,
    );
  }, 30_000);

  it("makes a shape's text once and sends each run its own values: numbers, text, null, a date, an identifier", async () => {
    const run = (who: number, body: string | null, at: Date) => {
      const plan = new WritePlan();
      const note = plan.add(
        'note',
        sql`insert into notes (who, body) values (${who}::int, coalesce(${body}::text, 'none') || ' at ' ||
          to_char(${at}::timestamptz at time zone 'UTC', 'YYYY-MM-DD')) returning ${sql.identifier('who')}, body`,
      );
      return plan.run(db, sql`select who, body from ${note.ref}`, { who: 'int', body: 'text' });
    };
    const held = planTextsHeld();
    expect(await run(6, 'six', new Date('2026-01-02T00:00:00Z'))).toEqual([{ who: 6, body: 'six at 2026-01-02' }]);
    expect(planTextsHeld()).toBe(held + 1);
    expect(await run(7, null, new Date('2026-03-04T00:00:00Z'))).toEqual([{ who: 7, body: 'none at 2026-03-04' }]);
    expect(await run(8, "eight's", new Date('2026-05-06T00:00:00Z'))).toEqual([
      { who: 8, body: "eight's at 2026-05-06" },
    ]);
    expect(planTextsHeld()).toBe(held + 1);
  }, 30_000);

  it("runs a step that names a table's column through drizzle as it is", async () => {
    const held = planTextsHeld();
    const notes = pgTable('notes', {
      id: serial('id').primaryKey(),
      who: integer('who').notNull(),
      body: text('body'),
    });
    const plan = new WritePlan();
    const note = plan.add('note', sql`insert into notes (who, body) values (${9}::int, ${'nine'}::text) returning *`);
    const [row] = await plan.run(db, sql`select ${notes.body} from ${note.ref} as notes`, { body: 'text' });
    expect(row).toEqual({ body: 'nine' });
    expect(planTextsHeld()).toBe(held);
  }, 30_000);
});
