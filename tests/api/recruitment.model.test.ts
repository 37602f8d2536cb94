import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECRUITMENT_EVENT_ROLE,
  RECRUITMENT_EVENTS,
  RECRUITMENT_STATES,
  type RecruitmentEvent,
  type RecruitmentState,
  recruitmentAllowedEvents,
  recruitmentMachine,
} from '../../src/machines/recruitment/recruitment.machine';
import { recruitmentModel, recruitmentPaths } from '../../src/machines/recruitment/recruitment.model';
import { dataOf } from '../support/catalogue';
import { candidateFactories, dayFromToday } from '../support/factories';
import { coverageOf } from '../support/machine-paths';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The recruitment machine walked against the server: every generated path is driven
 * through the real API (HR's Hr/RecruitmentProcess, send-for-approval and the appointment through
 * Professional/AddProfessional?CandidateId; the admin's approval and rejection), and after each step the stored state,
 * the derived flags and the events HR and the admin are offered must be the machine's. In each state reached, every
 * event the machine refuses is refused by the server too (409 with the state and the allowed events, nothing written).
 */
let t: TestServer;
let c: ReturnType<typeof candidateFactories>;
beforeAll(async () => {
  t = await startTestServer();
  c = candidateFactories(t);
});
afterAll(() => t?.close());

/** How the product makes each event happen; answers the HTTP reply. */
function send(id: number, e: RecruitmentEvent) {
  switch (e.type) {
    case 'SCREEN':
      return c.process(id, 'Screen');
    case 'INTERVIEW':
      return c.process(id, 'Interview');
    case 'FINALISE':
      // A joining date an appointment accepts (decision 033: at most a year ahead).
      return c.process(id, 'Finalise', { RevSal: 18000, RevJoDate: dayFromToday(30) });
    case 'REJECT':
      return c.process(id, 'Reject', { RejectRemark: 'Not this time' });
    case 'SEND_FOR_APPROVAL':
      return c.sendForApproval(id);
    case 'APPROVE':
      return c.decide(id, true);
    case 'ADMIN_REJECT':
      return c.decide(id, false, 'Over budget');
    case 'APPOINT':
      return c.appoint(id);
  }
}

const detail = async (role: 'HR' | 'A', id: number) =>
  dataOf(await t.api('GET', `/api/Hr/GetCandidateDetail?id=${id}`, { token: await t.tokenFor(role) }));

const rows = async <T>(q: string) =>
  ((await t.db.execute((await import('drizzle-orm')).sql.raw(q))) as unknown as { rows: T[] }).rows;
const professionalsOf = async (id: number) =>
  Number((await rows<{ n: number }>(`select count(*)::int as n from professionals where candidate_id = ${id}`))[0].n);

const refusalsChecked = new Set<string>();

async function check(id: number, state: RecruitmentState) {
  const allowed = recruitmentAllowedEvents(state);
  const asHr = await detail('HR', id);
  expect(asHr.state).toBe(state);
  expect(asHr.allowedEvents).toEqual(allowed.filter((e) => RECRUITMENT_EVENT_ROLE[e] === 'HR'));
  expect((await detail('A', id)).allowedEvents).toEqual(allowed.filter((e) => RECRUITMENT_EVENT_ROLE[e] === 'A'));
  expect(asHr.isAppointed).toBe(state === 'appointed');
  expect(await professionalsOf(id)).toBe(state === 'appointed' ? 1 : 0);
  if (refusalsChecked.has(state)) return;
  refusalsChecked.add(state);
  for (const e of RECRUITMENT_EVENTS) {
    if (allowed.includes(e.type)) continue;
    const steps = asHr.history.length;
    const res = await send(id, e);
    expect(res.status, `${e.type} in ${state}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(409);
    expect(res.body.state, `${e.type} in ${state}`).toBe(state);
    expect([...res.body.allowedEvents].sort(), `${e.type} in ${state}`).toEqual([...allowed].sort());
    const after = await detail('HR', id);
    expect(after.state).toBe(state);
    expect(after.history).toHaveLength(steps);
    expect(await professionalsOf(id)).toBe(state === 'appointed' ? 1 : 0);
  }
}

describe('recruitment machine, against the server', () => {
  const paths = recruitmentPaths();

  it('the paths cover every state and every transition', () => {
    const { states, transitions } = coverageOf(recruitmentMachine, paths);
    expect({ states: states.missing, transitions: transitions.missing }).toEqual({ states: [], transitions: [] });
    expect([...states.all].sort()).toEqual([...RECRUITMENT_STATES].sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const made = await c.candidate();
      // Documents first: sending for approval needs PAN and Aadhaar, which the appointment carries over.
      await c.docs(made.id);
      const seen: string[] = [];
      await recruitmentModel.testPath(path, {
        states: Object.fromEntries(
          RECRUITMENT_STATES.map((s) => [
            s,
            async () => {
              await check(made.id, s);
              seen.push(s);
            },
          ]),
        ),
        events: Object.fromEntries(
          RECRUITMENT_EVENTS.map((e) => [
            e.type,
            async ({ event }: { event: RecruitmentEvent }) => {
              const res = await send(made.id, event);
              expect(res.status, `${event.type}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(
                event.type === 'APPOINT' ? 201 : 200,
              );
            },
          ]),
        ),
      });
      expect(seen).toHaveLength(path.steps.length);
    });
  }
});
