import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines } from '../../server/db/schema';
import { axeViolations } from '../support/axe';
import { chromiumPath, launch, signIn, waitForPath } from '../support/browser';
import { factories } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

/**
 * The admin's dispatch screens (decision 016): the admin sees the ranked suggestions for a new job and
 * assigns it, and the technician (signed in in a second browser) sees it appear on their assigned jobs without a
 * reload; the technician rejects it and it comes back to the admin's unassigned list live; the technician switches
 * 'Available' off in the top bar and is no longer suggested, so the admin overrides the rule with a remark, which the
 * line's page shows in its history; the admin cancels it there. The lists export CSV, and the pages fit 390 px.
 */
describe.skipIf(!chromiumPath)('dispatch in the browser', () => {
  let t: TestServer;
  let adminBrowser: Awaited<ReturnType<typeof launch>>;
  let proBrowser: Awaited<ReturnType<typeof launch>>;
  let admin: Page;
  let pro: Page;
  type Placed = Awaited<ReturnType<ReturnType<typeof factories>['placedOrder']>>;
  type Pro = Awaited<ReturnType<ReturnType<typeof factories>['professional']>>;
  let first: Placed;
  let second: Placed;
  let p1: Pro;
  let p2: Pro;

  const zoneOf = async (o: Placed) =>
    (await t.db.select({ zoneId: orderLines.zoneId }).from(orderLines).where(eq(orderLines.id, o.lines[0].id)))[0]
      .zoneId as number;
  const line = async (o: Placed) => (await t.db.select().from(orderLines).where(eq(orderLines.id, o.lines[0].id)))[0];

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    const customer = { ...accountOf('Cust'), token: () => t.tokenFor('Cust') };
    // Two jobs in fresh zones and services, placed before anyone serves them (any slot is offered then).
    first = await f.placedOrder(customer);
    second = await f.placedOrder(customer);
    const [zoneA, zoneB] = [await zoneOf(first), await zoneOf(second)];
    const [serviceA, serviceB] = [first.services[0].id, second.services[0].id];
    // P1 serves both jobs' zones and skills; P2 only the first job's.
    p1 = await f.professional({
      zoneIds: [zoneA, zoneB],
      serviceIds: [serviceA, serviceB],
      fullName: 'Pavan Dispatch',
    });
    p2 = await f.professional({ zoneIds: [zoneA], serviceIds: [serviceA], fullName: 'Priya Dispatch' });
    await p1.token(); // replaces the one-time password, so the browser signs in with p1.password
    adminBrowser = await launch();
    proBrowser = await launch();
    admin = await adminBrowser.context.newPage();
    pro = await proBrowser.context.newPage();
    await Promise.all([
      (async () => {
        await signIn(admin, t.url, 'A');
        await waitForPath(admin, '/Dashboard/AdminDashboard');
      })(),
      (async () => {
        await pro.goto(`${t.url}/Auth`);
        await pro.getByLabel('Mobile number or e-mail').fill(p1.mobileNo);
        await pro.getByLabel('Password', { exact: true }).fill(p1.password);
        await pro.getByRole('button', { name: 'Sign in' }).click();
        await waitForPath(pro, '/Dashboard/TechnicianDashboard');
      })(),
    ]);
  });
  afterAll(async () => {
    await adminBrowser?.close();
    await proBrowser?.close();
    await t?.close();
  });

  const toast = (page: Page, text: string | RegExp) =>
    page.getByRole('region', { name: /Notifications/ }).getByText(text);
  const row = (o: Placed) => admin.getByRole('row').filter({ hasText: `Order #${o.orderId}` });
  /** Marks the document: a reload or a full navigation would drop the mark. */
  const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  const sameDocument = (page: Page) => page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument);

  it('e2e 1: the admin assigns a new job from the ranked suggestions; the technician sees it arrive live', async () => {
    await pro.goto(`${t.url}/History/AssignedOrderList`);
    const jobs = pro.getByRole('list', { name: 'Jobs assigned to you' }).or(pro.getByText('Nothing waiting for you'));
    await expect.poll(() => jobs.first().isVisible()).toBe(true);
    await mark(pro);

    await admin.goto(`${t.url}/Orders/PendingOrders?search=${first.orderId}`);
    await expect.poll(() => row(first).count()).toBe(1);
    // How long it has waited, from the server.
    expect(await row(first).textContent()).toMatch(/(\d+ min|under a minute)/);
    expect(await axeViolations(admin), 'unassigned list').toEqual([]);
    await row(first)
      .getByRole('button', { name: /^Assign line/ })
      .click();
    const dialog = admin.getByRole('dialog', { name: `Assign ${first.services[0].heading}` });
    const suggested = dialog.getByRole('list', { name: 'Suggested professionals' });
    await expect.poll(() => suggested.getByRole('listitem', { name: /Dispatch$/ }).count()).toBe(2);
    // Both professionals, ranked, each with the reasons the server gave.
    const names = await suggested
      .getByRole('listitem', { name: /Dispatch$/ })
      .evaluateAll((li) => li.map((e) => e.getAttribute('aria-label')));
    expect(names.map((n) => n?.replace(/^\d+\. /, '')).sort()).toEqual([p1.fullName, p2.fullName]);
    expect(
      await suggested
        .getByRole('list', { name: `Why ${p1.fullName}` })
        .getByRole('listitem')
        .count(),
    ).toBeGreaterThan(0);
    // Each reason is said once: the jobs that day, the rating and the distance are not repeated as badges.
    const card = suggested.getByRole('listitem', { name: new RegExp(`^\\d+\\. ${p1.fullName}$`) });
    expect(await card.getByText(/jobs? that day/).count()).toBe(1);
    expect(await card.getByText(/rated|not rated yet/i).count()).toBe(1);
    expect(await axeViolations(admin), 'assign dialog').toEqual([]);

    await dialog.getByRole('button', { name: `Assign ${p1.fullName}` }).click();
    await expect.poll(() => toast(admin, `Assigned to ${p1.fullName}.`).isVisible()).toBe(true);
    await expect.poll(() => row(first).count()).toBe(0);
    expect((await line(first)).professionalUserId).toBe(p1.id);

    // The technician's page shows the job without a reload (the live stream invalidates its reads).
    const job = pro.getByRole('listitem', { name: `${first.services[0].heading}, order ${first.orderId}` });
    await expect.poll(() => job.isVisible()).toBe(true);
    expect(await sameDocument(pro)).toBe(true);
  });

  it('e2e 4: the technician rejects the job and it returns to the unassigned list live', async () => {
    await admin.goto(`${t.url}/Orders/PendingOrders?search=${first.orderId}`);
    await expect.poll(() => admin.getByText(/No line matches these filters/).isVisible()).toBe(true);
    await mark(admin);

    const label = `${first.services[0].heading}, order ${first.orderId}`;
    await pro.getByRole('button', { name: `Reject: ${label}` }).click();
    const reject = pro.getByRole('dialog', { name: 'Reject this job?' });
    await reject.getByLabel(/Reason/).fill('Two jobs across town at the same hour');
    await reject.getByRole('button', { name: 'Reject job' }).click();
    await expect.poll(() => pro.getByRole('listitem', { name: label }).count()).toBe(0);

    await expect.poll(() => row(first).count()).toBe(1);
    expect(await sameDocument(admin)).toBe(true);
    expect((await line(first)).state).toBe('unassigned');
    // The rejection is in the line's history, and P1 is no longer suggested for it.
    await admin.goto(`${t.url}/Orders/OrderLine?id=${first.lines[0].id}`);
    const history = admin.getByRole('table', { name: 'History of the line' });
    await expect.poll(() => history.textContent()).toContain('Reject');
    expect(await history.textContent()).toContain(p1.fullName);
  });

  it("e2e 5: the technician switches 'Available' off and is no longer suggested; the admin overrides with a remark", async () => {
    const heading = second.services[0].heading;
    await admin.goto(`${t.url}/Orders/PendingOrders?search=${second.orderId}`);
    await row(second)
      .getByRole('button', { name: /^Assign line/ })
      .click();
    let dialog = admin.getByRole('dialog', { name: `Assign ${heading}` });
    await expect.poll(() => dialog.getByRole('listitem', { name: `1. ${p1.fullName}` }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The top bar's switch, with its toasts.
    const available = pro.getByRole('switch', { name: 'Available' });
    await expect.poll(() => available.isEnabled()).toBe(true);
    expect(await available.getAttribute('aria-checked')).toBe('true');
    await available.click();
    await expect.poll(() => available.getAttribute('aria-checked')).toBe('false');
    // It shows the new value, disabled, until the server has answered.
    await expect.poll(() => available.isEnabled()).toBe(true);
    expect(await available.getAttribute('aria-checked')).toBe('false');

    await row(second)
      .getByRole('button', { name: /^Assign line/ })
      .click();
    dialog = admin.getByRole('dialog', { name: `Assign ${heading}` });
    await expect.poll(() => dialog.getByText(/No professional meets every rule/).isVisible()).toBe(true);
    expect(await dialog.getByRole('listitem', { name: new RegExp(p1.fullName) }).count()).toBe(0);

    // Chosen by hand, P1 is refused with the reason; 'Assign anyway' needs a remark. The few professionals here
    // fit the list, so it has no search box (decision 047).
    expect(await dialog.getByRole('searchbox', { name: 'Find a professional' }).count()).toBe(0);
    const select = dialog.getByLabel('Active professional');
    await expect
      .poll(() => select.locator('option').allTextContents())
      .toContainEqual(expect.stringContaining(p1.fullName));
    await select.selectOption(String(p1.id));
    await dialog.getByRole('button', { name: 'Assign the chosen professional' }).click();
    const refused = dialog.getByRole('region', { name: 'Assignment refused' });
    await expect.poll(() => refused.textContent()).toContain('not available');
    await refused.getByRole('button', { name: 'Assign anyway' }).click();
    await expect
      .poll(() =>
        refused
          .getByText(/Override remark is required/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect((await line(second)).state).toBe('unassigned');
    await refused.getByLabel(/Override remark/).fill('Customer asked for Pavan by name');
    await refused.getByRole('button', { name: 'Assign anyway' }).click();
    await expect.poll(() => toast(admin, /The rules you overrode are recorded/).isVisible()).toBe(true);
    const assigned = await line(second);
    expect(assigned.professionalUserId).toBe(p1.id);
    expect(assigned.assignmentOverride).toContain('Customer asked for Pavan by name');

    // The line's page: the machine at 'Assigned', the override and the remark in the history, staff actions.
    await admin.goto(`${t.url}/Orders/OrderLine?id=${second.lines[0].id}`);
    const machine = admin.getByRole('figure', { name: /Order line: Assigned/ });
    await expect.poll(() => machine.isVisible()).toBe(true);
    expect(await machine.locator('[aria-current="step"]').textContent()).toContain('Assigned');
    expect(await machine.getByRole('button', { name: 'Reassign' }).isVisible()).toBe(true);
    expect(await machine.getByRole('button', { name: 'Cancel (admin)' }).isVisible()).toBe(true);
    expect(await admin.getByRole('table', { name: 'History of the line' }).textContent()).toContain(
      'Customer asked for Pavan by name',
    );
    expect(await axeViolations(admin), 'order line page').toEqual([]);
  });

  it('exports the filtered list as the server CSV; at 390 px the admin cancels the line from its page; nothing overflows', async () => {
    await admin.goto(`${t.url}/Orders/AssignedOrders?search=${second.orderId}`);
    await expect.poll(() => row(second).count()).toBe(1);
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv).toContain(String(second.orderId));
    expect(csv).not.toContain(`,${first.orderId},`);

    await admin.setViewportSize({ width: 390, height: 844 });
    const wide = () => admin.evaluate(() => document.documentElement.scrollWidth);
    // The admin's cancel (decision 014) from the line page: a remark, then the machine's final state.
    await admin.goto(`${t.url}/Orders/OrderLine?id=${second.lines[0].id}`);
    await admin.getByRole('button', { name: 'Cancel (admin)' }).click();
    const cancel = admin.getByRole('dialog', { name: 'Cancel this line?' });
    await cancel.getByLabel(/^Remark/).fill('Customer called: no longer needed');
    await cancel.getByRole('button', { name: 'Cancel the line' }).click();
    await expect.poll(() => admin.getByRole('figure', { name: /Order line: Cancelled/ }).isVisible()).toBe(true);
    expect(await admin.getByRole('table', { name: 'History of the line' }).textContent()).toContain(
      'Customer called: no longer needed',
    );
    expect((await line(second)).state).toBe('cancelled');
    expect(await wide(), 'line page').toBeLessThanOrEqual(390);

    await admin.goto(`${t.url}/Orders/CancelledOrders?search=${second.orderId}`);
    await expect.poll(() => row(second).textContent()).toContain('Customer called: no longer needed');
    expect(await wide(), 'cancelled orders').toBeLessThanOrEqual(390);
    for (const path of ['/Orders/PendingOrders', '/Orders/AssignedOrders', '/Orders/CompletedOrders']) {
      await admin.goto(`${t.url}${path}`);
      await expect.poll(() => admin.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      expect(await wide(), path).toBeLessThanOrEqual(390);
    }
  });
});
