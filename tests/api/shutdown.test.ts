// Stopping without losing work (decision 063): SIGTERM while sign-ups are being written. Every request the server
// accepted gets a whole answer, the ones after it are refused at the door, the database holds exactly the sign-ups
// that were acknowledged, live streams end with a retry hint, and the process exits 0.
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOf, TEST_PASSWORD } from '../support/server';
import { type ServerProcess, startServerProcess, templateCopy } from '../support/server-processes';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : false;
if (skipped) console.log(`shutdown.test.ts skipped: ${skipped}`);

type Outcome =
  | { kind: 'answer'; status: number; text: string; at: number }
  | { kind: 'refused' }
  | { kind: 'cut'; error: string };

/** A POST on a connection of its own, told apart: a whole answer, a refused connection, or one cut off. */
function post(url: string, body: unknown): Promise<Outcome> {
  const json = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        // 'end' only once the whole body (its Content-Length) came; a connection cut before is an error.
        res.on('end', () =>
          resolve({ kind: 'answer', status: res.statusCode!, text: Buffer.concat(chunks).toString(), at: Date.now() }),
        );
        res.on('error', (err) => resolve({ kind: 'cut', error: String(err) }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve(err.code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'cut', error: `${err.code} ${err.message}` }),
    );
    req.end(json);
  });
}

describe.skipIf(skipped)('SIGTERM during writes', () => {
  let copy: Awaited<ReturnType<typeof templateCopy>>;
  let server: ServerProcess;
  const tag = `stop${process.pid}${Date.now().toString(36)}`;
  let n = 0;
  const signup = () => {
    const i = ++n;
    return {
      fullName: `Stop Test ${i}`,
      mobileNo: `7${String((process.pid * 1000 + Date.now() + i) % 1_000_000_000).padStart(9, '0')}`,
      email: `${tag}-${i}@example.in`,
      city: 'Bengaluru',
      pinCode: '560034',
      password: `Stop-pass-${i}x`,
    };
  };

  beforeAll(async () => {
    copy = await templateCopy(process.env.DATABASE_URL!, 'doorstep_stop');
    server = await startServerProcess({
      DATABASE_URL: copy.url,
      SERVE_CLIENT: 'false',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '15000',
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await copy?.drop();
  });

  it('answers every accepted request whole, refuses later ones, keeps exactly what it acknowledged, exits 0', async () => {
    const admin = accountOf('A');
    const login = await fetch(`${server.url}/api/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ UserName: admin.email, Password: TEST_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { Token: string } }).data.Token;
    // A live stream open across the stop (decision 015): it must end with a reason the client handles.
    const stream = await fetch(`${server.url}/api/Live/Stream`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    });
    expect(stream.status).toBe(200);
    const streamText = stream.text().catch((err) => `cut: ${err}`);

    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    const url = `${server.url}/api/Customer/Signup`;
    // Sign-ups hash a password (tens of milliseconds each on the worker threads): many are in flight at once.
    const first = Array.from({ length: 24 }, () => post(url, signup()));
    const firstAnswer = await Promise.race(first);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // Well after the listener closed: these must find nobody listening.
    await new Promise((r) => setTimeout(r, 500));
    const late = await Promise.all(Array.from({ length: 6 }, () => post(url, signup())));
    const accepted = await Promise.all(first);
    const code = await exited;
    // Every assertion names what happened, so a failure on a busy CI machine can be read from its log.
    const seen = accepted.map((o) => (o.kind === 'answer' ? `${o.status}${o.at > signalled ? ' after' : ''}` : o.kind));
    const why = `first: ${seen.join(', ')}; late: ${late.map((o) => o.kind).join(', ')}; exit ${code}\n${server.output().slice(-3000)}`;
    expect(code, why).toBe(0);

    expect(firstAnswer.kind, why).toBe('answer');
    for (const o of accepted) {
      expect(o.kind, why).toBe('answer');
      if (o.kind === 'answer') expect(() => JSON.parse(o.text), o.text).not.toThrow();
    }
    const ok = accepted.filter((o) => o.kind === 'answer' && o.status === 201) as { at: number; text: string }[];
    // The stop really waited for requests in flight: some were answered after the signal.
    expect(ok.filter((o) => o.at > signalled).length, why).toBeGreaterThan(0);
    for (const o of late) expect(o.kind, why).toBe('refused');

    const c = new pg.Client({ connectionString: copy.url });
    await c.connect();
    try {
      const { rows } = await c.query<{ n: number }>('select count(*)::int as n from users where email like $1', [
        `${tag}-%`,
      ]);
      expect(rows[0].n, why).toBe(ok.length);
    } finally {
      await c.end();
    }

    const text = await streamText;
    expect(text, why).toContain('retry: 1000\nevent: end\ndata: {"reason":"restart","retryMs":1000}\n\n');
  }, 60_000);
});
