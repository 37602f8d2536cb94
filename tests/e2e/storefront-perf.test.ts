import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launch } from '../support/browser';
import { b64, catalogueApi, dataOf, png } from '../support/catalogue';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The public page on a phone and a laptop: the banner that paints first is eager and high priority, the carousel's
 * controls are visible (not under the picture) and reachable by keyboard, rotation pauses on hover and on focus,
 * alt texts name the banner, pictures are never cropped, and an unknown URL shows the not-found page with 404. The
 * pages painted from the HTML (the home and a service's page) paint their top where the app then shows it.
 */
describe.skipIf(!chromiumPath)('the public page: carousel, first picture, unknown URLs', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let serviceId: number;
  const HEADING = 'Deep cleaning of a three-seater sofa, with stain guard';

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const api = catalogueApi(t);
    const token = await api.admin();
    const cat = await api.category('Window cleaning', { image: b64(png(32, 32)), fileName: 'w.png' });
    for (const [i, colour] of (
      [
        [20, 90, 160],
        [160, 40, 40],
      ] as const
    ).entries()) {
      dataOf(
        await t.api('POST', '/api/Common/AddBanner', {
          token,
          body: {
            type: 'Home',
            path: `/SubCategory?categoryId=${cat.id}`,
            imagebase64Data: b64(png(1200, 400, [...colour])),
            fileName: `b${i}.png`,
          },
        }),
        201,
      );
    }
    const sub = await api.subCategory(cat.id, 'Sofa and carpet care');
    serviceId = (await api.service(sub.id, HEADING, { image: b64(png(720, 480, [30, 120, 90])), fileName: 's.png' }))
      .id;
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function home(width: number): Promise<Page> {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`${t.url}/`);
    await page.getByRole('region', { name: 'Offers' }).waitFor();
    return page;
  }

  for (const width of [390, 1280]) {
    it(`at ${width} px: the first banner is eager, high priority and sized; the others lazy; alt is the banner's name`, async () => {
      const page = await home(width);
      const pictures = page.locator('section[aria-roledescription="carousel"] img');
      await expect.poll(() => pictures.count()).toBe(2);
      const attrs = await pictures.evaluateAll((els) =>
        els.map((e) => ['alt', 'loading', 'fetchpriority', 'width', 'height', 'srcset'].map((a) => e.getAttribute(a))),
      );
      expect(attrs[0].slice(0, 5)).toEqual(['Window cleaning offer', 'eager', 'high', '1200', '400']);
      expect(attrs[1].slice(0, 3)).toEqual(['Window cleaning offer', 'lazy', null]);
      expect(attrs[0][5]).toMatch(/-480\.webp 480w, .*-960\.webp 960w, .*-1600\.webp 1600w$/);
      // The picture is shown whole: its box keeps the picture's 3:1 shape, nothing cropped.
      const box = (await pictures.first().boundingBox())!;
      expect(Math.abs(box.width / box.height - 3)).toBeLessThan(0.05);
      await expect.poll(() => pictures.first().evaluate((e) => (e as HTMLImageElement).complete)).toBe(true);
      await page.close();
    });

    it(`at ${width} px: previous, pause and next are visible, above nothing, and work from the keyboard`, async () => {
      const page = await home(width);
      const carousel = page.getByRole('region', { name: 'Offers' });
      for (const name of ['Previous slide', 'Pause automatic slide show', 'Next slide']) {
        const button = carousel.getByRole('button', { name });
        expect(await button.isVisible(), name).toBe(true);
        // Nothing covers it: the element at its centre is the button (or its icon).
        const b = (await button.boundingBox())!;
        const hit = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label') ?? null,
          [b.x + b.width / 2, b.y + b.height / 2],
        );
        expect(hit, name).toBe(name);
      }
      const slides = carousel.locator('[aria-roledescription="slide"]');
      const visibleSlide = () => slides.evaluateAll((els) => els.findIndex((e) => !(e as HTMLElement).hidden));
      expect(await visibleSlide()).toBe(0);

      // Keyboard: focus the next button and press Enter; focus inside pauses the rotation (the live region speaks).
      await carousel.getByRole('button', { name: 'Next slide' }).focus();
      await page.keyboard.press('Enter');
      expect(await visibleSlide()).toBe(1);
      expect(await carousel.locator('[aria-live]').getAttribute('aria-live')).toBe('polite');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Previous slide');
      await page.keyboard.press('Enter');
      expect(await visibleSlide()).toBe(0);

      // The pause button stops rotation for good; it says so.
      await carousel.getByRole('button', { name: 'Pause automatic slide show' }).click();
      expect(await carousel.getByRole('button', { name: 'Start automatic slide show' }).isVisible()).toBe(true);
      await page.close();
    });
  }

  it('the first paint from the HTML shows the hero and the first banner where the page shows them', async () => {
    for (const width of [390, 1280]) {
      // Without scripts: what the HTML paints on its own.
      const still = await browser.context
        .browser()!
        .newContext({ javaScriptEnabled: false, viewport: { width, height: 844 } });
      const before = await still.newPage();
      await before.goto(`${t.url}/`);
      const painted = await before.evaluate(() => {
        const [title, lead] = [...document.querySelectorAll('#root p')].map((p) => p.textContent);
        const img = document.querySelector<HTMLImageElement>('#root img')!;
        return {
          title,
          lead,
          top: img.getBoundingClientRect().top,
          hidden: img.closest('[aria-hidden="true"]') !== null,
        };
      });
      await still.close();
      // With the app: the same words, and the carousel's picture at the same height.
      const page = await home(width);
      const app = await page.evaluate(() => ({
        title: document.querySelector('h1')!.textContent,
        lead: document.querySelector('h1 + p')!.textContent,
        top: document.querySelector('[aria-roledescription="carousel"] img')!.getBoundingClientRect().top,
      }));
      await page.close();
      expect(painted.hidden).toBe(true);
      expect({ title: painted.title, lead: painted.lead }).toEqual({ title: app.title, lead: app.lead });
      expect(Math.abs(painted.top - app.top)).toBeLessThanOrEqual(2);
    }
  });

  it("the first paint from the HTML shows a service's heading and picture where its page shows them", async () => {
    for (const width of [390, 1280]) {
      const still = await browser.context
        .browser()!
        .newContext({ javaScriptEnabled: false, viewport: { width, height: 844 } });
      const before = await still.newPage();
      await before.goto(`${t.url}/ServicesDetails?id=${serviceId}`);
      const painted = await before.evaluate(() => {
        const box = document.querySelector('#root > [aria-hidden="true"]')!;
        const [title, line] = [...box.querySelectorAll('p')];
        const img = box.querySelector('img')!.getBoundingClientRect();
        const crumbs = [...box.querySelector(':scope > div > div')!.children].map((c) =>
          c.textContent!.replace(/^›/, ''),
        );
        const t = title.getBoundingClientRect();
        return {
          words: { title: title.textContent, line: line.textContent, crumbs },
          picture: { top: img.top, left: img.left + 4, width: img.width - 8 },
          title: { top: t.top, left: t.left },
        };
      });
      await still.close();

      const page = await browser.context.newPage();
      await page.setViewportSize({ width, height: 844 });
      // The page renders from the read inlined in the HTML: it does not ask the API again.
      const reads: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/Common/GetServicesByID/')) reads.push(r.url());
      });
      await page.goto(`${t.url}/ServicesDetails?id=${serviceId}`);
      await page.getByRole('heading', { level: 1, name: HEADING }).waitFor();
      const app = await page.evaluate(() => {
        const h1 = document.querySelector('h1')!;
        const img = document.querySelector('main img')!.getBoundingClientRect();
        const t = h1.getBoundingClientRect();
        return {
          words: {
            title: h1.textContent,
            line: h1.parentElement!.nextElementSibling!.textContent,
            crumbs: [...document.querySelectorAll('nav[aria-label="Breadcrumbs"] li')].map((li) => li.textContent),
          },
          picture: { top: img.top, left: img.left, width: img.width },
          title: { top: t.top, left: t.left },
        };
      });
      await page.close();
      expect(reads, `${width} px`).toEqual([]);
      expect(painted.words, `${width} px`).toEqual(app.words);
      for (const k of ['top', 'left', 'width'] as const) {
        expect(Math.abs(painted.picture[k] - app.picture[k]), `${width} px: picture ${k}`).toBeLessThanOrEqual(2);
      }
      for (const k of ['top', 'left'] as const) {
        expect(Math.abs(painted.title[k] - app.title[k]), `${width} px: heading ${k}`).toBeLessThanOrEqual(2);
      }
    }
  });

  it("every script a service's page runs at first is named in its HTML, so none waits for another to be found", async () => {
    const page = await browser.context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const res = await page.goto(`${t.url}/ServicesDetails?id=${serviceId}`);
    const named = [
      ...(await res!.text()).matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="([^"]+)"/g),
    ].map((m) => m[1]);
    await page.getByRole('heading', { level: 1, name: HEADING }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.close();
    expect(scripts.filter((s) => s.startsWith('/assets/')).length).toBeGreaterThan(10);
    expect(scripts.filter((s) => s.startsWith('/assets/') && !named.includes(s))).toEqual([]);
  });

  it('a service that does not exist paints nothing from the HTML, and its page says so', async () => {
    const page = await browser.context.newPage();
    const res = await page.goto(`${t.url}/ServicesDetails?id=999999`);
    expect(res?.status()).toBe(200);
    expect(await res?.text()).toContain('<div id="root"></div>');
    await expect
      .poll(() =>
        page
          .getByText(/not available/i)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.close();
  });

  it('pauses while the pointer is over the carousel, and rotates again when it leaves', async () => {
    const page = await home(1280);
    const live = page.locator('section[aria-roledescription="carousel"] [aria-live]');
    expect(await live.getAttribute('aria-live')).toBe('off'); // rotating
    await page.getByRole('region', { name: 'Offers' }).hover();
    await expect.poll(() => live.getAttribute('aria-live')).toBe('polite'); // paused
    await page.mouse.move(5, 800);
    await expect.poll(() => live.getAttribute('aria-live')).toBe('off');
    await page.close();
  });

  it('an unknown URL answers 404 and shows the not-found page; a real page answers 200', async () => {
    const page = await browser.context.newPage();
    const missing = await page.goto(`${t.url}/no/such/page`);
    expect(missing?.status()).toBe(404);
    await expect.poll(() => page.getByText('Page not found').isVisible()).toBe(true);
    expect((await page.goto(`${t.url}/About`))?.status()).toBe(200);
    await page.close();
  });
});
