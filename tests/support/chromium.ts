import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

// Without vitest, so the benches can drive the same browser.
/**
 * Debian's chromium-headless-shell first: Chromium's old headless mode, the one Playwright itself runs headless. It
 * has no browser window around the page, and spent 40–45% less CPU than the full browser on the same end-to-end
 * file; the browser tests are most of the suite's CPU (decision 041). The full browser (package chromium) still
 * works, for a machine that has only it.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const chromiumPath =
  [process.env.CHROMIUM_PATH, HEADLESS_SHELL, '/usr/bin/chromium'].find((p) => p && fs.existsSync(p)) ?? null;
export const noChromiumReason =
  'no Chromium found (install Debian chromium-headless-shell or chromium, or set CHROMIUM_PATH)';
/** The full browser runs headless with windows and tabs; the shell has neither (see pagesInWindows). */
const fullBrowser = !!chromiumPath && !/headless-shell/.test(chromiumPath);

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
      // The full browser (package chromium) runs headless with windows, and each preloads the omnibox's WebUI popup
      // in a renderer of its own: about 10% of every page open and navigation on a 2-core machine, for a popup no test
      // uses.
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

/** What each open context's pages did lately, kept for the report of a failed test (tests/support/e2e-failures.ts). */
interface PageTrail {
  console: string[];
  inFlight: Map<object, { at: number; what: string }>;
  refused: string[];
}
const trails = new Map<Page, PageTrail>();
const KEEP = 15;
const keep = (list: string[], line: string) => {
  list.push(line);
  if (list.length > KEEP) list.shift();
};

function watchForFailures(context: BrowserContext): () => void {
  const watch = (page: Page) => {
    const trail: PageTrail = { console: [], inFlight: new Map(), refused: [] };
    trails.set(page, trail);
    const stamp = () => new Date().toISOString().slice(11, 23);
    page.on('console', (m) => keep(trail.console, `${stamp()} ${m.type()}: ${m.text().slice(0, 300)}`));
    page.on('pageerror', (e) => keep(trail.console, `${stamp()} pageerror: ${e.message.slice(0, 300)}`));
    page.on('request', (r) => trail.inFlight.set(r, { at: Date.now(), what: `${r.method()} ${r.url()}` }));
    page.on('requestfinished', (r) => trail.inFlight.delete(r));
    page.on('requestfailed', (r) => {
      trail.inFlight.delete(r);
      keep(trail.refused, `${stamp()} ${r.method()} ${r.url()} failed: ${r.failure()?.errorText}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400) keep(trail.refused, `${stamp()} ${r.request().method()} ${r.url()} → ${r.status()}`);
    });
    page.on('close', () => trails.delete(page));
  };
  context.on('page', watch);
  return () => {
    context.off('page', watch);
    for (const page of context.pages()) trails.delete(page);
  };
}

/**
 * Each open page as a failed test left it: its address, the dialogs and notices on screen, the requests still
 * waiting, the refused ones and the last console lines. Printed by tests/support/e2e-failures.ts, so a failure seen
 * once on a busy CI machine can be read afterwards.
 */
export async function describeOpenPages(): Promise<string> {
  const parts: string[] = [];
  for (const [page, trail] of trails) {
    if (page.isClosed()) continue;
    const screen = await page
      .evaluate(() => {
        const text = (sel: string) =>
          // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, with its line breaks, reads in a log
          [...document.querySelectorAll<HTMLElement>(sel)].map((e) => e.innerText.trim().slice(0, 1200));
        const fields = [...document.querySelectorAll<HTMLInputElement>('[role="dialog"] :is(input,select,textarea)')]
          .filter((e) => e.type !== 'hidden')
          .map((e) => `${e.name || e.id}=${e.type === 'checkbox' ? e.checked : e.value}`);
        return {
          dialogs: text('[role="dialog"],[role="alertdialog"]'),
          fields,
          notices: text('[role="alert"],[role="status"]'),
        };
      })
      .catch((e: Error) => ({ dialogs: [], fields: [], notices: [`(page unreadable: ${e.message})`] }));
    const now = Date.now();
    const waiting = [...trail.inFlight.values()].map((r) => `${r.what} (${now - r.at} ms)`);
    parts.push(
      [
        `page ${page.url()}`,
        `  dialogs: ${JSON.stringify(screen.dialogs)}`,
        `  dialog fields: ${screen.fields.join(', ') || 'none'}`,
        `  notices: ${JSON.stringify(screen.notices.filter(Boolean))}`,
        `  requests waiting: ${waiting.length ? waiting.join('; ') : 'none'}`,
        `  refused or failed: ${trail.refused.length ? `\n    ${trail.refused.join('\n    ')}` : 'none'}`,
        `  console: ${trail.console.length ? `\n    ${trail.console.join('\n    ')}` : 'none'}`,
      ].join('\n'),
    );
  }
  return parts.join('\n') || 'no open pages';
}

/**
 * A fresh browser context (as a new profile would be) on the shared Chromium; with `storageState`, the cookies and
 * storage another context saved, as a browser restarted on the same profile would have.
 */
export async function launch(
  opts: {
    storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
    /** The browser's time zone (the machine's by default): staff screens show India time whatever it is. */
    timezoneId?: string;
  } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  let context: BrowserContext;
  try {
    const browser = await acquire();
    context = await browser.newContext({
      viewport: { width: 1280, height: 860 },
      storageState: opts.storageState,
      timezoneId: opts.timezoneId,
    });
    if (fullBrowser) pagesInWindows(browser, context);
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
  const unwatch = watchForFailures(context);
  let closed = false;
  return {
    context,
    async close() {
      if (closed) return;
      closed = true;
      unwatch();
      console.log(`page loads: ${loads}`);
      try {
        await context.close();
      } finally {
        await release();
      }
    },
  };
}
