// Live updates (decision 015): the event stream through real HTTP, its addressing, resume with
// Last-Event-ID, the session's end, and publishLive itself.

import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount } from '../../server/domains/platform/auth/service';
import { DEFAULT_HUB_OPTIONS, LiveHub, type Sink } from '../../server/domains/platform/live/hub';
import { eventsAfter } from '../../server/domains/platform/live/repo';
import { type LiveEvent, pruneLiveEvents, publishLive } from '../../server/domains/platform/live/service';
import type { RoleCode } from '../../server/http';
import { connectLive, type LiveStatus } from '../../src/api/live';
import { factories } from '../support/factories';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/server';
import { changeOf, openSse, type SseEvent, type SseStream } from '../support/sse';

let t: TestServer;
const ids: Partial<Record<RoleCode, number>> = {};
let otherTe: { id: number; token: string };
const opened: SseStream[] = [];

const STREAM = '/api/Live/Stream';
const publish = (e: LiveEvent) => t.db.transaction((tx) => publishLive(tx, e));
const open = async (token: string | null, lastEventId?: number | string) => {
  const s = await openSse(t.url + STREAM, { token, lastEventId });
  opened.push(s);
  return s;
};
const changes = (s: SseStream, from = 0) =>
  s.events
    .slice(from)
    .filter((e) => e.event === 'change')
    .map(changeOf);
const isChange = (id: number) => (e: SseEvent) => e.event === 'change' && changeOf(e).id === id;

async function signIn(mobileNo: string) {
  const res = await t.api('POST', '/api/Userlogin', { body: { MobileNoOrEmail: mobileNo, Password: TEST_PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.data.Token as string;
}

beforeAll(async () => {
  t = await startTestServer();
  for (const role of ['A', 'TE', 'Cust', 'CD'] as RoleCode[]) {
    const me = await t.api('GET', '/api/Auth/Me', { token: await t.tokenFor(role) });
    ids[role] = me.body.data.Id;
  }
  const teId = await createAccount(t.db, {
    role: 'TE',
    fullName: 'Second Technician',
    mobileNo: '9123400011',
    email: 'second-te@example.in',
    password: TEST_PASSWORD,
  });
  otherTe = { id: teId, token: await signIn('9123400011') };
});
afterAll(async () => {
  for (const s of opened) s.close();
  await t?.close();
});

describe('the live stream', () => {
  it('refuses a caller without a session (401) and a plain request (406), both as problem+json', async () => {
    const anonymous = await open(null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const stale = await open('x'.repeat(43));
    expect(stale.status).toBe(401);
    const plain = await t.api('GET', STREAM, { token: await t.tokenFor('TE') });
    expect(plain.status).toBe(406);
    expect(plain.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(plain.body.detail).toContain('text/event-stream');
  });

  it('is an uncompressed, uncached event stream that starts with a ready event carrying the cursor', async () => {
    const s = await openSse(t.url + STREAM, {
      token: await t.tokenFor('CD'),
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    opened.push(s);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(s.headers.get('content-encoding')).toBeNull();
    const ready = await s.waitFor((e) => e.event === 'ready');
    expect(Number(ready.id)).toBe(JSON.parse(ready.data).cursor);
    s.close();
  });

  it("reaches the addressed users and roles only: a professional never sees another professional's job", async () => {
    const te = await open(await t.tokenFor('TE'));
    const te2 = await open(otherTe.token);
    const admin = await open(await t.tokenFor('A'));
    const cust = await open(await t.tokenFor('Cust'));
    const calldesk = await open(await t.tokenFor('CD'));
    for (const s of [te, te2, admin, cust, calldesk]) await s.waitFor((e) => e.event === 'ready');

    const assigned = await publish({
      kind: 'line.assigned',
      tags: ['ProfessionalJobs'],
      userIds: [ids.TE!],
      payload: { lineId: 1 },
    });
    const unassigned = await publish({ kind: 'line.unassigned', tags: ['Dispatch'], roles: ['A', 'CD'] });
    const accepted = await publish({
      kind: 'line.accepted',
      tags: ['OrderLines', 'Dispatch'],
      userIds: [ids.Cust!, ids.TE!],
      roles: ['A'],
    });
    const last = await publish({
      kind: 'test.marker',
      tags: [],
      userIds: [ids.TE!, otherTe.id, ids.A!, ids.Cust!, ids.CD!],
    });
    for (const s of [te, te2, admin, cust, calldesk]) await s.waitFor(isChange(last));

    expect(changes(te).map((c) => c.id)).toEqual([assigned, accepted, last]);
    expect(changes(te2).map((c) => c.id)).toEqual([last]);
    expect(changes(admin).map((c) => c.id)).toEqual([unassigned, accepted, last]);
    expect(changes(cust).map((c) => c.id)).toEqual([accepted, last]);
    expect(changes(calldesk).map((c) => c.id)).toEqual([unassigned, last]);
    const first = changes(te)[0];
    expect(first).toMatchObject({ kind: 'line.assigned', tags: ['ProfessionalJobs'], payload: { lineId: 1 } });
    // The SSE id is the event's id: what the browser sends back as Last-Event-ID.
    expect(te.events.find(isChange(assigned))!.id).toBe(String(assigned));
  });

  it('resumes with Last-Event-ID: exactly the missed events the user may see, then live, without duplicates', async () => {
    const token = await t.tokenFor('TE');
    const first = await open(token);
    await first.waitFor((e) => e.event === 'ready');
    const seen = await publish({ kind: 'line.assigned', tags: ['ProfessionalJobs'], userIds: [ids.TE!] });
    await first.waitFor(isChange(seen));
    first.close();
    await first.ended;

    const missed1 = await publish({ kind: 'line.assigned', tags: ['ProfessionalJobs'], userIds: [ids.TE!] });
    await publish({ kind: 'line.assigned', tags: ['ProfessionalJobs'], userIds: [otherTe.id] });
    await publish({ kind: 'line.unassigned', tags: ['Dispatch'], roles: ['A'] });
    const missed2 = await publish({ kind: 'line.reassigned', tags: ['ProfessionalJobs'], roles: ['TE'] });

    const again = await open(token, seen);
    // Replayed, or (on PostgreSQL, when this process's notification is still on its way) live right after.
    await again.waitFor(isChange(missed2));
    expect(changes(again).map((c) => c.id)).toEqual([missed1, missed2]);
    const live = await publish({ kind: 'line.accepted', tags: ['ProfessionalJobs'], userIds: [ids.TE!] });
    await again.waitFor(isChange(live));
    const got = changes(again).map((c) => c.id);
    expect(got).toEqual([missed1, missed2, live]);
    expect(new Set(got).size).toBe(got.length);
  });

  it('sends reset when the cursor is unknown here or what followed it was pruned', async () => {
    const token = await t.tokenFor('TE');
    const bogus = await open(token, 999_999_999);
    const reset = await bogus.waitFor((e) => e.event === 'reset');
    const ready = await bogus.waitFor((e) => e.event === 'ready');
    expect(reset.id).toBe(ready.id);
    // Then it is live from the head.
    const live = await publish({ kind: 'line.assigned', tags: ['ProfessionalJobs'], userIds: [ids.TE!] });
    await bogus.waitFor(isChange(live));

    const cursor = live;
    const after = await publish({ kind: 'line.assigned', tags: ['ProfessionalJobs'], userIds: [ids.TE!] });
    await publish({ kind: 'line.assigned', tags: ['ProfessionalJobs'], userIds: [ids.TE!] });
    // A day and more later, the pruning has removed everything but the newest event.
    expect(await pruneLiveEvents(t.db, new Date(Date.now() + 2 * 86_400_000))).toBeGreaterThan(0);
    expect((await eventsAfter(t.db, cursor - 1, 10)).map((r) => r.id)).not.toContain(after);
    const late = await open(token, cursor);
    await late.waitFor((e) => e.event === 'reset');
    expect(changes(late)).toEqual([]);
  });

  it('closes the streams of a session that ends (logout here; the sweep finds the rest)', async () => {
    const token = await signIn('9123400011');
    const s = await open(token);
    await s.waitFor((e) => e.event === 'ready');
    const other = await open(otherTe.token);
    await other.waitFor((e) => e.event === 'ready');
    expect((await t.api('POST', '/api/Auth/Logout', { token })).status).toBe(200);
    const end = await s.waitFor((e) => e.event === 'end');
    expect(JSON.parse(end.data)).toEqual({ reason: 'session' });
    await s.ended;
    expect((await open(token)).status).toBe(401);
    // The same user's other session keeps its stream.
    const still = await publish({ kind: 'line.assigned', tags: ['ProfessionalJobs'], userIds: [otherTe.id] });
    await other.waitFor(isChange(still));
  });
});

describe('a professional switched off', () => {
  it('loses their stream with the session (DeReActivateAll ends it)', async () => {
    const pro = await factories(t).professional();
    const s = await open(await pro.token());
    await s.waitFor((e) => e.event === 'ready');
    const off = await t.api('POST', `/api/DeReActivateAll?action1=Professional&id=${pro.id}`, {
      token: await t.tokenFor('A'),
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const end = await s.waitFor((e) => e.event === 'end', 10_000);
    expect(JSON.parse(end.data)).toEqual({ reason: 'session' });
    await s.ended;
  });
});

describe('publishLive (the service other modules call inside their transactions)', () => {
  it('writes one row with the addressees de-duplicated, and a rolled-back write publishes nothing', async () => {
    const s = await open(await t.tokenFor('A'));
    await s.waitFor((e) => e.event === 'ready');
    const id = await publish({ kind: 'line.completed', tags: ['Dispatch'], userIds: [5, 5, 7], roles: ['A'] });
    const [row] = await eventsAfter(t.db, id - 1, 1);
    expect(row).toMatchObject({ id, kind: 'line.completed', tags: ['Dispatch'], userIds: [5, 7], roles: ['A'] });
    expect(row.payload).toEqual({});

    let rolledBack = 0;
    await expect(
      t.db.transaction(async (tx) => {
        rolledBack = await publishLive(tx, { kind: 'line.assigned', tags: ['Dispatch'], roles: ['A'] });
        throw new Error('the write failed after publishing');
      }),
    ).rejects.toThrow('the write failed');
    const marker = await publish({ kind: 'test.marker', tags: [], roles: ['A'] });
    await s.waitFor(isChange(marker));
    expect(changes(s).map((c) => c.id)).toEqual([id, marker]);
    expect((await eventsAfter(t.db, id, 10)).map((r) => r.id)).toEqual([marker]);
    expect(rolledBack).toBeGreaterThan(id);
  });

  it('a resume past the replay bound gets reset instead of a flood (hub with a small bound)', async () => {
    const hub = new LiveHub(t.db, {
      ...DEFAULT_HUB_OPTIONS,
      replayLimit: 2,
      log: { warn() {}, error() {} },
    });
    const written: string[] = [];
    const sink: Sink = { write: (x) => written.push(x), end() {}, buffered: () => 0 };
    const me = await t.api('GET', '/api/Auth/Me', { token: await t.tokenFor('A') });
    const user = { id: me.body.data.Id, role: 'A' as const, sessionId: 0 } as never;
    const caughtUp = (id: number) => vi.waitFor(() => expect(hub.position).toBeGreaterThanOrEqual(id));
    try {
      await hub.start();
      const from = await publish({ kind: 'test.marker', tags: [], roles: ['A'] });
      let id = 0;
      for (let i = 0; i < 3; i++) id = await publish({ kind: 'line.unassigned', tags: ['Dispatch'], roles: ['A'] });
      await caughtUp(id);
      const close = await hub.open(user, from, sink);
      close();
      expect(written.join('')).toMatch(/event: reset\n/);
      expect(written.join('')).not.toMatch(/event: change\n/);
      written.length = 0;
      const within = await publish({ kind: 'line.unassigned', tags: ['Dispatch'], roles: ['A'] });
      await caughtUp(await publish({ kind: 'line.unassigned', tags: ['Dispatch'], roles: ['A'] }));
      await hub.open(user, within - 1, sink);
      expect(written.join('').match(/event: change\n/g)).toHaveLength(2);
    } finally {
      await hub.stop();
    }
  });
});

describe('the heartbeat', () => {
  it("moves a quiet stream's cursor past events that were not for it (an id-only frame with the comment)", async () => {
    const hub = new LiveHub(t.db, { ...DEFAULT_HUB_OPTIONS, heartbeatMs: 50, log: { warn() {}, error() {} } });
    const written: string[] = [];
    const sink: Sink = { write: (x) => written.push(x), end() {}, buffered: () => 0 };
    try {
      const close = await hub.open({ id: ids.Cust!, role: 'Cust', sessionId: 0 } as never, null, sink);
      const elsewhere = await publish({ kind: 'line.unassigned', tags: ['Dispatch'], roles: ['A'] });
      await vi.waitFor(() => expect(written.join('')).toContain(`id: ${elsewhere}\n: ping\n\n`));
      expect(written.join('')).not.toMatch(/event: change/);
      close();
    } finally {
      await hub.stop();
    }
  });
});

describe('the browser client (src/api/live.ts) against the real stream', () => {
  it('invalidates the tags each change names, resumes with Last-Event-ID after a drop, and stops when the session ends', async () => {
    const token = await signIn('9123400011');
    const queryClient = new QueryClient();
    const fetched = (key: readonly unknown[]) => queryClient.setQueryData(key, { at: Date.now() });
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated === true;
    const sent: (string | null)[] = [];
    const statuses: LiveStatus[] = [];
    const recordingFetch: typeof fetch = (url, init) => {
      sent.push(new Headers(init?.headers).get('last-event-id'));
      return fetch(url, init);
    };
    const live = connectLive(token, queryClient, {
      url: t.url + STREAM,
      fetch: recordingFetch,
      onStatus: (st) => statuses.push(st),
    });
    try {
      await vi.waitFor(() => expect(live.status()).toBe('live'));
      const jobs = ['ProfessionalJobs', 'getAssignedOrdersForProffessional', { page: 1 }] as const;
      const queries = ['Queries', 'getCustomerQueries'] as const;
      fetched(jobs);
      fetched(queries);
      await publish({ kind: 'line_assigned', tags: ['ProfessionalJobs'], userIds: [otherTe.id] });
      await vi.waitFor(() => expect(invalidated(jobs)).toBe(true));
      expect(invalidated(queries)).toBe(false);

      // Five more streams of the same session close the client's (the oldest); what is published meanwhile comes back
      // in the replay of its reconnection.
      fetched(queries);
      const crowd = await Promise.all(Array.from({ length: 5 }, () => open(token)));
      const missed = await publish({ kind: 'query_answered', tags: ['Queries'], userIds: [otherTe.id] });
      await vi.waitFor(() => expect(invalidated(queries)).toBe(true), { timeout: 8000 });
      expect(sent.length).toBeGreaterThanOrEqual(2);
      expect(Number(sent.at(-1))).toBeLessThan(missed);
      expect(statuses).toContain('waiting');
      for (const c of crowd) c.close();

      expect((await t.api('POST', '/api/Auth/Logout', { token })).status).toBe(200);
      await vi.waitFor(() => expect(live.status()).toBe('stopped'));
    } finally {
      live.stop();
    }
  });
});
