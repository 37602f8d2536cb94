// The sign-in rate limits across server processes (decision 039): two real server processes counting in one Redis
// (REDIS_URL). Attempts spread over both are counted together, so a client cannot multiply its allowance by the
// number of processes behind the load balancer. Needs PostgreSQL (the processes share a database) and Redis at
// TEST_REDIS_URL (default redis://127.0.0.1:6379).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAnswers, type ServerProcess, startServerProcess, templateCopy } from '../support/server-processes';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : !(await redisAnswers(redisUrl))
      ? `needs Redis at ${redisUrl} (TEST_REDIS_URL)`
      : null;
if (skipped && process.env.TEST_DB === 'postgres') console.log(`rate-limit-two-processes.test.ts skipped: ${skipped}`);

describe.skipIf(skipped)(
  `sign-in rate limits, two server processes counting in one Redis${skipped ? ` (skipped: ${skipped})` : ''}`,
  { timeout: 120_000 },
  () => {
    let copy: Awaited<ReturnType<typeof templateCopy>>;
    let a: ServerProcess;
    let b: ServerProcess;

    beforeAll(async () => {
      copy = await templateCopy(process.env.DATABASE_URL!, 'doorstep_limits');
      const env = {
        DATABASE_URL: copy.url,
        SERVE_CLIENT: 'false',
        RATE_LIMITS: 'on',
        REDIS_URL: redisUrl,
        LOG_LEVEL: 'warn',
      };
      [a, b] = await Promise.all([startServerProcess(env, 150_000), startServerProcess(env, 150_000)]);
    }, 180_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await copy?.drop();
    });

    it('counts attempts on either process together: the eleventh within five minutes is 429 on both', async () => {
      // An account nobody has: every attempt is a plain 401, and no lockout of a real account gets in the way.
      const who = `nobody-${randomUUID()}@example.in`;
      const attempt = async (server: ServerProcess) => {
        const res = await fetch(`${server.url}/api/Userlogin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ MobileNoOrEmail: who, Password: 'not the password' }),
        });
        return { status: res.status, body: await res.text() };
      };
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
      expect(statuses).toEqual(Array(10).fill(401));
      for (const server of [a, b]) {
        const refused = await attempt(server);
        expect(refused.status, refused.body).toBe(429);
        expect(JSON.parse(refused.body).detail ?? refused.body).toMatch(/Too many attempts/);
      }
      // Another account from the same address still has its own allowance.
      const other = await fetch(`${a.url}/api/Userlogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ MobileNoOrEmail: `nobody-${randomUUID()}@example.in`, Password: 'not the password' }),
      });
      expect(other.status).toBe(401);
    });
  },
);
