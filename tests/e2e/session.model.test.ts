import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED, sessionMachine } from '../../src/machines/session/session.machine';
import { sessionModel, sessionPaths } from '../../src/machines/session/session.model';
import { chromiumPath, launch } from '../support/browser';
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

// The session machine's generated paths, walked through the real admin pages in Chromium, in one tab. Each path starts
// signed out on the admin sign-in page with no error or notice, and checks that first. The session lives in the tab's
// memory, where only a sign-in (a step of a path) clears an error or a notice: so after a path that ends signed out
// without either, the next one reaches the sign-in page by the footer's link; after any other, by a load.
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
  const tokenIn = (page: Page) => page.evaluate(() => sessionStorage.getItem('doorstep.session'));
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
        else await page.goto(`${t.url}/Admin`);
        // The start a fresh load of the sign-in page shows: signed out, an empty form, no notice, no error.
        await expect.poll(() => pathOf(page)).toBe('/Admin');
        await expect.poll(() => page.getByLabel('E-mail or mobile number').inputValue()).toBe('');
        expect(await tokenIn(page)).toBeNull();
        expect(await page.getByText(SESSION_ENDED).count()).toBe(0);
        expect(await page.getByRole('alert').count()).toBe(0);
        await sessionModel.testPath(path, {
          states: checkedBy(checked, {
            signedOut: async (state) => {
              await expect.poll(() => tokenIn(page)).toBeNull();
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
              expect(await tokenIn(page)).toBeNull();
            },
            signedIn: async () => {
              await expect.poll(() => pathOf(page)).toBe('/Dashboard/AdminDashboard');
              await expect.poll(() => tokenIn(page)).not.toBeNull();
            },
            signingOut: async () => {
              // The page asked the server to end this session, with its own token, and the server ended it.
              expect(loggedOutWith).not.toBeNull();
              expect(loggedOutWith).toBe(`Bearer ${signedInToken}`);
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
            LOGIN_FAILED: async () => {
              await page.getByLabel('Password', { exact: true }).fill('not-the-password');
              await page.getByRole('button', { name: 'Sign in' }).click();
            },
            LOGOUT: async () => {
              signedInToken = JSON.parse((await tokenIn(page))!).token;
              await page.getByRole('button', { name: new RegExp(admin.fullName) }).click();
              const [request] = await Promise.all([
                page.waitForRequest((r) => new URL(r.url()).pathname === '/api/Auth/Logout'),
                page.getByRole('menuitem', { name: 'Logout' }).click(),
              ]);
              loggedOutWith = request.headers().authorization ?? null;
              await request.response();
            },
            LOGGED_OUT: async () => {
              await expect.poll(() => pathOf(page)).toBe('/');
            },
            EXPIRED: async () => {
              // The token is revoked behind the page's back. The open page finds out by itself: its live stream
              // ends (or is refused) and the refetch meets the 401. A reload here would race that and wipe the notice.
              const stored = JSON.parse((await tokenIn(page))!);
              expect((await t.api('POST', '/api/Auth/Logout', { token: stored.token })).status).toBe(200);
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
