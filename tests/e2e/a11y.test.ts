import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromePalette, SETTINGS_STORAGE_KEY } from '../../src/ui/palette';
import { axeViolations as violations } from '../support/axe';
import { chromiumPath, closeWithEscape, launch, signIn, waitForPath } from '../support/browser';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

type Mode = { name: string; settings: Record<string, unknown> };
const MODES: Mode[] = [
  { name: 'light', settings: {} },
  { name: 'dark', settings: { theme: 'dark' } },
  { name: 'right-to-left', settings: { direction: 'rtl' } },
];
const COLOURS: Mode[] = chromePalette.map((c) => ({
  name: c.name,
  settings: { topbarColor: c.value, sidebarColor: c.value },
}));

/** Stores the settings for the next page load. */
async function applySettings(page: Page, settings: Record<string, unknown>) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SETTINGS_STORAGE_KEY,
    JSON.stringify(settings),
  ] as const);
}

/** What <html> shows: the theme, the direction and the colour variables set on it. */
const shown = (page: Page) =>
  page.evaluate(() => {
    const html = document.documentElement;
    return { theme: html.dataset.theme, dir: html.dir, style: html.getAttribute('style') ?? '' };
  });

/** <html> shows `settings`, as a page loaded with them would. */
async function expectShown(page: Page, settings: Record<string, unknown>) {
  const now = await shown(page);
  expect({ theme: now.theme, dir: now.dir }).toEqual({
    theme: settings.theme ?? 'light',
    dir: settings.direction ?? 'ltr',
  });
  const colour = settings.topbarColor as string | undefined;
  if (colour) expect(now.style).toContain(colour);
  else expect(now.style).not.toContain('#');
}

/**
 * Changes the settings of the open page as another tab would: the app hears the storage event and applies them
 * (the theme, direction and colours on <html>, and every component reading them re-renders), so one page is
 * checked in several modes without loading it again. Waits for the colour transitions (buttons fade over 120 ms)
 * to end before axe reads any colour.
 */
async function switchSettings(page: Page, settings: Record<string, unknown>) {
  await page.evaluate(
    async ([key, value]) => {
      localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
      await Promise.all(transitions.map((a) => a.finished.catch(() => {})));
    },
    [SETTINGS_STORAGE_KEY, JSON.stringify(settings)] as const,
  );
}

/** axe on `url` in each mode: the page is loaded once, in the first mode, and switched in place to the others. */
async function checkModes(page: Page, url: string, modes: Mode[], label: string) {
  await applySettings(page, modes[0].settings);
  await open(page, url);
  for (const [i, mode] of modes.entries()) {
    if (i > 0) await switchSettings(page, mode.settings);
    await expectShown(page, mode.settings);
    expect(await violations(page), `${mode.name} ${label}`).toEqual([]);
  }
}

/** Opens a page and waits for its main heading (lazy pages and their data arrive after the first paint). */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('h1').first().waitFor();
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

describe.skipIf(!chromiumPath)('accessibility: axe, titles, focus and dialogs', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let page: Page;
  let serviceId = 0;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    serviceId = (await factories(t).service({ heading: 'Sofa deep cleaning' })).id;
    // More categories than one page holds, so the list page scrolls and has a second page.
    for (let i = 0; i < 21; i++) await factories(t).category();
    browser = await launch();
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const publicPages = () => ['/', '/allServices', `/ServicesDetails?id=${serviceId}`, '/Auth', '/Admin', '/SignUp'];

  it('public pages have no axe violations in light, dark and right-to-left', async () => {
    await page.goto(`${t.url}/`);
    for (const path of publicPages()) await checkModes(page, `${t.url}${path}`, MODES, path);
    await applySettings(page, {});
  });

  it('at 390 px a visitor’s pages are no wider than the phone and have no axe violations', async () => {
    // The signed-in customer's pages are checked at 390 px in tests/e2e/customer-phone.test.ts.
    const visitorPages = [
      ...publicPages(),
      '/Services',
      '/NewLaunch',
      '/About',
      '/PrivacyPolicy',
      '/ForgotPassword',
      '/cart',
      '/Coupons',
      '/SubscriptionPlan',
    ];
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const path of visitorPages) {
        await open(page, `${t.url}${path}`);
        const width = await page.evaluate(() => ({
          document: document.documentElement.scrollWidth,
          page: document.documentElement.clientWidth,
        }));
        expect.soft(width.document, path).toBe(width.page);
        expect.soft(await violations(page), `390 px ${path}`).toEqual([]);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  it('every page has its own title', async () => {
    const titles = new Map<string, string>();
    for (const path of publicPages()) {
      await open(page, `${t.url}${path}`);
      titles.set(path, await page.title());
    }
    expect(titles.get('/')).toBe('Doorstep — home services at your door');
    for (const [path, title] of titles) if (path !== '/') expect(title, path).toMatch(/^\S.* · Doorstep$/);
    expect(titles.get('/allServices')).toBe('All services · Doorstep');
    expect(titles.get('/Auth')).toBe('Sign in · Doorstep');
    // A service's page is named after the service, from the route's loader.
    expect(titles.get(`/ServicesDetails?id=${serviceId}`)).toBe('Sofa deep cleaning · Doorstep');
    expect(new Set(titles.values()).size).toBe(titles.size);
  });

  it('a client-side navigation moves focus to the new heading and announces the page; the first load does not', async () => {
    await open(page, `${t.url}/`);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    expect(await page.getByRole('status').filter({ hasText: 'loaded' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await waitForPath(page, '/Auth');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const title = await page.title();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'loaded' }).textContent())
      .toBe(`${title} loaded`);
  });

  it('admin pages have no axe violations with every chrome colour, and at 390 px the row actions stay in view', async () => {
    await signIn(page, t.url, 'A');
    await waitForPath(page, '/Dashboard/AdminDashboard');
    await checkModes(page, `${t.url}/Dashboard/AdminDashboard`, COLOURS, '/Dashboard/AdminDashboard');
    await checkModes(page, `${t.url}/Category/CategoryList`, [...COLOURS, ...MODES], '/Category/CategoryList');
    await checkModes(page, `${t.url}/Category/CategoryAdd`, MODES, '/Category/CategoryAdd');
    await applySettings(page, {});

    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, `${t.url}/Category/CategoryList`);
    const edit = page.getByRole('link', { name: /^Edit / }).first();
    await edit.waitFor();
    const box = await edit.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box)).toBe(true);

    // The sticky top bar does not hide what keyboard focus scrolls to.
    await page.locator('html').evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('searchbox').first().focus();
    const bar = await page.locator('header').first().boundingBox();
    const search = await page.getByRole('searchbox').first().boundingBox();
    expect(bar && search && search.y >= bar.y + bar.height, JSON.stringify({ bar, search })).toBe(true);

    // A toast (after saving a category) leaves the pager reachable: at the end of the page they do not overlap.
    await edit.click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await waitForPath(page, '/Category/CategoryList');
    const toast = page.locator('li', { hasText: /saved|updated/i }).first();
    await toast.waitFor();
    await page.locator('html').evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const pager = await page.getByRole('navigation', { name: /pages$/ }).boundingBox();
    const toastBox = await toast.boundingBox();
    expect(pager && toastBox && !overlaps(pager, toastBox), JSON.stringify({ pager, toastBox })).toBe(true);

    // Paging changes only the search parameters: not a new page, so focus stays on the pager's button.
    const nextPage = page.getByRole('button', { name: /next page/i });
    await nextPage.click();
    await waitForPath(page, '/Category/CategoryList');
    await page.getByText(/Page 2 of 2/).waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('H1');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('the delete dialog gives focus back to the button that opened it', async () => {
    await open(page, `${t.url}/Category/CategoryList`);
    const remove = page.getByRole('button', { name: /^Delete / }).first();
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await remove.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('at 390 px a confirmation is a sheet along the bottom of the screen, its buttons in reach', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await open(page, `${t.url}/Category/CategoryList`);
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished.catch(() => undefined))));
      const box = await dialog.boundingBox();
      expect(box, 'the sheet').toEqual({ x: 0, y: 844 - (box?.height ?? 0), width: 390, height: box?.height });
      expect(box!.height).toBeLessThan(844);
      for (const name of ['Cancel', /^Delete/]) {
        const button = await dialog.getByRole('button', { name }).boundingBox();
        expect(button && button.x >= 0 && button.x + button.width <= 390 && button.y + button.height <= 844).toBe(true);
      }
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  it('the import dialog gives focus back to the button that opened it', async () => {
    await open(page, `${t.url}/Category/CategoryList`);
    const opener = page.getByRole('button', { name: /^Import/ }).first();
    await opener.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await closeWithEscape(page, dialog);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
