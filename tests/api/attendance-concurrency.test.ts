// Attendance under concurrency (decision 033), on PostgreSQL only (PGlite is one connection, so nothing
// races): twenty check-ins at once write one day; corrections racing the payroll's month lock either land before the
// lock or are refused with 409, never after it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockMonth } from '../../server/domains/people/attendance/service';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;
if (!process.env.DATABASE_URL) console.log(`attendance-concurrency.test.ts skipped: ${skipped}`);

const rowsOf = <T>(res: unknown) => ('rows' in (res as object) ? (res as { rows: T[] }).rows : (res as T[]));

describe.skipIf(skipped)(`attendance under concurrency${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 120_000);
  afterAll(() => t?.close());

  it('twenty check-ins and switch-ons at once write one day', async () => {
    const p = await factories(t).professional({ available: false });
    const tok = await p.token();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? t.api('POST', '/api/Attendance/CheckIn', { token: tok })
          : t.api('PUT', '/api/Professional/ChangeMystatus', { token: tok, body: { value: true } }),
      ),
    );
    for (const r of replies) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    const checkIns = replies.filter((_, i) => i % 2);
    expect(checkIns.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from attendance_days where user_id = ${p.id}`),
    );
    expect(n).toBe(1);
  });

  it('corrections racing the month lock land before it or are refused', async () => {
    const p = await factories(t).professional();
    const hr = await t.tokenFor('HR');
    const dates = Array.from({ length: 12 }, (_, i) => `2024-07-${String(i + 1).padStart(2, '0')}`);
    const [replies] = await Promise.all([
      Promise.all(
        dates.map((date) =>
          t.api('PUT', '/api/Hr/CorrectAttendance', {
            token: hr,
            body: { EmpId: p.id, date, status: 'leave', reason: 'Racing the lock' },
          }),
        ),
      ),
      (async () => {
        await new Promise((r) => setTimeout(r, 15));
        await t.db.transaction((tx) => lockMonth(tx, 2024, 7, null));
      })(),
    ]);
    for (const r of replies) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    const ok = replies.filter((r) => r.status === 200).length;
    for (const r of replies.filter((x) => x.status === 409)) expect(r.body.detail).toMatch(/July 2024 is locked/);
    const [{ days, audits, late }] = rowsOf<{ days: number; audits: number; late: number }>(
      await t.db.execute(sql`select
        (select count(*)::int from attendance_days where user_id = ${p.id}) as days,
        (select count(*)::int from attendance_audit where user_id = ${p.id} and kind = 'correction') as audits,
        (select count(*)::int from attendance_days d, attendance_month_locks l
          where d.user_id = ${p.id} and l.year = 2024 and l.month = 7 and d.updated_at > l.locked_at) as late`),
    );
    expect(days).toBe(ok);
    expect(audits).toBe(ok);
    expect(late).toBe(0);
  });
});
