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

// The session machine's generated paths, walked through the real admin pages in Chromium.
describe.skipIf(!chromiumPath)('session machine through the real pages', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    browser = await launch();
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
      const page = await browser.context.newPage();
      let signedInToken: string | null = null;
      let loggedOutWith: string | null = null;
      const checked: unknown[] = [];
      try {
        await page.goto(`${t.url}/Admin`);
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
      } finally {
        await page.close();
      }
    });
  }
});
