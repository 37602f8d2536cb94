// Recruitment under concurrency (docs/decisions/032-recruitment.md), on PostgreSQL only (PGlite is one
// connection, so nothing races): two HR users moving the same candidate at the same moment (one wins, the other is
// told 409 with the state); two appointments of one candidate at once (one professional); two adds of the same phone
// at once (one open candidate).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../server/domains/platform/auth/service';
import { dataOf } from '../support/catalogue';
import { candidateFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;
if (!process.env.DATABASE_URL) console.log(`recruitment-concurrency.test.ts skipped: ${skipped}`);

const rowsOf = <T>(res: unknown) => ('rows' in (res as object) ? (res as { rows: T[] }).rows : (res as T[]));

describe.skipIf(skipped)(`recruitment under concurrency${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let t: TestServer;
  let c: ReturnType<typeof candidateFactories>;
  let hr1: string;
  let hr2: string;

  beforeAll(async () => {
    t = await startTestServer();
    c = candidateFactories(t);
    hr1 = await t.tokenFor('HR');
    const second = {
      role: 'HR' as const,
      fullName: 'Second HR',
      mobileNo: '6999000111',
      email: 'hr2@example.in',
      password: 'Second-hr-pass-1',
    };
    await createAccount(t.db, second);
    const res = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: second.mobileNo, Password: second.password },
    });
    hr2 = dataOf<{ Token: string }>(res).Token;
  }, 120_000);
  afterAll(() => t?.close());

  const count = async (q: string) => Number(rowsOf<{ n: number }>(await t.db.execute(sql.raw(q)))[0].n);

  it('two HR users sending for approval and rejecting the same candidate at once: one wins, the other gets 409', async () => {
    for (let round = 0; round < 5; round++) {
      const made = await c.at('finalised');
      await c.docs(made.id);
      const [a, b] = await Promise.all([
        c.sendForApproval(made.id, hr1),
        c.process(made.id, 'Reject', { RejectRemark: 'Found another job' }, hr2),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      const winner = a.status === 200 ? a : b;
      expect(loser.body.state).toBe(winner.body.data.state);
      expect(['sentForApproval', 'rejected']).toContain(winner.body.data.state);
      // The loser wrote nothing: adding, screening, interview, finalising and the winner's step.
      expect(await count(`select count(*)::int as n from candidate_steps where candidate_id = ${made.id}`)).toBe(5);
    }
  });

  it('the same step twice at once (a double click by two HR users) is taken once', async () => {
    const made = await c.at('screened');
    const replies = await Promise.all([hr1, hr2, hr1, hr2].map((token) => c.process(made.id, 'Interview', {}, token)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(3);
    expect(
      await count(
        `select count(*)::int as n from candidate_steps where candidate_id = ${made.id} and event = 'INTERVIEW'`,
      ),
    ).toBe(1);
  });

  it('appointing the same candidate several times at once makes one professional', async () => {
    const made = await c.at('approved');
    const replies = await Promise.all([hr1, hr2, hr1].map((token) => c.appoint(made.id, {}, token)));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of replies.filter((r) => r.status !== 201)) expect(r.status).toBe(409);
    expect(await count(`select count(*)::int as n from professionals where candidate_id = ${made.id}`)).toBe(1);
    expect(
      await count(`select count(*)::int as n from professional_bank_details where candidate_id = ${made.id}`),
    ).toBe(1);
    expect(await count(`select count(*)::int as n from users where mobile_no = '${made.phone}'`)).toBe(1);
  });

  it('two adds with the same phone at once: one open candidate, the other 409 naming the phone', async () => {
    const phone = c.freshPhone();
    const replies = await Promise.all(
      [hr1, hr2].map((token) => t.api('POST', '/api/Hr/AddCandidates', { token, body: c.body({ phone }) })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)?.body.errors[0].field).toBe('phone');
    expect(await count(`select count(*)::int as n from candidates where phone = '${phone}'`)).toBe(1);
  });
});
