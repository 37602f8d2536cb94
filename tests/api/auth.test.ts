import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox, sessions, users } from '../../server/db/schema';
import { accountOf, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const GENERIC = 'The mobile number, e-mail or password is not correct.';

async function latestOtp(mobileNo: string) {
  const [row] = await t.db
    .select({ body: notificationOutbox.body })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.recipient, mobileNo))
    .orderBy(desc(notificationOutbox.id))
    .limit(1);
  return row?.body.match(/\b(\d{6})\b/)?.[1];
}

describe('admin and staff sign-in', () => {
  it('the admin signs in by e-mail and by mobile number and gets the user record', async () => {
    for (const UserName of ['admin@doorstep.test', 'ADMIN@doorstep.test', '9000000001']) {
      const res = await t.api('POST', '/api/adminlogin', { body: { UserName, Password: TEST_PASSWORD } });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('true');
      expect(res.body.data.Token).toMatch(/^[\w-]{40,}$/);
      expect(res.body.data.User).toMatchObject({ Role: 'A', Email: 'admin@doorstep.test', MobileNo: '9000000001' });
      expect(JSON.stringify(res.body)).not.toMatch(/hash|argon/i);
    }
  });

  it('wrong credentials get one generic message, whether or not the account exists', async () => {
    const wrongPassword = await t.api('POST', '/api/adminlogin', {
      body: { UserName: 'admin@doorstep.test', Password: 'nope-nope' },
    });
    const noAccount = await t.api('POST', '/api/adminlogin', {
      body: { UserName: 'ghost@x.in', Password: 'nope-nope' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(noAccount.status).toBe(401);
    expect(wrongPassword.body.detail).toBe(GENERIC);
    expect(noAccount.body.detail).toBe(GENERIC);
  });

  it('each area only takes its own accounts', async () => {
    const staffAtAdmin = await t.api('POST', '/api/adminlogin', {
      body: { UserName: 'hr@doorstep.test', Password: TEST_PASSWORD },
    });
    expect(staffAtAdmin.status).toBe(401);
    const adminAtStaff = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: '9000000001', Password: TEST_PASSWORD },
    });
    expect(adminAtStaff.status).toBe(401);
    for (const role of ['CD', 'TE', 'IM', 'VE', 'HR', 'MR', 'AC', 'Cust'] as const) {
      const a = accountOf(role);
      const res = await t.api('POST', '/api/Userlogin', {
        body: {
          MobileNoOrEmail: a.email,
          Password: TEST_PASSWORD,
          Device: 'Web',
          lattitude: '12.9',
          longitude: '77.6',
        },
      });
      expect(res.status, role).toBe(200);
      expect(res.body.data.User.Role).toBe(role);
    }
  });

  it('routing is case-insensitive and the reply is the envelope', async () => {
    const res = await t.api('POST', '/api/ADMINLOGIN', {
      body: { UserName: 'admin@doorstep.test', Password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'message', 'status']);
  });

  it('five failed attempts lock the account and the reply says so', async () => {
    const a = accountOf('MR');
    for (let i = 0; i < 4; i++) {
      const res = await t.api('POST', '/api/Userlogin', { body: { MobileNoOrEmail: a.mobileNo, Password: 'wrong-1' } });
      expect(res.status).toBe(401);
    }
    const fifth = await t.api('POST', '/api/Userlogin', { body: { MobileNoOrEmail: a.mobileNo, Password: 'wrong-1' } });
    expect(fifth.status).toBe(423);
    expect(fifth.body.detail).toMatch(/locked until/);
    const right = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: a.mobileNo, Password: TEST_PASSWORD },
    });
    expect(right.status).toBe(423);
    await t.db.update(users).set({ lockedUntil: null }).where(eq(users.mobileNo, a.mobileNo));
    const after = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: a.mobileNo, Password: TEST_PASSWORD },
    });
    expect(after.status).toBe(200);
  });
});

describe('sessions', () => {
  it('me answers the signed-in user; logout revokes the token', async () => {
    const login = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: '9000000002', Password: TEST_PASSWORD },
    });
    const token = login.body.data.Token;
    const me = await t.api('GET', '/api/Auth/Me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({
      Id: expect.any(Number),
      FullName: accountOf('CD').fullName,
      Email: 'calldesk@doorstep.test',
      Role: 'CD',
      Phone: '9000000002',
      MobileNo: '9000000002',
      MustChangePassword: false,
    });
    expect((await t.api('POST', '/api/Auth/Logout', { token })).status).toBe(200);
    const after = await t.api('GET', '/api/Auth/Me', { token });
    expect(after.status).toBe(401);
    expect(after.body.detail).toMatch(/session has ended/);
  });

  it('an expired session is refused', async () => {
    const login = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: '9000000004', Password: TEST_PASSWORD },
    });
    await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect((await t.api('GET', '/api/Auth/Me', { token: login.body.data.Token })).status).toBe(401);
  });

  it('tokens are stored hashed', async () => {
    const login = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: '9000000006', Password: TEST_PASSWORD },
    });
    const rows = await t.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.h === login.body.data.Token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.h))).toBe(true);
  });
});

describe('customer signup', () => {
  const base = {
    fullName: 'Riya Sharma',
    mobileNo: '9812345670',
    email: 'riya@example.in',
    city: 'Bengaluru',
    pinCode: '560038',
    password: 'riya-secret-1',
  };

  it('creates a customer in the zone that serves the pincode, who can then sign in', async () => {
    const res = await t.api('POST', '/api/Customer/Signup', { body: base });
    expect(res.status).toBe(201);
    expect(res.body.data.ZoneId).toEqual(expect.any(Number));
    expect(res.body.data.ReferralCode).toMatch(/^RIYA\d{4}$/);
    const login = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: 'riya@example.in', Password: 'riya-secret-1' },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.User).toMatchObject({ Role: 'Cust', FullName: 'Riya Sharma' });
  });

  it('a taken mobile number or e-mail is a 409 naming the field', async () => {
    const mobile = await t.api('POST', '/api/Customer/Signup', { body: { ...base, email: 'other@example.in' } });
    expect(mobile.status).toBe(409);
    expect(mobile.body.errors[0].field).toBe('mobileNo');
    const email = await t.api('POST', '/api/Customer/Signup', {
      body: { ...base, mobileNo: '9812345671', email: 'RIYA@example.in' },
    });
    expect(email.status).toBe(409);
    expect(email.body.errors[0].field).toBe('email');
  });

  it('a referral code must exist; a good one links the referrer', async () => {
    const bad = await t.api('POST', '/api/Customer/Signup', {
      body: { ...base, mobileNo: '9812345672', email: 'a2@example.in', referral: 'NOPE0000' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('referral');
    const good = await t.api('POST', '/api/Customer/Signup', {
      body: { ...base, mobileNo: '9812345673', email: 'a3@example.in', referral: 'kavy2026' },
    });
    expect(good.status).toBe(201);
  });

  it('an unknown zone is refused by name', async () => {
    const res = await t.api('POST', '/api/Customer/Signup', {
      body: { ...base, mobileNo: '9812345674', email: 'a4@example.in', zoneId: 99999 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('zoneId');
  });
});

describe('forgot and change password', () => {
  it('a real OTP resets the password once; other sessions end', async () => {
    const a = accountOf('AC');
    const old = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: a.mobileNo, Password: TEST_PASSWORD },
    });
    const send = await t.api('POST', '/api/Common/SendOtp', { body: { Role: 'AC', Phone: a.mobileNo } });
    expect(send.status).toBe(200);
    const code = await latestOtp(a.mobileNo);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await t.api('PUT', '/api/Common/ForgotPasswordAll', {
      body: { Role: 'AC', Phone: a.mobileNo, Otp: wrong, NewPass: 'brand-new-pass' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('Otp');
    const good = await t.api('PUT', '/api/Common/ForgotPasswordAll', {
      body: { Role: 'AC', Phone: a.mobileNo, Otp: code, NewPass: 'brand-new-pass' },
    });
    expect(good.status).toBe(200);
    const replay = await t.api('PUT', '/api/Common/ForgotPasswordAll', {
      body: { Role: 'AC', Phone: a.mobileNo, Otp: code, NewPass: 'another-pass-1' },
    });
    expect(replay.status).toBe(400);
    expect((await t.api('GET', '/api/Auth/Me', { token: old.body.data.Token })).status).toBe(401);
    const login = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: a.mobileNo, Password: 'brand-new-pass' },
    });
    expect(login.status).toBe(200);
  });

  it('an OTP dies after five wrong attempts; unknown accounts get the same answer', async () => {
    const a = accountOf('IM');
    await t.api('POST', '/api/Common/SendOtp', { body: { Role: 'IM', Phone: a.email } });
    const code = await latestOtp(a.mobileNo);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await t.api('PUT', '/api/Common/ForgotPasswordAll', {
        body: { Role: 'IM', Phone: a.mobileNo, Otp: wrong, NewPass: 'brand-new-pass' },
      });
    }
    const late = await t.api('PUT', '/api/Common/ForgotPasswordAll', {
      body: { Role: 'IM', Phone: a.mobileNo, Otp: code, NewPass: 'brand-new-pass' },
    });
    expect(late.status).toBe(400);
    const ghost = await t.api('POST', '/api/Common/SendOtp', { body: { Role: 'IM', Phone: '9999999999' } });
    const real = await t.api('POST', '/api/Common/SendOtp', { body: { Role: 'IM', Phone: a.mobileNo } });
    expect(ghost.body).toEqual(real.body);
  });

  it('change password: only your own, old password checked, other sessions end', async () => {
    const a = accountOf('TE');
    const one = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: a.mobileNo, Password: TEST_PASSWORD },
    });
    const two = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: a.mobileNo, Password: TEST_PASSWORD },
    });
    const token = one.body.data.Token;
    const other = await t.api('PUT', '/api/Common/ChangePasswordAll', {
      token,
      body: { Role: 'HR', Phone: accountOf('HR').mobileNo, OldPassword: TEST_PASSWORD, NewPassword: 'hijack-hijack' },
    });
    expect(other.status).toBe(403);
    const wrongOld = await t.api('PUT', '/api/Common/ChangePasswordAll', {
      token,
      body: { Role: 'TE', Phone: a.mobileNo, OldPassword: 'not-it-at-all', NewPassword: 'fresh-pass-22' },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.errors[0].field).toBe('OldPassword');
    const ok = await t.api('PUT', '/api/Common/ChangePasswordAll', {
      token,
      body: { Role: 'TE', Phone: a.mobileNo, OldPassword: TEST_PASSWORD, NewPassword: 'fresh-pass-22' },
    });
    expect(ok.status).toBe(200);
    expect((await t.api('GET', '/api/Auth/Me', { token })).status).toBe(200);
    expect((await t.api('GET', '/api/Auth/Me', { token: two.body.data.Token })).status).toBe(401);
  });
});

describe('one-time passwords', () => {
  it('an account with a one-time password can do nothing but change it', async () => {
    const a = accountOf('HR');
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.mobileNo, a.mobileNo));
    const login = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: a.mobileNo, Password: TEST_PASSWORD },
    });
    const token = login.body.data.Token;
    expect(login.body.data.User.MustChangePassword).toBe(true);
    const refused = await t.api('GET', '/api/GetAllRole', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.title).toBe('Password change required');
    expect((await t.api('GET', '/api/Auth/Me', { token })).status).toBe(200);
    const changed = await t.api('PUT', '/api/Common/ChangePasswordAll', {
      token,
      body: { Role: 'HR', Phone: a.mobileNo, OldPassword: TEST_PASSWORD, NewPassword: 'my-own-pass-9' },
    });
    expect(changed.status).toBe(200);
    expect((await t.api('GET', '/api/GetAllRole', { token })).status).toBe(200);
  });
});

describe('headers, errors and rate limits', () => {
  it('sends security headers and never leaks internals', async () => {
    const res = await t.api('GET', '/api/GetAllState');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBeTruthy();
    const missing = await t.api('GET', '/api/NoSuchThing');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
  });

  it('limits login attempts per account and address', async () => {
    const limited = await (await import('../support/server')).startTestServer({ rateLimits: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await limited.api('POST', '/api/Userlogin', {
          body: { MobileNoOrEmail: 'nobody@x.in', Password: 'whatever' },
        });
        statuses.push(res.status);
        if (res.status === 429) expect(res.body.detail).toMatch(/Too many attempts/);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
