// Money under concurrency (decisions 013 and 039): two real server processes on one PostgreSQL database,
// requests sent alternately to both, and the ledger checked after every scenario. PostgreSQL only: PGlite is one
// connection, so nothing there ever races.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { ledgerTransfers } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo';
import { findIntent } from '../../server/domains/money/payments/repo';
import { checkLedger, walletBalance } from '../../server/domains/money/wallets/service';
import { stockCheck } from '../../server/domains/supply/products/service';
import { sandboxWebhookHeaders } from '../../server/plugins/payments/sandbox';
import { tableCounts } from '../support/counts';
import {
  type ServerProcess,
  sandboxPaysOtherAmount,
  signupCustomer,
  startServerProcess,
  templateCopy,
} from '../support/server-processes';
import { databaseUrlFor, TEST_PASSWORD } from '../support/template';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;
// The title of a skipped describe is easy to miss in the summary: say why once, where the run prints it.
if (!process.env.DATABASE_URL) console.log(`money-concurrency.test.ts skipped: ${skipped}`);

interface Reply {
  status: number;
  type: string;
  body: any;
}

/** Sandbox webhooks the server sends, caught here (PUBLIC_URL points at this), so the test decides when they land. */
async function webhookCatcher() {
  const caught: { raw: string; headers: Record<string, string> }[] = [];
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    caught.push({ raw, headers });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The sandbox's webhook for `orderId`, waiting up to 10 s for it. */
    async of(orderId: string) {
      for (let i = 0; i < 200; i++) {
        const hit = caught.find((c) => JSON.parse(c.raw).orderId === orderId);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no sandbox webhook for ${orderId}`);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** `npm run ledger:check` with `env` over the test's own: its exit code and everything it printed. */
function ledgerCheck(env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'ledger:check'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe.skipIf(skipped)(
  `money under concurrency, two server processes on one PostgreSQL${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let servers: ServerProcess[] = [];
    let copy: Awaited<ReturnType<typeof templateCopy>>;
    let database: Database;
    let catcher: Awaited<ReturnType<typeof webhookCatcher>>;
    let dataDir: string;
    let admin: string;

    beforeAll(async () => {
      const started = performance.now();
      copy = await templateCopy(process.env.DATABASE_URL!, 'doorstep_money');
      database = await openDatabase({ databaseUrl: copy.url });
      catcher = await webhookCatcher();
      // One data folder for both: they share the sandbox's webhook secret file, as processes behind one balancer do.
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-money-'));
      const env = {
        DATABASE_URL: copy.url,
        DATA_DIR: dataDir,
        SERVE_CLIENT: 'false',
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: catcher.url,
      };
      servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      const a = DEMO_ACCOUNTS.find((x) => x.role === 'A')!;
      admin = data(
        await call(0, 'POST', '/api/adminlogin', { body: { UserName: a.email, Password: TEST_PASSWORD } }),
      ).Token;
      console.log(`two server processes ready in ${Math.round(performance.now() - started)} ms`);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.close();
      await catcher?.close();
      await copy?.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    // The same check as `npm run ledger:check`, after every scenario.
    afterEach(async () => {
      const report = await checkLedger(database.db);
      expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
    });

    /** One request to server `i % 2`. */
    async function call(
      i: number,
      method: string,
      p: string,
      init: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {},
    ): Promise<Reply> {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      let body = init.raw;
      if (init.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.body);
      }
      const res = await fetch(servers[i % 2].url + p, { method, headers, body, redirect: 'manual' });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {}
      return { status: res.status, type: res.headers.get('content-type') ?? '', body: parsed };
    }

    function data(r: Reply, status = 200) {
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      return r.body.data;
    }

    const move = (i: number, mobileNo: string, amountPaise: number, action: 'Credit' | 'Debit') =>
      call(i, 'POST', '/api/UpdateCustomerWalletBalance', {
        token: admin,
        body: { MobileNo: mobileNo, Amount: amountPaise / 100, Action: action, Remark: `Concurrent ${action}` },
        headers: { 'idempotency-key': `money-${crypto.randomUUID()}` },
      });

    const balance = (userId: number) => walletBalance(database.db, 'customer', userId);

    async function signIn(c: { mobileNo: string; password: string }) {
      return data(
        await call(1, 'POST', '/api/Userlogin', { body: { MobileNoOrEmail: c.mobileNo, Password: c.password } }),
      ).Token as string;
    }

    /** A customer with a sandbox top-up started on one server and, with `pay`, paid at the sandbox on the other. */
    async function topUp(tag: string, amountPaise: number, pay: boolean) {
      const c = await signupCustomer(database.db, tag);
      const token = await signIn(c);
      const started = data(
        await call(0, 'POST', '/api/Excel/Gate1CF', { token, body: { order_amount: amountPaise / 100 } }),
        201,
      );
      expect(started).toMatchObject({ provider: 'sandbox', amount: amountPaise / 100 });
      const orderId: string = started.order_id;
      if (pay) {
        const paid = await fetch(`${servers[1].url}/sandbox/checkout/${orderId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'outcome=pay',
          redirect: 'manual',
        });
        expect(paid.status).toBe(303);
        expect(paid.headers.get('location')).toBe(`${catcher.url}/MyAccounts?UID=${orderId}`);
      }
      return { c, token, orderId };
    }

    const verify = (i: number, token: string, orderId: string) =>
      call(i, 'PUT', `/api/Customer/CheckWalletTransactionStatus?orderID=${orderId}`, { token });

    const creditsOf = async (orderId: string) =>
      database.db
        .select({ id: ledgerTransfers.id, providerPaymentId: ledgerTransfers.providerPaymentId })
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.reference, orderId), eq(ledgerTransfers.kind, 'wallet_topup')));

    it('200 debits race on a wallet holding ₹50: exactly 50 succeed, 150 are refused with 409, the balance ends at 0', async () => {
      const c = await signupCustomer(database.db, 'debits');
      expect(data(await move(0, c.mobileNo, 5000, 'Credit')).balance).toBe(50);
      const replies = await Promise.all(Array.from({ length: 200 }, (_, i) => move(i, c.mobileNo, 100, 'Debit')));
      const ok = replies.filter((r) => r.status === 200);
      const refused = replies.filter((r) => r.status === 409);
      expect(ok).toHaveLength(50);
      expect(refused).toHaveLength(150);
      for (const r of refused) {
        expect(r.type).toContain('application/problem+json');
        expect(r.body.errors.map((e: { field: string }) => e.field)).toEqual(['Amount']);
      }
      // Each debit saw the one before it: the balances after are 49, 48, … 0, each once.
      expect(ok.map((r) => r.body.data.balance).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));
      expect(await balance(c.id)).toBe(0);
    });

    it('100 admin credits race on one wallet, opened by the race itself: the balance is exactly their sum', async () => {
      const c = await signupCustomer(database.db, 'credits');
      // Odd paise, so a lost or doubled credit shows in the sum.
      const amounts = Array.from({ length: 100 }, (_, i) => 1000 * (i + 1) + ((i * 37) % 100));
      const replies = await Promise.all(amounts.map((a, i) => move(i, c.mobileNo, a, 'Credit')));
      expect(replies.map((r) => r.status)).toEqual(amounts.map(() => 200));
      const sum = amounts.reduce((x, y) => x + y, 0);
      expect(await balance(c.id)).toBe(sum);
      expect(Math.max(...replies.map((r) => Math.round(r.body.data.balance * 100)))).toBe(sum);
    });

    it('one Idempotency-Key sent 20 times at once to both processes moves the money once and answers alike', async () => {
      const c = await signupCustomer(database.db, 'idempotent');
      const headers = { 'idempotency-key': `money-${crypto.randomUUID()}` };
      const body = { MobileNo: c.mobileNo, Amount: 777.77, Action: 'Credit', Remark: 'One credit, retried' };
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(i, 'POST', '/api/UpdateCustomerWalletBalance', { token: admin, body, headers }),
        ),
      );
      expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
      expect(new Set(replies.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
      expect(replies[0].body.data.balance).toBe(777.77);
      expect(await balance(c.id)).toBe(77_777);
    });

    it('a paid order verified 20 times by the return and 20 times by signed webhooks, at once: credited once', async () => {
      const { c, token, orderId } = await topUp('race', 123_456, true);
      // The sandbox's own signed webhook, held back until now, is the one replayed.
      const hook = await catcher.of(orderId);
      expect((await findIntent(database.db, { orderId }))!.state).toBe('awaitingPayment');
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 2
            ? verify(i >> 1, token, orderId)
            : call(i >> 1, 'POST', '/api/Payments/Webhook/sandbox', {
                raw: hook.raw,
                headers: {
                  'content-type': 'application/json',
                  'x-sandbox-timestamp': hook.headers['x-sandbox-timestamp'],
                  'x-sandbox-signature': hook.headers['x-sandbox-signature'],
                },
              }),
        ),
      );
      for (const [i, r] of replies.entries()) {
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        if (i % 2) expect(r.body.data).toEqual({ state: 'paid', amount: 1234.56, balance: 1234.56 });
      }
      const intent = (await findIntent(database.db, { orderId }))!;
      expect(intent.state).toBe('paid');
      expect(intent.providerPaymentId).toBe(JSON.parse(hook.raw).paymentId);
      const credits = await creditsOf(orderId);
      expect(credits).toEqual([{ id: intent.transferId, providerPaymentId: intent.providerPaymentId }]);
      expect(await balance(c.id)).toBe(123_456);
    });

    it('a forged webhook signature is 401 and changes nothing; the real signature from the shared secret credits', async () => {
      const { c, orderId } = await topUp('forged', 25_000, true);
      const hook = await catcher.of(orderId);
      const before = await tableCounts(database.db);
      const forged = await Promise.all(
        [sandboxWebhookHeaders('not-the-secret', hook.raw), {}].flatMap((h, i) =>
          [0, 1].map((s) =>
            call(i + s, 'POST', '/api/Payments/Webhook/sandbox', {
              raw: hook.raw,
              headers: { 'content-type': 'application/json', ...h },
            }),
          ),
        ),
      );
      for (const r of forged) {
        expect(r.status).toBe(401);
        expect(r.type).toContain('application/problem+json');
      }
      expect(await tableCounts(database.db)).toEqual(before);
      expect(await balance(c.id)).toBe(0);
      // Both processes signed nothing themselves: the secret is the one file in their shared DATA_DIR.
      const secret = fs.readFileSync(path.join(dataDir, 'sandbox-webhook-secret.txt'), 'utf8').trim();
      const real = await Promise.all(
        [0, 1].map((s) =>
          call(s, 'POST', '/api/Payments/Webhook/sandbox', {
            raw: hook.raw,
            headers: { 'content-type': 'application/json', ...sandboxWebhookHeaders(secret, hook.raw) },
          }),
        ),
      );
      expect(real.map((r) => r.status)).toEqual([200, 200]);
      expect(await balance(c.id)).toBe(25_000);
      expect(await creditsOf(orderId)).toHaveLength(1);
    });

    it('a payment of another amount at the provider credits nothing and fails the intent', async () => {
      const { c, token, orderId } = await topUp('amount', 50_000, false);
      await sandboxPaysOtherAmount(database.db, orderId, 49_999);
      const replies = await Promise.all([0, 1, 2, 3].map((i) => verify(i, token, orderId)));
      for (const r of replies) {
        expect(r.status, JSON.stringify(r.body)).toBe(402);
        expect(r.type).toContain('application/problem+json');
        expect(r.body.state).toBe('failed');
      }
      expect((await findIntent(database.db, { orderId }))!.state).toBe('failed');
      expect(await creditsOf(orderId)).toEqual([]);
      expect(await balance(c.id)).toBe(0);
    });

    it("another payer's order is 404 to them and credits nothing; its payer's verification then credits", async () => {
      const { c, token, orderId } = await topUp('owner', 30_000, true);
      const other = await signupCustomer(database.db, 'intruder');
      const intruder = await signIn(other);
      const before = await tableCounts(database.db);
      const replies = await Promise.all([0, 1, 2, 3].map((i) => verify(i, intruder, orderId)));
      for (const r of replies) {
        expect(r.status).toBe(404);
        expect(r.type).toContain('application/problem+json');
      }
      expect(await tableCounts(database.db)).toEqual(before);
      expect((await findIntent(database.db, { orderId }))!.state).toBe('awaitingPayment');
      expect(await balance(other.id)).toBe(0);
      expect(await balance(c.id)).toBe(0);
      expect(data(await verify(0, token, orderId)).balance).toBe(300);
      expect(await balance(c.id)).toBe(30_000);
    });

    it('an order not yet paid at the provider is 409 pending and credits nothing', async () => {
      const { c, token, orderId } = await topUp('pending', 10_000, false);
      const before = await tableCounts(database.db);
      const replies = await Promise.all([0, 1, 2, 3].map((i) => verify(i, token, orderId)));
      for (const r of replies) {
        expect(r.status).toBe(409);
        expect(r.type).toContain('application/problem+json');
        expect(r.body.state).toBe('awaitingPayment');
      }
      expect(await tableCounts(database.db)).toEqual(before);
      expect(await creditsOf(orderId)).toEqual([]);
      expect(await balance(c.id)).toBe(0);
    });

    it('npm run ledger:check passes on the database both processes wrote', async () => {
      const [{ n }] = (
        (await database.db.execute(sql`select count(*)::int as n from ledger_transfers`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      const { code, out } = await ledgerCheck({ DATABASE_URL: copy.url });
      expect(code, out).toBe(0);
      const lines = out.split('\n').filter((l) => /^(Ledger check|ok|FAIL|Every|The ledger)/.test(l));
      expect(lines[0]).toMatch(
        new RegExp(`^Ledger check on PostgreSQL \\(DATABASE_URL\\): \\d+ accounts, ${n} transfers`),
      );
      // The wallet ledger's eleven invariants, then the stock ledger's (decision 028).
      expect(lines.slice(1, -1)).toHaveLength(11 + (await stockCheck(database.db)).checks.length);
      expect(lines.slice(1, -1).every((l) => l.startsWith('ok  '))).toBe(true);
      expect(lines.at(-1)).toBe('Every invariant holds.');
    }, 60_000);

    it('npm run ledger:check on a database never migrated says to migrate it, and checks nothing', async () => {
      const base = process.env.DATABASE_URL!;
      const name = `doorstep_unmigrated_${process.pid}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      try {
        await admin.query(`drop database if exists ${name}`);
        await admin.query(`create database ${name}`);
        const { code, out } = await ledgerCheck({ DATABASE_URL: databaseUrlFor(base, name) });
        expect(code, out).toBe(2);
        expect(out).toContain('No ledger yet in PostgreSQL (DATABASE_URL): run npm run db:migrate');
        expect(out).not.toMatch(/^(ok|FAIL) /m);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 60_000);
  },
);
