import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/plugins/auth';
import { SESSION_ENDED, sessionMachine } from '../../src/machines/session/session.machine';
import { sessionModel, sessionPaths } from '../../src/machines/session/session.model';
import { chromiumPath, launch, signIn, signOutViaProfile, waitForPath } from '../support/browser';
import { uncovered } from '../support/model';
import { accountOf, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server';

type StateChecks = Record<string, (state: any) => Promise<void>>;
/** Records each state checked, so a path whose state has no check cannot pass silently. */
function checkedBy(checked: unknown[], checks: StateChecks): StateChecks {
  return Object.fromEntries(
    Object.entries(checks).map(([key, check]) => [
      key,
      async (state: { value: unknown }) => {
        await check(state);
        checked.push(state.value);
      },
    ]),
  );
}

// The session machine's generated paths, walked through the real admin pages in Chromium, in one tab (a second one signs
// in for SIGNED_IN). Each path starts signed out on the admin sign-in page with no error or notice, and checks
// that first. The session is the browser's HttpOnly cookie, and who holds it is in localStorage (decision 043); an error
// or a notice lives in the tab's memory, where only a sign-in (a step of a path) clears it: so after a path that ends
// signed out without either, the next one reaches the sign-in page by the footer's link; after any other, by a load.
describe.skipIf(!chromiumPath)('session machine through the real pages', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let page: Page;
  /** The last path walked to its end in a state a fresh load starts in: signed out, no error, no notice. */
  let leftClean = false;
  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    browser = await launch();
    page = await browser.context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const paths = sessionPaths();
  it('the paths cover every state and transition', () => {
    expect(uncovered(sessionMachine, paths)).toEqual({ states: [], transitions: [] });
  });

  const admin = accountOf('A');
  /** The session cookie's token, as the browser holds it (no script of the page can read it). */
  const cookieToken = async () =>
    (await browser.context.cookies(t.url)).find((c) => c.name === SESSION_COOKIE)?.value ?? null;
  const storedUser = (page: Page) => page.evaluate(() => localStorage.getItem('doorstep.session'));
  const pathOf = (page: Page) => new URL(page.url()).pathname;

  for (const path of paths) {
    it(path.description, async () => {
      let signedInToken: string | null = null;
      let loggedOutWith: string | null = null;
      const checked: unknown[] = [];
      const fromClean = leftClean;
      let walked = false;
      try {
        if (fromClean) await page.getByRole('link', { name: 'Staff: admin sign in' }).click();
        else {
          // The last path may have ended signed in: that session ends, and the browser forgets it, before the load.
          const left = await cookieToken();
          if (left) expect((await t.api('POST', '/api/Auth/Logout', { token: left })).status).toBe(200);
          await browser.context.clearCookies();
          if (page.url().startsWith(t.url)) await page.evaluate(() => localStorage.clear());
          await page.goto(`${t.url}/Admin`);
        }
        // The start a fresh load of the sign-in page shows: signed out, an empty form, no notice, no error.
        await expect.poll(() => pathOf(page)).toBe('/Admin');
        await expect.poll(() => page.getByLabel('E-mail or mobile number').inputValue()).toBe('');
        expect(await cookieToken()).toBeNull();
        expect(await storedUser(page)).toBeNull();
        expect(await page.getByText(SESSION_ENDED).count()).toBe(0);
        expect(await page.getByRole('alert').count()).toBe(0);
        await sessionModel.testPath(path, {
          states: checkedBy(checked, {
            signedOut: async (state) => {
              // The server dropped the cookie (logout, or the 401 that told the page its session had ended).
              await expect.poll(cookieToken).toBeNull();
              expect(await storedUser(page)).toBeNull();
              if (state.context.error) {
                await expect.poll(() => page.getByText(state.context.error!).isVisible()).toBe(true);
              } else if (state.context.notice) {
                await expect.poll(() => pathOf(page)).toBe('/Admin');
                await expect.poll(() => page.getByText(SESSION_ENDED).isVisible()).toBe(true);
              } else {
                await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).first().isVisible()).toBe(true);
              }
            },
            signingIn: async () => {
              // On the sign-in form with the identifier entered, and not signed in yet.
              await expect.poll(() => pathOf(page)).toBe('/Admin');
              await expect.poll(() => page.getByLabel('E-mail or mobile number').inputValue()).toBe(admin.email);
              await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
              expect(await cookieToken()).toBeNull();
            },
            signedIn: async () => {
              await expect.poll(() => pathOf(page)).toBe('/Dashboard/AdminDashboard');
              const cookie = (await browser.context.cookies(t.url)).find((c) => c.name === SESSION_COOKIE)!;
              expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });
              // The page knows who is signed in, but neither it nor its storage holds the token.
              expect(await page.evaluate(() => document.cookie)).not.toContain(cookie.value);
              expect(JSON.parse((await storedUser(page))!).user).toMatchObject({ Email: admin.email, Role: 'A' });
              expect(await storedUser(page)).not.toContain(cookie.value);
            },
            signingOut: async () => {
              // The page asked the server to end this session, with its own cookie, and the server ended it.
              expect(signedInToken).not.toBeNull();
              expect(loggedOutWith).toContain(`${SESSION_COOKIE}=${signedInToken}`);
              expect((await t.api('GET', '/api/Auth/Me', { token: signedInToken })).status).toBe(401);
            },
          }),
          events: {
            LOGIN: async () => {
              await page.getByLabel('E-mail or mobile number').fill(admin.email);
            },
            LOGIN_SUCCEEDED: async () => {
              await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
              await page.getByRole('button', { name: 'Sign in' }).click();
            },
            SIGNED_IN: async () => {
              expect(pathOf(page)).toBe('/Admin');
              const other = await browser.context.newPage();
              try {
                await signIn(other, t.url, 'A');
                await waitForPath(other, '/Dashboard/AdminDashboard');
              } finally {
                await other.close();
              }
              // This tab learns of it without a load: its sign-in page now says who is signed in.
              await expect.poll(() => page.getByText(`You are signed in as ${admin.fullName}`).isVisible()).toBe(true);
              await page.getByRole('button', { name: 'Go to my dashboard' }).click();
            },
            LOGIN_FAILED: async () => {
              await page.getByLabel('Password', { exact: true }).fill('not-the-password');
              await page.getByRole('button', { name: 'Sign in' }).click();
            },
            LOGOUT: async () => {
              signedInToken = await cookieToken();
              await page.getByRole('button', { name: new RegExp(admin.fullName) }).click();
              const [request] = await Promise.all([
                page.waitForRequest((r) => new URL(r.url()).pathname === '/api/Auth/Logout'),
                page.getByRole('menuitem', { name: 'Logout' }).click(),
              ]);
              loggedOutWith = (await request.allHeaders()).cookie ?? null;
              await request.response();
            },
            LOGGED_OUT: async () => {
              await expect.poll(() => pathOf(page)).toBe('/');
            },
            EXPIRED: async () => {
              // The token is revoked behind the page's back. The open page finds out by itself: its live stream
              // ends (or is refused) and the refetch meets the 401. A reload here would race that and wipe the notice.
              expect((await t.api('POST', '/api/Auth/Logout', { token: await cookieToken() })).status).toBe(200);
            },
          },
        });
        // Every state the path passes through, the last included, was checked on the page.
        expect(checked).toEqual(path.steps.map((step) => step.state.value));
        walked = true;
      } finally {
        // A path that stopped part way leaves the tab as it may: the next one starts from a load.
        const { value, context } = path.state;
        leftClean = walked && value === 'signedOut' && context.error === null && context.notice === null;
      }
    });
  }
});

// The session is the browser's, not a tab's (decision 043): it outlives the tab and the browser, and ends everywhere.
describe.skipIf(!chromiumPath)('one sign-in for the whole browser', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let restarted: Awaited<ReturnType<typeof launch>> | undefined;
  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    browser = await launch();
  });
  afterAll(async () => {
    await restarted?.close();
    await browser?.close();
    await t?.close();
  });
  const admin = accountOf('A');
  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const signedInAs = (page: Page) => page.getByRole('button', { name: new RegExp(admin.fullName) }).isVisible();

  it('a new tab and a restarted browser open signed in; a sign-out in one tab ends it in every other', async () => {
    const first = await browser.context.newPage();
    await signIn(first, t.url, 'A');
    await waitForPath(first, '/Dashboard/AdminDashboard');
    // It expires with the session (12 hours), not when the browser closes.
    const cookie = (await browser.context.cookies(t.url)).find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.expires * 1000).toBeGreaterThan(Date.now() + 11.9 * 3600_000);

    const second = await browser.context.newPage();
    await second.goto(`${t.url}/Dashboard/AdminDashboard`);
    await expect.poll(() => signedInAs(second)).toBe(true);

    // A restart: a browser with the cookies and storage this one keeps on disk.
    restarted = await launch({ storageState: await browser.context.storageState() });
    const later = await restarted.context.newPage();
    await later.goto(`${t.url}/Dashboard/AdminDashboard`);
    await expect.poll(() => signedInAs(later)).toBe(true);

    // Signing out in the first tab ends the session on the server and in the second tab at once, without a load.
    await signOutViaProfile(first, admin.fullName);
    await expect.poll(() => pathOf(second)).toBe('/Admin');
    await expect.poll(() => second.getByText(SESSION_ENDED).isVisible()).toBe(true);
    // The restarted browser's copy of the cookie is dead too: opening the page finds it out.
    await later.reload();
    await expect.poll(() => pathOf(later)).toBe('/Admin');
    expect((await restarted.context.cookies(t.url)).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });
});
