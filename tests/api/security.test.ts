// Rate limits that a header or a re-spelling cannot reset, and logs that hold no credential.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKey, buildApp } from '../../server/app';
import { loadConfig, parseTrustProxy } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { notificationOutbox } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed/demo';
import { seedReference } from '../../server/db/seed/reference';
import { accountOf, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server';

describe('configuration and keys', () => {
  it('TRUST_PROXY is off unless it names a hop count or the proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.0.1.0/24')).toEqual(['10.0.0.1', '10.0.1.0/24']);
    expect(() => parseTrustProxy('true')).toThrow(/hop count/);
  });

  it('one account is one rate-limit key however it is spelled', () => {
    for (const spelling of [
      '9000000001',
      '+91 90000 00001',
      '+919000000001',
      '919000000001',
      '09000000001',
      ' 90000-00001 ',
    ])
      expect(accountKey(spelling), spelling).toBe('9000000001');
    for (const spelling of ['admin@doorstep.test', ' ADMIN@Doorstep.test ', 'Admin@DOORSTEP.test'])
      expect(accountKey(spelling), spelling).toBe('admin@doorstep.test');
    // A different 10-digit number stays a different account.
    expect(accountKey('+91 90000 00002')).not.toBe(accountKey('9000000001'));
  });
});

describe('rate limits cannot be reset by a header or a re-spelling', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ rateLimits: true });
  });
  afterAll(() => t?.close());

  async function attempts(
    url: string,
    field: string,
    spellings: string[],
    extra: Record<string, unknown>,
  ): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.api('POST', url, {
        body: { [field]: spellings[i % spellings.length], ...extra },
        // A client naming a new address each time: with no TRUST_PROXY the socket's address counts.
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}`, 'x-real-ip': `198.51.100.${i + 1}` },
      });
      statuses.push(res.status);
    }
    return statuses;
  }

  it('the admin sign-in: ten wrong passwords under ten addresses and spellings, then 429', async () => {
    const statuses = await attempts(
      '/api/adminlogin',
      'UserName',
      ['admin@doorstep.test', ' ADMIN@Doorstep.test ', 'Admin@doorstep.TEST'],
      { Password: 'wrong-password-1' },
    );
    // Refused for the password, then by the account lock (423) after five; never by the rate limit until the 11th.
    for (const s of statuses.slice(0, 10)) expect([401, 423]).toContain(s);
    expect(statuses[10]).toBe(429);
    // The right password is refused too until the window ends: the count belongs to the account.
    const res = await t.api('POST', '/api/adminlogin', {
      body: { UserName: 'admin@doorstep.test', Password: TEST_PASSWORD },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('the staff sign-in by mobile: +91, spaces, a leading 0 or 91 are the same account', async () => {
    const mobile = accountOf('CD').mobileNo;
    const spaced = `${mobile.slice(0, 5)} ${mobile.slice(5)}`;
    const statuses = await attempts(
      '/api/Userlogin',
      'MobileNoOrEmail',
      [mobile, `+91 ${spaced}`, `0${mobile}`, `91${mobile}`, ` ${mobile} `],
      { Password: 'wrong-password-1' },
    );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});

describe('logs hold no credential', () => {
  const lines: string[] = [];
  /** What the app logged until it listened. */
  const startup: string[] = [];
  let url: string;
  let close: () => Promise<void>;
  let db: Awaited<ReturnType<typeof openDatabase>>['db'];

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-logs-'));
    const database = await openDatabase({ dataDir: null });
    await database.migrate();
    await seedReference(database.db);
    await seedDemo(database.db, TEST_PASSWORD);
    db = database.db;
    // The default configuration (LOG_LEVEL info), with the log captured instead of written to stdout.
    const config = { ...loadConfig({}), dataDir, serveClient: false, rateLimits: false };
    expect(config.logLevel).toBe('info');
    const app = await buildApp(config, database, { logStream: { write: (line: string) => lines.push(line) } });
    app.get('/api/zz-fails', async () => {
      // A failure whose details carry a request's fields, as a database error's parameters would.
      throw Object.assign(new Error('insert failed'), { params: ['otp-in-params'], body: { Password: 'pw-in-err' } });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    startup.push(...lines);
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    close = async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close?.());

  it('start-up logs no warning (every media type of the contract has a parser, even those only answered)', () => {
    expect(startup.length).toBeGreaterThan(0);
    const warnings = startup.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 40);
    expect(warnings.map((w) => w.msg)).toEqual([]);
  });

  async function call(method: string, p: string, body?: unknown, token?: string) {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(url + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  }

  it('a full sign-in, OTP, reset and change-password run logs one line per request and none of its secrets', async () => {
    const admin = accountOf('A');
    const staff = accountOf('AC');
    const secrets = [TEST_PASSWORD];
    let requests = 0;
    const step = async (method: string, p: string, body?: unknown, token?: string) => {
      requests++;
      return call(method, p, body, token);
    };

    const adminIn = await step('POST', '/api/adminlogin', { UserName: admin.email, Password: TEST_PASSWORD });
    expect(adminIn.status).toBe(200);
    secrets.push(adminIn.body.data.Token);
    expect((await step('GET', '/api/Auth/Me', undefined, adminIn.body.data.Token)).status).toBe(200);
    // Credentials where they do not belong (query string) and a refused sign-in are logged without them.
    expect(
      (
        await step('POST', '/api/adminlogin?Password=query-secret-1&access_token=query-token-1', {
          UserName: admin.email,
          Password: 'wrong-secret-1',
        })
      ).status,
    ).toBe(401);
    secrets.push('query-secret-1', 'query-token-1', 'wrong-secret-1');

    expect((await step('POST', '/api/Common/SendOtp', { Role: 'AC', Phone: staff.mobileNo })).status).toBe(200);
    const [sent] = await db
      .select({ body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, staff.mobileNo))
      .orderBy(desc(notificationOutbox.id))
      .limit(1);
    const otp = sent.body.match(/\b(\d{6})\b/)![1];
    secrets.push(otp);
    const reset = 'Reset-pass-2026';
    secrets.push(reset);
    expect(
      (
        await step('PUT', '/api/Common/ForgotPasswordAll', {
          Role: 'AC',
          Phone: staff.mobileNo,
          Otp: otp,
          NewPass: reset,
        })
      ).status,
    ).toBe(200);

    const staffIn = await step('POST', '/api/Userlogin', { MobileNoOrEmail: staff.mobileNo, Password: reset });
    expect(staffIn.status).toBe(200);
    secrets.push(staffIn.body.data.Token);
    const changed = 'Changed-pass-2026';
    secrets.push(changed);
    expect(
      (
        await step(
          'PUT',
          '/api/Common/ChangePasswordAll',
          { Role: 'AC', Phone: staff.mobileNo, OldPassword: reset, NewPassword: changed },
          staffIn.body.data.Token,
        )
      ).status,
    ).toBe(200);
    // A refused body (too short a new password) is logged without the body.
    const weak = await step('PUT', '/api/Common/ChangePasswordAll', {
      Role: 'AC',
      Phone: staff.mobileNo,
      OldPassword: changed,
      NewPassword: 'weak-secret',
    });
    expect(weak.status).toBeGreaterThanOrEqual(400);
    secrets.push('weak-secret');

    const failed = await step('GET', '/api/zz-fails');
    expect(failed.status).toBe(500);
    const reference = /Reference: (\S+)/.exec(failed.body.detail)![1];
    secrets.push('otp-in-params', 'pw-in-err');

    // Lines are written asynchronously: wait for the last one.
    await expect.poll(() => lines.filter((l) => l.includes('"url":"/api/zz-fails"')).length).toBe(1);
    const log = lines.join('');
    for (const secret of secrets) expect(log, `the log holds ${secret}`).not.toContain(secret);

    const perRequest = lines.map((l) => JSON.parse(l)).filter((l) => typeof l.status === 'number');
    expect(perRequest).toHaveLength(requests);
    // Successful requests: pino's own line format (level, time, pid, hostname), with the request id.
    for (const l of perRequest.filter((x) => x.status < 400)) {
      expect(l).toMatchObject({ level: 30, msg: 'request', pid: process.pid });
      expect(l.reqId).toMatch(/^req-/);
      expect(typeof l.time).toBe('number');
    }
    const refused = perRequest.filter((l) => l.status >= 400 && l.status < 500);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const l of refused) {
      expect(l.level).toBe(40);
      expect(l.reqId).toMatch(/^req-/);
    }
    const failure = perRequest.find((l) => l.status === 500);
    expect(failure.level).toBe(50);
    expect(failure.reqId).toBe(reference);
    expect(failure.err.message).toBe('insert failed');
  });
});
