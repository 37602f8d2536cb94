// Page-side helpers for model tests through the real pages: a page's API calls held until the test lets the real
// server answer them (so a machine's busy state can be seen, and the invoked actor's outcome is the test's step),
// and a log of every toast the page showed (toasts close by themselves after 2 s, so counting visible ones races).
import type { Page, Request, Route } from 'playwright-core';
import { expect } from 'vitest';

export interface HeldCall {
  request: Request;
  route: Route;
  /** Set once released: the real server's answer. */
  reply?: Promise<{ status: number; body: any }>;
}

/**
 * Holds every `method` request to `pathname` until `release()` passes it to the real server. Registered once per
 * page; survives navigations. `abortAll()` drops what is still held (between tests).
 */
export async function holdCalls(page: Page, method: string, pathname: string) {
  const calls: HeldCall[] = [];
  await page.route(
    (url) => url.pathname === pathname,
    (route, request) => {
      if (request.method() !== method) return route.continue();
      calls.push({ request, route });
    },
  );
  const held = () => calls.filter((c) => !c.reply);
  return {
    calls,
    /** Waits until exactly one call is held, and returns it. */
    async pending(): Promise<HeldCall> {
      await expect.poll(() => held().length).toBe(1);
      return held()[0];
    },
    /** Lets the held call reach the real server; answers its status and JSON body as the page received them. */
    async release(call?: HeldCall): Promise<{ status: number; body: any }> {
      const c = call ?? (await this.pending());
      c.reply = (async () => {
        const response = await c.route.fetch();
        const text = await response.text();
        await c.route.fulfill({ response, body: text });
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {}
        return { status: response.status(), body };
      })();
      return c.reply;
    },
    async abortAll() {
      for (const c of held()) {
        c.reply = Promise.resolve({ status: 0, body: null });
        await c.route.abort().catch(() => {});
      }
    },
  };
}

export interface ShownToast {
  tone: string;
  /** The toast's text as read out: "Error: " before an error's message. */
  text: string;
}

/** Records every toast the page shows from its next load on (each load starts a new log). */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const shown: Element[] = [];
    const seen = new WeakSet<Element>();
    (window as unknown as { __toasts: () => { tone: string; text: string }[] }).__toasts = () =>
      shown.map((el) => ({ tone: el.getAttribute('data-tone') ?? '', text: el.textContent ?? '' }));
    new MutationObserver((records) => {
      for (const r of records) {
        for (const node of r.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const el of [node, ...node.querySelectorAll('li[data-tone]')]) {
            if (el.matches('li[data-tone]') && !seen.has(el)) {
              seen.add(el);
              shown.push(el);
            }
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return (): Promise<ShownToast[]> =>
    page.evaluate(() => (window as unknown as { __toasts?: () => ShownToast[] }).__toasts?.() ?? []);
}
