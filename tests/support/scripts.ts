import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

export interface LoadedScript {
  file: string;
  raw: number;
  gzip: number;
}

/**
 * Opens `url` and answers every JavaScript file the page downloads until the network is idle, with its size and
 * its gzipped size (zlib level 9, what a static server would send). Shared by the budget test and the bench.
 */
export async function scriptsLoadedBy(page: Page, url: string): Promise<LoadedScript[]> {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (res) => {
    const href = res.url();
    const js = res.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(href).pathname);
    if (js && res.status() === 200 && !bodies.has(href)) bodies.set(href, res.body());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Let anything the page starts after its first render (lazy sections) arrive too.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const rows = await Promise.all(
    [...bodies].map(async ([href, body]) => {
      const raw = await body;
      return { file: new URL(href).pathname, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
    }),
  );
  return rows.sort((a, b) => b.gzip - a.gzip);
}

/** The public home's JavaScript budget (issue 3): 150 KB gzipped. */
export const HOME_JS_BUDGET = 150 * 1024;
