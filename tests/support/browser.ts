import type { BrowserContext, Locator, Page } from 'playwright-core';
import { type ExpectStatic, expect as globalExpect } from 'vitest';
import type { RoleCode } from '../../server/http';
import { chromiumPath, launch, noChromiumReason } from './chromium';
import { accountOf, TEST_PASSWORD } from './server';

export { chromiumPath, launch, noChromiumReason } from './chromium';

if (!chromiumPath) {
  // CI installs Chromium, so there a missing browser is a failure, never a silent skip.
  if (process.env.REQUIRE_E2E) throw new Error(`End-to-end tests cannot run: ${noChromiumReason}`);
  console.warn(`End-to-end tests skipped: ${noChromiumReason}`);
}

/** Signs a demo account in through the real login page. */
export async function signIn(page: Page, base: string, role: RoleCode, password = TEST_PASSWORD) {
  const a = accountOf(role);
  // Up to 30 s for the page's 'load': it passed 15 s once on a saturated CI machine, with the roles test's pages
  // loading side by side.
  await page.goto(`${base}${role === 'A' ? '/Admin' : '/Auth'}`, { timeout: 30_000 });
  await page
    .getByLabel(role === 'A' ? 'E-mail or mobile number' : 'Mobile number or e-mail')
    .fill(role === 'A' ? a.email : a.mobileNo);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A browser of its own for each person of a test file: the session is the browser's cookie (decision 043), so two
 * accounts at work side by side, or a visitor beside a signed-in user, are two people's browsers. Each `context()` is a
 * fresh one; `close()` closes them all.
 */
export function browserPerPerson() {
  const opened: Awaited<ReturnType<typeof launch>>[] = [];
  return {
    async context(): Promise<BrowserContext> {
      const b = await launch();
      opened.push(b);
      return b.context;
    },
    close: async () => {
      await Promise.all(opened.splice(0).map((b) => b.close()));
    },
  };
}

/** A new tab of `context` with the admin signed in through the real login page, on the admin dashboard. */
export async function adminTab(context: BrowserContext, base: string): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, base, 'A');
  await waitForPath(page, '/Dashboard/AdminDashboard');
  return page;
}

/** Waits until the page shows `pathname`; usable in hooks, where expect.poll is not. */
export async function waitForPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Signs out through the profile menu; a concurrent test passes its own `expect`. */
export async function signOutViaProfile(page: Page, fullName: string, expect: ExpectStatic = globalExpect) {
  await page.getByRole('button', { name: new RegExp(fullName) }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
}

/**
 * Picks a state, then a city of it, in a form's two drop-downs ("State", "City"): each waits for its option, since
 * the states load with the form and the cities only once a state is chosen.
 */
export async function chooseStateAndCity(
  form: Locator,
  state: string,
  city: string,
  expect: ExpectStatic = globalExpect,
) {
  await expect
    .poll(() =>
      form
        .getByLabel(/^State/)
        .locator('option')
        .allTextContents(),
    )
    .toContain(state);
  await form.getByLabel(/^State/).selectOption({ label: state });
  await expect.poll(() => form.getByLabel(/^City/).locator('option').allTextContents()).toContain(city);
  await form.getByLabel(/^City/).selectOption({ label: city });
}

/**
 * Closes a radix dialog or sheet with Escape, as a keyboard user does. radix listens for Escape only once a new layer
 * has rendered as the top one, a render after it appears; a key pressed in that frame goes to the layer below (a
 * toast still shown) or nowhere. So Escape is pressed again until the layer is gone, and it must go within the poll.
 */
export async function closeWithEscape(page: Page, layer: Locator, expect: ExpectStatic = globalExpect) {
  await expect
    .poll(async () => {
      if ((await layer.count()) > 0) await page.keyboard.press('Escape');
      return layer.count();
    })
    .toBe(0);
}
