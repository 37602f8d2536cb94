// The response cache across server processes (decisions 004, 037 and 039): two real server processes on one
// PostgreSQL database. A catalogue write in one drops the other's cached public reads too (NOTIFY, sent before the
// write's reply leaves), so a visitor whose next read lands on the other process sees the change. PostgreSQL only:
// the embedded database is one process.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo';
import { type ServerProcess, startServerProcess, templateCopy } from '../support/server-processes';
import { TEST_PASSWORD } from '../support/template';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;
if (!process.env.DATABASE_URL) console.log(`cache-two-processes.test.ts skipped: ${skipped}`);

const READ = '/api/Common/GetAllCategory?pageSize=200';

describe.skipIf(skipped)(
  `the response cache, two server processes on one PostgreSQL${skipped ? ` (skipped: ${skipped})` : ''}`,
  { timeout: 120_000 },
  () => {
    let copy: Awaited<ReturnType<typeof templateCopy>>;
    let a: ServerProcess;
    let b: ServerProcess;

    const call = async (server: ServerProcess, method: string, path: string, token?: string, body?: unknown) => {
      const res = await fetch(server.url + path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, etag: res.headers.get('etag'), text: await res.text() };
    };
    const names = async (server: ServerProcess) => {
      const res = await call(server, 'GET', READ);
      expect(res.status, res.text).toBe(200);
      const items = JSON.parse(res.text).data.items as { categoryName: string }[];
      return { etag: res.etag, names: items.map((c) => c.categoryName) };
    };

    beforeAll(async () => {
      copy = await templateCopy(process.env.DATABASE_URL!, 'doorstep_cache');
      const env = { DATABASE_URL: copy.url, SERVE_CLIENT: 'false', RATE_LIMITS: 'off', LOG_LEVEL: 'warn' };
      // Two processes starting at once on a busy machine (CI runs other files beside this one) can take a while.
      [a, b] = await Promise.all([startServerProcess(env, 150_000), startServerProcess(env, 150_000)]);
    }, 180_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await copy?.drop();
    });

    it('a catalogue write in one process drops the cached reads of the other before its reply leaves', async () => {
      const acc = DEMO_ACCOUNTS.find((x) => x.role === 'A')!;
      const login = await call(a, 'POST', '/api/adminlogin', undefined, {
        UserName: acc.email,
        Password: TEST_PASSWORD,
      });
      expect(login.status, login.text).toBe(200);
      const admin = JSON.parse(login.text).data.Token as string;

      // B caches the visitors' list: a row written behind the server's back does not show.
      const before = await names(b);
      const quiet = `Written in SQL ${Date.now()}`;
      const sql = new pg.Client({ connectionString: copy.url });
      await sql.connect();
      try {
        await sql.query('insert into categories (name) values ($1)', [quiet]);
      } finally {
        await sql.end();
      }
      expect(await names(b)).toEqual(before);

      for (const round of [1, 2]) {
        const name = `Cache check ${round} ${Date.now()}`;
        const added = await call(a, 'POST', '/api/Common/AddCategory', admin, { categoryName: name });
        expect(added.status, added.text).toBe(201);
        // B drops its cache as the notification reaches it, moments after A's reply; without it B would answer the
        // old list for as long as it runs.
        let after = await names(b);
        for (const until = Date.now() + 2_000; !after.names.includes(name) && Date.now() < until; ) {
          await new Promise((r) => setTimeout(r, 20));
          after = await names(b);
        }
        expect(after.names).toContain(name);
        expect(after.names).toContain(quiet);
        expect(after.etag).not.toBe(before.etag);
      }
    });
  },
);
