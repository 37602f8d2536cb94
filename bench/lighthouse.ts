// `npm run bench:lighthouse`: Lighthouse 12 on what a customer opens, mobile and desktop profiles, with the Debian
// chromium: the home page, a service's page, /UserCart with two lines and /Checkout, the last two signed in (the
// demo customer signs in through /Auth in the same browser first, so its session cookie is sent; Lighthouse keeps
// the browser's storage for them). PAGES=home,service limits the pages. It builds the front end when CLIENT_DIR (default ./dist) has no index.html (or always with BUILD=1),
// starts the real server on a temporary PGlite data directory holding the demo seed (so banners, categories and new
// launches all render), runs Lighthouse RUNS times per profile (default 3; TBT is noisy on a shared machine) and
// prints the medians of the four scores and of LCP, TBT and CLS. Not a test; prints figures. PROFILES=mobile limits it;
// REPORT_DIR keeps the JSON reports.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDemo } from '../server/db/seed/demo';
import { seedDemoCatalogue } from '../server/db/seed/demo-catalogue';
import { seedReference } from '../server/db/seed/reference';
import { chromiumPath, noChromiumReason } from '../tests/support/chromium';
import { apiCaller, buildClient } from './lib';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.resolve(process.env.CLIENT_DIR ?? path.join(root, 'dist'));
const runs = Math.max(1, Number(process.env.RUNS ?? 3));
const profiles = (process.env.PROFILES ?? 'mobile,desktop').split(',').map((p) => p.trim()) as ('mobile' | 'desktop')[];
// The full browser, as a customer's is (the tests' headless shell lacks a window's rendering); the shell otherwise.
const FULL_CHROMIUM = '/usr/bin/chromium';
const chromePath = process.env.CHROME_PATH ?? (fs.existsSync(FULL_CHROMIUM) ? FULL_CHROMIUM : chromiumPath);
if (!chromePath) {
  console.error(`Cannot measure: ${noChromiumReason}.`);
  process.exit(2);
}

if (process.env.BUILD === '1' || !fs.existsSync(path.join(clientDir, 'index.html'))) {
  buildClient(clientDir);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-lighthouse-'));
const database = await openDatabase({ dataDir });
await database.migrate();
await seedReference(database.db);
const DEMO_PASSWORD = 'Lighthouse-bench-1';
await seedDemo(database.db, DEMO_PASSWORD);
await seedDemoCatalogue(database.db, path.join(dataDir, 'uploads'));
const app = await buildApp(
  { ...loadConfig({}), dataDir, clientDir, serveClient: true, logLevel: 'silent', rateLimits: false },
  database,
);
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`;
const base = url.slice(0, -1);

// The demo customer's cart: two services with a slot each, so the cart is whole and checkout can quote it.
const api = apiCaller(base);
const CUSTOMER = '9000000009';
const login = await api('POST', '/api/Userlogin', {
  MobileNoOrEmail: CUSTOMER,
  Password: DEMO_PASSWORD,
  Device: 'Web',
});
const token: string = login.body.data.Token;
const services = (await api('GET', '/api/Common/GetAllServices?pageSize=2')).body;
const serviceIds: number[] = (services.data?.items ?? services.data ?? []).slice(0, 2).map((x: any) => x.id ?? x.Id);
if (serviceIds.length < 2) throw new Error('The demo catalogue has fewer than two services');
await api('POST', '/api/Cart/ClearCart', {}, token);
for (const ServiceId of serviceIds) {
  const free = await api('GET', `/api/Cart/GetFreeSlots?ServiceId=${ServiceId}&PinCode=560034`, undefined, token);
  const slot: string | undefined = free.body.data?.slots?.[0];
  if (!slot) throw new Error(`No free slot for service ${ServiceId}`);
  const added = await api('POST', '/api/Cart/AddCart', { ServiceId, SchedulingDateTime: slot }, token);
  if (added.status !== 200) throw new Error(`AddCart ${ServiceId}: ${added.status} ${JSON.stringify(added.body)}`);
}

const PAGES = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'service', path: `/ServicesDetails?id=${serviceIds[0]}`, signedIn: false },
  { name: 'cart', path: '/UserCart', signedIn: true },
  { name: 'checkout', path: '/Checkout', signedIn: true },
].filter((p) => !process.env.PAGES || process.env.PAGES.split(',').includes(p.name));

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
interface Figures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  failing: string[];
}

function figuresOf(result: RunnerResult): Figures {
  const { lhr } = result;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing: string[] = [];
  for (const id of CATEGORIES.slice(1)) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) failing.push(`${id}: ${a.id} (${a.title})`);
    }
  }
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Figures['scores'],
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    failing,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

let exitCode = 0;
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
try {
  console.log(`Lighthouse ${runs}× per page and profile on ${url}`);
  console.log('| page | profile | run | performance | accessibility | best practices | SEO | LCP s | TBT ms | CLS |');
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|');
  const row = (page: string, profile: string, run: string, f: Omit<Figures, 'failing'>) =>
    console.log(
      `| ${page} | ${profile} | ${run} | ${f.scores.performance} | ${f.scores.accessibility} | ${f.scores['best-practices']} | ${f.scores.seo} | ${(f.lcp / 1000).toFixed(2)} | ${Math.round(f.tbt)} | ${f.cls.toFixed(3)} |`,
    );
  const failing = new Set<string>();
  const goals: string[] = [];
  let signedIn = false;
  for (const page of PAGES) {
    if (page.signedIn && !signedIn) {
      // Signed in as a customer would be: through the sign-in page, in this browser, so every tab has the session.
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const tab = await cdp.contexts()[0].newPage();
      await tab.goto(`${base}/Auth`);
      await tab.getByLabel('Mobile number or e-mail').fill(CUSTOMER);
      await tab.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await tab.getByRole('button', { name: 'Sign in' }).click();
      await tab.waitForURL((u) => u.pathname === '/');
      await tab.close();
      await cdp.close();
      signedIn = true;
    }
    for (const profile of profiles) {
      const all: Figures[] = [];
      for (let i = 1; i <= runs; i++) {
        // Lighthouse itself asks to run again when its trace misses the navigation (NO_NAVSTART on a busy machine).
        let result: RunnerResult | undefined;
        for (let attempt = 1; attempt <= 3; attempt++) {
          result = await lighthouse(
            base + page.path,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: [...CATEGORIES],
              // A signed-in page needs the session cookie the sign-in left; the others start clean.
              disableStorageReset: page.signedIn,
            },
            profile === 'desktop' ? (desktopConfig as Config) : undefined,
          );
          if (!result) throw new Error('Lighthouse returned no result');
          if (!result.lhr.runtimeError) break;
          if (attempt === 3) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
        }
        if (!result) throw new Error('Lighthouse returned no result');
        if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(base + page.path).pathname) {
          throw new Error(`${page.name}: Lighthouse ended on ${result.lhr.finalDisplayedUrl}, not ${page.path}`);
        }
        // REPORT_DIR=<folder> keeps every report (open lighthouse-<page>-<profile>-<n>.json in the Lighthouse viewer).
        if (process.env.REPORT_DIR) {
          fs.mkdirSync(process.env.REPORT_DIR, { recursive: true });
          fs.writeFileSync(
            path.join(process.env.REPORT_DIR, `lighthouse-${page.name}-${profile}-${i}.json`),
            JSON.stringify(result.lhr),
          );
        }
        const f = figuresOf(result);
        for (const x of f.failing) failing.add(`${page.name} ${profile} ${x}`);
        all.push(f);
        row(page.name, profile, String(i), f);
      }
      const med: Omit<Figures, 'failing'> = {
        scores: Object.fromEntries(
          CATEGORIES.map((c) => [c, median(all.map((f) => f.scores[c]))]),
        ) as Figures['scores'],
        lcp: median(all.map((f) => f.lcp)),
        tbt: median(all.map((f) => f.tbt)),
        cls: median(all.map((f) => f.cls)),
      };
      row(page.name, profile, '**median**', med);
      if (profile === 'mobile') {
        const goal = med.scores.performance >= 90 && CATEGORIES.slice(1).every((c) => med.scores[c] === 100);
        goals.push(`${page.name}: ${goal ? 'met' : 'NOT met'}`);
        if (!goal) exitCode = 1;
      }
    }
  }
  console.log(`\nGoal (mobile performance >= 90, the other three 100): ${goals.join(', ')}`);
  // Blocking time is measured on this machine's CPU: other work beside the runs inflates it (decision 009, last
  // addendum), so the figures say what load they were taken under.
  const [load1] = os.loadavg();
  console.log(
    `Load average at the end: ${load1.toFixed(2)} on ${os.availableParallelism()} cores${load1 > 2 ? ' — a busy machine: blocking time is overstated; measure again when it is quiet' : ''}`,
  );
  if (failing.size)
    console.log(`\nAudits below 100 outside performance:\n${[...failing].map((f) => `- ${f}`).join('\n')}`);
} finally {
  await chrome.kill();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
