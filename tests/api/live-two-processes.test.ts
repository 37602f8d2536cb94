// Live updates across server processes (decisions 015 and 039): two real server processes on one
// PostgreSQL database. An event committed by one connection reaches the streams of both processes through
// LISTEN/NOTIFY, a client resumes on the other process without losing or repeating events, and a logout in one closes
// the session's stream in the other. PostgreSQL only: the embedded database is one process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo';
import { type LiveEvent, publishLive } from '../../server/domains/platform/live/service';
import type { RoleCode } from '../../server/http';
import { type ServerProcess, startServerProcess, templateCopy } from '../support/server-processes';
import { changeOf, openSse, type SseEvent, type SseStream } from '../support/sse';
import { TEST_PASSWORD } from '../support/template';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;
if (!process.env.DATABASE_URL) console.log(`live-two-processes.test.ts skipped: ${skipped}`);

const STREAM = '/api/Live/Stream';
const isChange = (id: number) => (e: SseEvent) => e.event === 'change' && changeOf(e).id === id;
const changeIds = (s: SseStream) => s.events.filter((e) => e.event === 'change').map((e) => changeOf(e).id);

describe.skipIf(skipped)(
  `live updates, two server processes on one PostgreSQL${skipped ? ` (skipped: ${skipped})` : ''}`,
  { timeout: 120_000 },
  () => {
    let copy: Awaited<ReturnType<typeof templateCopy>>;
    let database: Database;
    let a: ServerProcess;
    let b: ServerProcess;
    const opened: SseStream[] = [];
    const publish = (e: LiveEvent) => database.db.transaction((tx) => publishLive(tx, e));

    async function signIn(server: ServerProcess, role: RoleCode) {
      const acc = DEMO_ACCOUNTS.find((x) => x.role === role)!;
      const [path, body] =
        role === 'A'
          ? ['/api/adminlogin', { UserName: acc.email, Password: TEST_PASSWORD }]
          : ['/api/Userlogin', { MobileNoOrEmail: acc.mobileNo, Password: TEST_PASSWORD }];
      const res = await fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      expect(res.status, JSON.stringify(json)).toBe(200);
      return { token: json.data.Token as string, id: json.data.User.Id as number };
    }
    const open = async (server: ServerProcess, token: string, lastEventId?: number) => {
      const s = await openSse(server.url + STREAM, { token, lastEventId });
      opened.push(s);
      expect(s.status, JSON.stringify(s.problem)).toBe(200);
      await s.waitFor((e) => e.event === 'ready', 10_000);
      return s;
    };

    beforeAll(async () => {
      copy = await templateCopy(process.env.DATABASE_URL!, 'doorstep_live');
      database = await openDatabase({ databaseUrl: copy.url });
      const env = { DATABASE_URL: copy.url, SERVE_CLIENT: 'false', RATE_LIMITS: 'off', LOG_LEVEL: 'warn' };
      // Two processes starting at once on a busy machine (CI runs other files beside this one) can take a while.
      [a, b] = await Promise.all([startServerProcess(env, 150_000), startServerProcess(env, 150_000)]);
    }, 180_000);
    afterAll(async () => {
      for (const s of opened) s.close();
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.close();
      await copy?.drop();
    });

    it('an event committed elsewhere reaches the addressed streams on both processes, and only those', async () => {
      const admin = await signIn(a, 'A');
      const tech = await signIn(b, 'TE');
      const adminOnA = await open(a, admin.token);
      const adminOnB = await open(b, admin.token);
      const techOnB = await open(b, tech.token);

      const forAdmins = await publish({ kind: 'line_unassigned', tags: ['Dispatch'], roles: ['A', 'CD'] });
      const forTech = await publish({ kind: 'line_assigned', tags: ['ProfessionalJobs'], userIds: [tech.id] });
      await adminOnA.waitFor(isChange(forAdmins));
      await adminOnB.waitFor(isChange(forAdmins));
      await techOnB.waitFor(isChange(forTech));
      const marker = await publish({ kind: 'test.marker', tags: [], userIds: [admin.id, tech.id] });
      for (const s of [adminOnA, adminOnB, techOnB]) await s.waitFor(isChange(marker));
      expect(changeIds(adminOnA)).toEqual([forAdmins, marker]);
      expect(changeIds(adminOnB)).toEqual([forAdmins, marker]);
      expect(changeIds(techOnB)).toEqual([forTech, marker]);
    });

    it('a client that drops from one process resumes on the other with exactly the events it missed', async () => {
      const tech = await signIn(a, 'TE');
      const first = await open(a, tech.token);
      const seen = await publish({ kind: 'line_assigned', tags: ['ProfessionalJobs'], userIds: [tech.id] });
      await first.waitFor(isChange(seen));
      first.close();
      await first.ended;

      const missed = [
        await publish({ kind: 'line_assigned', tags: ['ProfessionalJobs'], userIds: [tech.id] }),
        await publish({ kind: 'job_offered', tags: ['ProfessionalJobs'], roles: ['TE'] }),
      ];
      await publish({ kind: 'line_unassigned', tags: ['Dispatch'], roles: ['A'] });
      const resumed = await open(b, tech.token, seen);
      await resumed.waitFor(isChange(missed[1]));
      const live = await publish({ kind: 'line_assigned', tags: ['ProfessionalJobs'], userIds: [tech.id] });
      await resumed.waitFor(isChange(live));
      expect(changeIds(resumed)).toEqual([...missed, live]);
    });

    it("a logout through one process closes the session's stream on the other", async () => {
      const tech = await signIn(a, 'TE');
      const onB = await open(b, tech.token);
      const out = await fetch(`${a.url}/api/Auth/Logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tech.token}` },
      });
      expect(out.status).toBe(200);
      // Process B's sweep checks its streams' sessions every 5 s.
      const end = await onB.waitFor((e) => e.event === 'end', 15_000);
      expect(JSON.parse(end.data)).toEqual({ reason: 'session' });
      await onB.ended;
    });
  },
);
