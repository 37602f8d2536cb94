import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUserId } from '../../server/db/seed/demo';
import { seedDemoCatalogue } from '../../server/db/seed/demo-catalogue';
import { seedDemoProfessionals } from '../../server/db/seed/demo-professionals';
import { DEMO_CANDIDATES, seedDemoRecruitment } from '../../server/db/seed/demo-recruitment';
import { RECRUITMENT_STATES } from '../../src/machines/recruitment/recruitment.machine';
import { dataOf } from '../support/catalogue';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoCatalogue(t.db, path.join(t.dataDir, 'uploads'));
  await seedDemoProfessionals(t.db);
  // server/main.ts's order; a second start changes nothing.
  for (let run = 0; run < 2; run++) await seedDemoRecruitment(t.db, path.join(t.dataDir, 'uploads'));
}, 120_000);
afterAll(() => t?.close());

const rows = async <T>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

describe('the demo candidates', () => {
  it('are at every step, made by the demo HR user, once', async () => {
    const states = await rows<{ state: string; n: number }>(
      'select state, count(*)::int as n from candidates group by state',
    );
    expect(states.map((s) => s.state).sort()).toEqual([...RECRUITMENT_STATES].sort());
    expect(states.reduce((s, r) => s + r.n, 0)).toBe(DEMO_CANDIDATES.length);
    const hr = await demoUserId(t.db, 'HR');
    const [{ others }] = await rows<{ others: number }>(
      `select count(*)::int as others from candidates where created_by <> ${hr}`,
    );
    expect(others).toBe(0);
  });

  it('show one rejected by the admin and one waiting for approval on the admin’s lists', async () => {
    const admin = await t.tokenFor('A');
    const rejected = dataOf(await t.api('GET', '/api/Hr/GetCandidatesByAction?Action=AdminRejected', { token: admin }));
    expect(rejected.total).toBeGreaterThanOrEqual(1);
    expect(rejected.items[0].lastRemark).toBeTruthy();
    const waiting = dataOf(
      await t.api('GET', '/api/Hr/GetCandidatesByAction?Action=SentForApproval', { token: admin }),
    );
    expect(waiting.total).toBeGreaterThanOrEqual(1);
    expect(waiting.items[0].allowedEvents).toEqual(['APPROVE', 'ADMIN_REJECT']);
  });

  it('made professionals of the appointed, from their documents', async () => {
    const appointed = await rows<{ id: number; professional_user_id: number; pan: string; pro_pan: string }>(
      `select c.id, c.professional_user_id, d.pan_number as pan, p.pan_number as pro_pan
         from candidates c join candidate_documents d on d.candidate_id = c.id
         join professionals p on p.user_id = c.professional_user_id
        where c.state = 'appointed'`,
    );
    expect(appointed).toHaveLength(DEMO_CANDIDATES.filter((d) => d.target === 'appointed').length);
    for (const a of appointed) expect(a.pro_pan).toBe(a.pan);
  });

  it('offer the finalised who are not appointed yet a start two weeks out, which appointment would take', async () => {
    const dates = await rows<{ state: string; revised_join_date: string | null }>(
      `select state, revised_join_date::text from candidates
        where state in ('finalised', 'sentForApproval', 'approved', 'appointed')`,
    );
    const inTwoWeeks = new Date(Date.now() + 330 * 60_000 + 14 * 86_400_000).toISOString().slice(0, 10);
    for (const d of dates) expect(d.revised_join_date, d.state).toBe(d.state === 'appointed' ? null : inTwoWeeks);
  });

  it('have histories over the last two months, so the log, the funnel and the report show them', async () => {
    const [{ first, last }] = await rows<{ first: string; last: string }>(
      'select min(at)::text as first, max(at)::text as last from candidate_steps',
    );
    const days = (Date.now() - Date.parse(first)) / 86_400_000;
    expect(days).toBeGreaterThan(40);
    expect(days).toBeLessThan(62);
    expect(Date.parse(last)).toBeLessThanOrEqual(Date.now());
    const hr = await t.tokenFor('HR');
    const from = new Date(Date.now() - 61 * 86_400_000).toISOString().slice(0, 10);
    const log = dataOf(await t.api('GET', `/api/Hr/GetRecruitmentLog?from=${from}`, { token: hr }));
    expect(log.rows.length).toBeGreaterThan(5);
    expect(log.totals.appointedTech + log.totals.apointedEngg).toBe(2);
    const funnel = dataOf(await t.api('GET', `/api/Hr/GetRecruitmentFunnel?from=${from}`, { token: hr }));
    const step = (s: string) => funnel.steps.find((x: { step: string }) => x.step === s);
    expect(step('new').reached).toBe(DEMO_CANDIDATES.length);
    expect(step('screened').medianDays).toBeGreaterThan(0);
    expect(funnel.rejections.length).toBeGreaterThanOrEqual(4);
  });
});
