import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RoleCode } from '../../server/http';
import { accountOf, TEST_PASSWORD } from './server';

export const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && fs.existsSync(p)) ?? null;
export const noChromiumReason = 'no Chromium found (install Debian chromium or set CHROMIUM_PATH)';
if (!chromiumPath) {
  // CI installs Chromium, so there a missing browser is a failure, never a silent skip.
  if (process.env.REQUIRE_E2E) throw new Error(`End-to-end tests cannot run: ${noChromiumReason}`);
  console.warn(`End-to-end tests skipped: ${noChromiumReason}`);
}

export async function launch(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath!,
    headless: true,
    viewport: { width: 1280, height: 860 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  context.setDefaultTimeout(15_000);
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs a demo account in through the real login page. */
export async function signIn(page: Page, base: string, role: RoleCode, password = TEST_PASSWORD) {
  const a = accountOf(role);
  await page.goto(`${base}${role === 'A' ? '/Admin' : '/Auth'}`);
  await page
    .getByLabel(role === 'A' ? 'E-mail or mobile number' : 'Mobile number or e-mail')
    .fill(role === 'A' ? a.email : a.mobileNo);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits until the page shows `pathname`; usable in hooks, where expect.poll is not. */
export async function waitForPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname);
}

export async function signOutViaProfile(page: Page, fullName: string) {
  await page.getByRole('button', { name: new RegExp(fullName) }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
}
