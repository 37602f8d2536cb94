import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

// Without vitest, so the benches can drive the same browser.
export const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && fs.existsSync(p)) ?? null;
export const noChromiumReason = 'no Chromium found (install Debian chromium or set CHROMIUM_PATH)';

/**
 * One Chromium process serves every `launch()` of a process; each `launch()` gets a context of its own (its own
 * cookies, storage and cache, as a fresh profile would have). Under vitest the end-to-end files share a worker
 * (isolate: false), so the process outlives a file and the next file's `launch()` costs a context (tens of
 * milliseconds) instead of a browser start (most of a second). It closes once no context is open for IDLE_MS, and
 * Playwright kills it if the worker exits first; outside vitest (the benches) it closes with the last context.
 */
const IDLE_MS = process.env.VITEST ? 15_000 : 0;
let shared: Promise<Browser> | null = null;
let open = 0;
let idle: NodeJS.Timeout | undefined;

function acquire(): Promise<Browser> {
  clearTimeout(idle);
  open++;
  shared ??= chromium.launch({
    executablePath: chromiumPath!,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Debian's Chromium runs headless as the full browser, and each window preloads the omnibox's WebUI popup in a
      // renderer of its own: about 10% of every page open and navigation on a 2-core machine, for a popup no test uses.
      '--disable-features=WebUIOmniboxPopup',
    ],
  });
  const browser = shared;
  // A failed start is not kept: the next launch() tries again.
  browser.catch(() => {
    if (shared === browser) shared = null;
  });
  return browser;
}

async function release() {
  if (--open > 0 || !shared) return;
  const browser = shared;
  const close = async () => {
    if (open > 0 || shared !== browser) return;
    shared = null;
    await (await browser).close();
  };
  if (IDLE_MS === 0) return close();
  idle = setTimeout(() => void close().catch(() => {}), IDLE_MS);
  idle.unref();
}

/**
 * Every page of a context after its first opens in a window of its own. Debian's Chromium runs headless as the full
 * browser, where `newPage()` opens a tab: every tab but the front one is hidden, and a hidden page runs no animation
 * frames, so Playwright's "stable" check before each click waited about two seconds on it. A page in its own window
 * stays visible, as two browser windows side by side would be.
 */
function pagesInWindows(browser: Browser, context: BrowserContext) {
  const newTab = context.newPage.bind(context);
  let contextId: Promise<string> | undefined;
  context.newPage = async (): Promise<Page> => {
    const first = context.pages()[0];
    if (!first) return newTab();
    contextId ??= context
      .newCDPSession(first)
      .then((s) => s.send('Target.getTargetInfo'))
      .then((r) => r.targetInfo.browserContextId as string);
    const browserContextId = await contextId;
    const cdp = await browser.newBrowserCDPSession();
    try {
      const [page] = await Promise.all([
        context.waitForEvent('page'),
        cdp.send('Target.createTarget', { url: 'about:blank', browserContextId, newWindow: true }),
      ]);
      await page.waitForLoadState();
      return page;
    } finally {
      await cdp.detach();
    }
  };
}

/**
 * A fresh browser context (as a new profile would be) on the shared Chromium; with `storageState`, the cookies and
 * storage another context saved, as a browser restarted on the same profile would have.
 */
export async function launch(
  opts: { storageState?: Awaited<ReturnType<BrowserContext['storageState']>> } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  let context: BrowserContext;
  try {
    const browser = await acquire();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 }, storageState: opts.storageState });
    pagesInWindows(browser, context);
  } catch (err) {
    await release();
    throw err;
  }
  // A locator waits up to 30 s: on the shared 2-core CI machine, with the API files running beside the browsers, a
  // dialog's data once took over 15 s to arrive.
  context.setDefaultTimeout(30_000);
  // Each new document a page's main frame loads (not a same-document navigation of the app), printed at close.
  let loads = 0;
  context.on('page', (page) => {
    page.on('domcontentloaded', () => {
      if (page.url() !== 'about:blank') loads++;
    });
  });
  let closed = false;
  return {
    context,
    async close() {
      if (closed) return;
      closed = true;
      console.log(`page loads: ${loads}`);
      try {
        await context.close();
      } finally {
        await release();
      }
    },
  };
}
