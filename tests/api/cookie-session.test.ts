import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { cities, notificationOutbox, sessions, states } from '../../server/db/schema';
import { hashToken, SESSION_COOKIE } from '../../server/plugins/auth';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { accountOf, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server';

// The browser's session lives in an HttpOnly cookie; API clients keep the bearer token (decision 043).
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const admin = accountOf('A');
const adminLogin = { UserName: admin.email, Password: TEST_PASSWORD };
/** A public read that staff answer for themselves (they may see inactive categories). */
const READ = '/api/Common/GetAllCategory?pageSize=50';

/** Signs the admin in as the browser does (from our own page) and answers the cookie it was given. */
async function browserSignIn(headers: Record<string, string> = { origin: t.url }) {
  const res = await t.api('POST', '/api/adminlogin', { body: adminLogin, headers });
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { token: res.body.data.Token as string, setCookie, cookie: setCookie.split(';')[0]! };
}

describe('the session cookie', () => {
  it('a sign-in sets an HttpOnly, SameSite=Lax cookie holding the token, for as long as the session', async () => {
    const { token, setCookie, cookie } = await browserSignIn();
    expect(cookie).toBe(`${SESSION_COOKIE}=${token}`);
    const attrs = setCookie.split(';').map((a) => a.trim().toLowerCase());
    expect(attrs).toEqual(expect.arrayContaining(['path=/', 'httponly', 'samesite=lax', 'max-age=43199']));
    // Served on 127.0.0.1 (plain HTTP on this machine): not Secure, or the browser would never send it back.
    expect(attrs).not.toContain('secure');
    // The cookie alone is a sign-in.
    const me = await t.api('GET', '/api/Auth/Me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ Role: 'A', Email: admin.email });
  });

  it('the customer door sets the cookie too', async () => {
    const c = accountOf('Cust');
    const res = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: c.mobileNo, Password: TEST_PASSWORD },
      headers: { origin: t.url },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=${res.body.data.Token};`);
  });

  it('is Secure when the site is not served from this machine, unless configured otherwise', async () => {
    const signIn = async (secure: 'auto' | 'on' | 'off') => {
      t.app.config.sessionCookieSecure = loadConfig({ SESSION_COOKIE_SECURE: secure }).sessionCookieSecure;
      try {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/adminlogin',
          headers: { host: 'doorstep.example', origin: 'https://doorstep.example' },
          payload: adminLogin,
        });
        expect(res.statusCode).toBe(200);
        return String(res.headers['set-cookie']);
      } finally {
        t.app.config.sessionCookieSecure = 'auto';
      }
    };
    expect(await signIn('auto')).toMatch(/; Secure$/);
    expect(await signIn('on')).toMatch(/; Secure$/);
    expect(await signIn('off')).not.toMatch(/Secure/);
    expect(() => loadConfig({ SESSION_COOKIE_SECURE: 'yes' })).toThrow(/SESSION_COOKIE_SECURE must be auto, on or off/);
  });

  it('a page of another site cannot sign the browser in; an API client (no Origin) can', async () => {
    const foreign = await t.api('POST', '/api/adminlogin', {
      body: adminLogin,
      headers: { origin: 'https://evil.test' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors).toEqual([{ field: 'origin', message: 'must be this site' }]);
    expect(foreign.headers.get('set-cookie')).toBeNull();
    const apiClient = await t.api('POST', '/api/adminlogin', { body: adminLogin });
    expect(apiClient.status).toBe(200);
    expect(apiClient.body.data.Token).toMatch(/^[\w-]{40,}$/);
  });
});

describe('a sign-up signs the customer in', () => {
  const body = {
    fullName: 'Meera Iyer',
    mobileNo: '9812340044',
    email: 'meera.iyer@example.in',
    city: 'Bengaluru',
    pinCode: '560038',
    password: 'meera-secret-1',
  };

  it('the reply sets the session cookie and carries the token and the user, as a sign-in does', async () => {
    const res = await t.api('POST', '/api/Customer/Signup', { body, headers: { origin: t.url } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Your account is ready, and you are signed in.');
    expect(res.body.data).toMatchObject({ User: { Role: 'Cust', FullName: 'Meera Iyer', MobileNo: body.mobileNo } });
    expect(res.body.data.User.Id).toBe(res.body.data.Id);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toContain(`${SESSION_COOKIE}=${res.body.data.Token};`);
    expect(setCookie).toMatch(/HttpOnly; SameSite=Lax/);
    const cookie = setCookie.split(';')[0]!;
    const me = await t.api('GET', '/api/Auth/Me', { headers: { cookie } });
    expect(me.body.data).toMatchObject({ Role: 'Cust', Email: body.email });
    // The bearer token of the same session serves an API client.
    expect((await t.api('GET', '/api/Auth/Me', { token: res.body.data.Token })).status).toBe(200);
  });

  it('a page of another site cannot sign a browser up (and so in): refused, and no account made', async () => {
    const before = await tableCounts(t.db);
    const res = await t.api('POST', '/api/Customer/Signup', {
      body: { ...body, mobileNo: '9812340045', email: 'other.meera@example.in' },
      headers: { origin: 'https://evil.test' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('changes a cookie authorises', () => {
  it('must come from our own pages', async () => {
    const { cookie, token } = await browserSignIn();
    const add = (headers: Record<string, string>, name: string, raw = false) =>
      t.api('POST', '/api/Common/AddCategory', {
        headers: { cookie, ...headers },
        ...(raw ? { rawBody: JSON.stringify({ categoryName: name }) } : { body: { categoryName: name } }),
      });
    const noOrigin = await add({}, 'Cookie check none');
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.body).toMatchObject({
      detail: 'This change must be made from a Doorstep page.',
      errors: [{ field: 'origin', message: 'must be this site' }],
    });
    expect((await add({ origin: 'https://evil.test' }, 'Cookie check evil')).status).toBe(403);
    // What a cross-site form can send: text/plain, refused from anyone (plugins/input.ts).
    const form = await add({ origin: t.url, 'content-type': 'text/plain' }, 'Cookie check form', true);
    expect(form.status).toBe(415);
    expect(form.body.errors).toEqual([{ field: 'content-type', message: 'must be application/json' }]);
    // None of the refused ones was made.
    const names = async () =>
      (await t.api('GET', READ, { token })).body.data.items.map((c: { categoryName: string }) => c.categoryName);
    expect(await names()).not.toEqual(expect.arrayContaining([expect.stringMatching(/^Cookie check/)]));
    // From our page, as JSON: made.
    expect((await add({ origin: t.url }, 'Cookie check ours')).status).toBe(201);
    expect(await names()).toContain('Cookie check ours');
  });

  it('a bearer token needs no Origin: only a script that holds it can send it', async () => {
    const token = await t.tokenFor('A');
    for (const headers of [{}, { origin: 'https://elsewhere.test' }] as Record<string, string>[]) {
      const res = await t.api('POST', '/api/Common/AddCategory', {
        token,
        headers,
        body: { categoryName: `Bearer ${Object.keys(headers).length}` },
      });
      expect(res.status).toBe(201);
    }
  });

  it('reads need no Origin: a cookie-authorised GET is answered', async () => {
    const { cookie } = await browserSignIn();
    expect((await t.api('GET', '/api/Auth/Me', { headers: { cookie } })).status).toBe(200);
  });
});

describe('the end of a cookie session', () => {
  it('logout revokes the session and clears the cookie; a dead cookie is cleared when sent', async () => {
    const { cookie } = await browserSignIn();
    const out = await t.api('POST', '/api/Auth/Logout', { headers: { cookie, origin: t.url } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly`));
    const after = await t.api('GET', '/api/Auth/Me', { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(after.body.detail).toBe('Your session has ended. Please sign in again.');
    expect(after.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=; Path=/; Max-Age=0`));
    // A visitor's read with the dead cookie is answered as a visitor's.
    expect((await t.api('GET', READ, { headers: { cookie } })).status).toBe(200);
  });

  it('a logout from another site is refused and the session lives on', async () => {
    const { cookie } = await browserSignIn();
    expect((await t.api('POST', '/api/Auth/Logout', { headers: { cookie } })).status).toBe(403);
    expect((await t.api('GET', '/api/Auth/Me', { headers: { cookie } })).status).toBe(200);
  });
});

describe('expiry and revocation, with cookies', () => {
  /** A customer of their own (passwords change here), signed in as a browser: the cookie. */
  async function customerBrowser() {
    const c = await factories(t).customer();
    const res = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: c.mobileNo, Password: c.password },
      headers: { origin: t.url },
    });
    expect(res.status).toBe(200);
    return { ...c, cookie: res.headers.get('set-cookie')!.split(';')[0]!, token: res.body.data.Token as string };
  }
  const meWith = (cookie: string) => t.api('GET', '/api/Auth/Me', { headers: { cookie } });

  it('an expired session is refused and its cookie cleared', async () => {
    const c = await customerBrowser();
    // Expired before the cookie was ever used (a used session is remembered for up to 10 s, plugins/auth.ts).
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.tokenHash, hashToken(c.token)));
    const me = await meWith(c.cookie);
    expect(me.status).toBe(401);
    expect(me.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=; Path=/; Max-Age=0`));
  });

  it("a password change ends the account's other browsers' sessions and keeps this one", async () => {
    const here = await customerBrowser();
    const login = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: here.mobileNo, Password: here.password },
      headers: { origin: t.url },
    });
    const elsewhere = login.headers.get('set-cookie')!.split(';')[0]!;
    const change = await t.api('PUT', '/api/Common/ChangePasswordAll', {
      headers: { cookie: here.cookie, origin: t.url },
      body: { Role: 'Cust', Phone: here.mobileNo, OldPassword: here.password, NewPassword: 'a-new-secret-43' },
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect((await meWith(here.cookie)).status).toBe(200);
    expect((await meWith(elsewhere)).status).toBe(401);
  });

  it('a reset by OTP ends every session of the account, cookies included', async () => {
    const c = await customerBrowser();
    expect((await meWith(c.cookie)).status).toBe(200);
    expect((await t.api('POST', '/api/Common/SendOtp', { body: { Role: 'Cust', Phone: c.mobileNo } })).status).toBe(
      200,
    );
    const [sms] = await t.db
      .select({ body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, c.mobileNo))
      .orderBy(desc(notificationOutbox.id))
      .limit(1);
    const Otp = sms!.body.match(/\b(\d{6})\b/)![1]!;
    const reset = await t.api('PUT', '/api/Common/ForgotPasswordAll', {
      body: { Role: 'Cust', Phone: c.mobileNo, Otp, NewPass: 'reset-secret-43' },
    });
    expect(reset.status).toBe(200);
    expect((await meWith(c.cookie)).status).toBe(401);
  });

  it('the live stream answers a cookie as it does a bearer token', async () => {
    const c = await customerBrowser();
    const controller = new AbortController();
    const res = await fetch(`${t.url}/api/Live/Stream`, {
      headers: { cookie: c.cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    controller.abort();
    const none = await fetch(`${t.url}/api/Live/Stream`, { headers: { accept: 'text/event-stream' } });
    expect(none.status).toBe(401);
  });
});

describe('the response cache and the cookie', () => {
  it("a signed-in browser's read is its own, never the visitors' cached reply", async () => {
    t.app.responseCache.bump();
    // A visitor's reads fill the cache; the front cache answers the second.
    const visitor = await t.api('GET', READ);
    expect(visitor.headers.get('vary')).toMatch(/Authorization, Cookie/);
    await t.api('GET', READ);
    const { cookie } = await browserSignIn();
    const staff = await t.api('GET', READ, { headers: { cookie } });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('cache-control')).toBe('private, no-store');
    expect(staff.headers.get('etag')).toBeNull();
  });
});

describe('a write reads only application/json', () => {
  it('signup, a cart line, a zone and an account credit sent as text/plain are 415 and write nothing; as JSON, made', async () => {
    const customer = await factories(t).customer();
    const service = await factories(t).service();
    const [place] = await t.db
      .select({ stateId: cities.stateId, cityId: cities.id })
      .from(cities)
      .innerJoin(states, eq(states.id, cities.stateId))
      .where(and(eq(states.name, 'Karnataka'), eq(cities.name, 'Bengaluru')));
    const writes = [
      {
        path: '/api/Customer/Signup',
        token: null,
        body: {
          fullName: 'Plain Text',
          mobileNo: '9812340043',
          email: 'plain.text@example.in',
          city: 'Bengaluru',
          pinCode: '560038',
          password: 'plain-text-1',
        },
      },
      { path: '/api/Cart/AddCart', token: await customer.token(), body: { ServiceId: service.id } },
      {
        path: '/api/Common/AddZone',
        token: await t.tokenFor('A'),
        body: { zoneName: 'Plain text zone', ...place, pinCode: ['560043'] },
      },
      {
        path: '/api/Account/AddMoneyToAccWallet',
        token: await t.tokenFor('AC'),
        body: { TransAmount: 12.5, BankReference: 'UTR 043 PLAIN' },
      },
    ];
    for (const w of writes) {
      const before = await tableCounts(t.db);
      for (const type of ['text/plain', 'text/plain; charset=utf-8']) {
        const res = await t.api('POST', w.path, {
          token: w.token,
          headers: { 'content-type': type },
          rawBody: JSON.stringify(w.body),
        });
        expect(res.status, `${w.path} as ${type}`).toBe(415);
        expect(res.body.errors).toEqual([{ field: 'content-type', message: 'must be application/json' }]);
      }
      expect(await tableCounts(t.db), w.path).toEqual(before);
      // The same body as JSON is a good one: the type alone was refused.
      const made = await t.api('POST', w.path, { token: w.token, body: w.body });
      expect(made.status, `${w.path} as JSON: ${JSON.stringify(made.body)}`).toBeLessThan(300);
    }
  });
});
