import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTogether } from '../../server/db/client';
import { startTestServer, type TestServer } from '../support/server';

// On the worker's test database (docs/testing.md): opening a database of its own (a PGlite initdb) cost this file
// seconds, past its hook's timeout on a loaded machine.
describe('readTogether', () => {
  let t: TestServer;
  let database: { db: TestServer['db'] };
  beforeAll(async () => {
    t = await startTestServer();
    database = { db: t.db };
  });
  afterAll(() => t.close());

  /** Reads that note when each starts and ends, and answer their index. */
  function timedReads(n: number) {
    const events: string[] = [];
    const reads = Array.from({ length: n }, (_, i) => async () => {
      events.push(`start ${i}`);
      await new Promise((r) => setTimeout(r, 5));
      events.push(`end ${i}`);
      return i;
    });
    return { events, reads };
  }

  it('starts every read at once on the database (each may take a pooled connection)', async () => {
    const { events, reads } = timedReads(3);
    expect(await readTogether(database.db, reads)).toEqual([0, 1, 2]);
    expect(events.slice(0, 3)).toEqual(['start 0', 'start 1', 'start 2']);
  });

  it('answers the first failure in the list, not the first in time, once every read has ended', async () => {
    const ended: number[] = [];
    const failAfter = (i: number, ms: number) => async () => {
      await new Promise((r) => setTimeout(r, ms));
      ended.push(i);
      throw new Error(`read ${i}`);
    };
    const slowOk = async () => {
      await new Promise((r) => setTimeout(r, 30));
      ended.push(2);
      return 2;
    };
    await expect(readTogether(database.db, [failAfter(0, 20), failAfter(1, 1), slowOk])).rejects.toThrow('read 0');
    expect(ended).toEqual([1, 0, 2]);
  });

  it('runs them one after another in a transaction (one connection: no query is sent while another runs)', async () => {
    const { events, reads } = timedReads(3);
    const answers = await database.db.transaction(async (tx) => {
      const [one, two] = await readTogether(tx, [() => tx.execute(sql`select 1 as n`), ...reads.slice(0, 2)]);
      return [(one as unknown as { rows: { n: number }[] }).rows[0]?.n, two];
    });
    expect(answers).toEqual([1, 0]);
    expect(events).toEqual(['start 0', 'end 0', 'start 1', 'end 1']);
  });
});
