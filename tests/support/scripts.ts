import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';

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
  const requested: Request[] = [];
  const isScript = (req: Request) =>
    req.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(req.url()).pathname);
  page.on('request', (req) => {
    if (isScript(req)) requested.push(req);
  });
  page.on('response', (res) => {
    const href = res.url();
    if (isScript(res.request()) && res.status() === 200 && !bodies.has(href)) bodies.set(href, res.body());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Anything the page starts after its first render (lazy sections) is scheduled by the time the main thread
  // is idle; then wait until every script it asked for has arrived.
  await page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => done(), { timeout: 5_000 })));
  await page.waitForLoadState('networkidle');
  await Promise.all(requested.map((req) => req.response()));
  const rows = await Promise.all(
    [...bodies].map(async ([href, body]) => {
      const raw = await body;
      return { file: new URL(href).pathname, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
    }),
  );
  return rows.sort((a, b) => b.gzip - a.gzip);
}

/** The public home's JavaScript budget (decision 009): 150 KB gzipped. */
export const HOME_JS_BUDGET = 150 * 1024;
