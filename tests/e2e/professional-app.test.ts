import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, professionals } from '../../server/db/schema';
import { axeViolations } from '../support/axe';
import { chromiumPath, launch, waitForPath } from '../support/browser';
import { dataOf } from '../support/catalogue';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The professional's app (decision 020), the technician on a phone (390 px wide): they accept a job the admin assigned
 * and complete it with the customer's code from My account (a wrong code first is refused, with the attempts left); the
 * customer sees the visit completed and rates it; a technician answers a customer's query about their job and the
 * customer sees the answer. Data through the factories and the admin's AssignTechnician.
 */
describe.skipIf(!chromiumPath)('the professional’s app in the browser', () => {
  let t: TestServer;
  let techBrowser: Awaited<ReturnType<typeof launch>>;
  let customerBrowser: Awaited<ReturnType<typeof launch>>;
  let tech: Page;
  let customer: Page;
  let pro: Awaited<ReturnType<ReturnType<typeof factories>['professional']>>;
  let cust: Awaited<ReturnType<ReturnType<typeof factories>['customer']>>;
  /** The job to accept and complete, and the one a query is raised about. */
  const jobs: { lineId: number; orderId: number; serviceId: number; serviceName: string }[] = [];

  async function signInAs(page: Page, mobileNo: string, password: string) {
    await page.goto(`${t.url}/Auth`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Mobile number or e-mail').fill(mobileNo);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    cust = await f.customer({ fullName: 'Meera Iyer' });
    // One order of two services in a fresh zone (both lines in one slot): the professional serves the zone and both.
    const order = await f.placedOrder(cust, 2);
    const [{ zoneId }] = await t.db
      .select({ zoneId: orderLines.zoneId })
      .from(orderLines)
      .where(eq(orderLines.id, order.lines[0].id));
    pro = await f.professional({
      fullName: 'Ravi Kumar',
      zoneIds: [zoneId as number],
      serviceIds: order.services.map((s) => s.id),
    });
    await pro.token(); // replaces the one-time password (the first sign-in's forced change)
    const admin = await f.admin();
    for (const [i, line] of order.lines.entries()) {
      jobs.push({
        lineId: line.id,
        orderId: order.orderId,
        serviceId: line.serviceId,
        serviceName: order.services.find((s) => s.id === line.serviceId)?.heading as string,
      });
      // The second visit overlaps the first: the admin overrides the rule with a remark, as dispatch may.
      const res = await t.api(
        'POST',
        `/api/AssignTechnician?TechnicianId=${pro.id}&ServiceId=${line.serviceId}&OrderId=${order.orderId}`,
        { token: admin, body: i === 0 ? {} : { remark: 'Same visit, one job after the other' } },
      );
      dataOf(res);
    }
    // The customer asks about the second visit (raising it through the screens is covered by queries-notifications).
    dataOf(
      await t.api('POST', '/api/Customer/AddCustomerQuery', {
        token: await cust.token(),
        body: { OrderLineId: jobs[1].lineId, Query: 'Will you bring your own ladder?' },
      }),
      201,
    );

    [techBrowser, customerBrowser] = await Promise.all([launch(), launch()]);
    [tech, customer] = await Promise.all([techBrowser.context.newPage(), customerBrowser.context.newPage()]);
    await tech.setViewportSize({ width: 390, height: 844 });
    await signInAs(tech, pro.mobileNo, pro.password);
    await waitForPath(tech, '/Dashboard/TechnicianDashboard');
    await signInAs(customer, cust.mobileNo, cust.password);
    await waitForPath(customer, '/');
  });
  afterAll(async () => {
    await techBrowser?.close();
    await customerBrowser?.close();
    await t?.close();
  });

  const card = (page: Page, list: string, job: (typeof jobs)[number]) =>
    page.getByRole('list', { name: list }).getByRole('listitem', { name: `${job.serviceName}, order ${job.orderId}` });
  /** Nothing wider than the phone: no sideways scrolling. */
  const fitsThePhone = () => tech.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const availableOnServer = async () =>
    (
      await t.db
        .select({ available: professionals.available })
        .from(professionals)
        .where(eq(professionals.userId, pro.id))
    )[0].available;
  const lineState = async (id: number) =>
    (await t.db.select({ state: orderLines.state }).from(orderLines).where(eq(orderLines.id, id)))[0].state;

  it('the technician accepts an assigned job and completes it with the customer’s code; the customer rates it; the Available switch', async () => {
    const job = jobs[0];
    // The dashboard: today's figures, the 'Available' switch in the top bar showing the server's value.
    await expect
      .poll(() => tech.getByRole('heading', { name: 'Technician dashboard', level: 1 }).isVisible())
      .toBe(true);
    await expect.poll(() => tech.getByRole('switch', { name: 'Available' }).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => tech.getByText('Upcoming jobs').isVisible()).toBe(true);
    expect(await fitsThePhone(), 'the dashboard at 390 px').toBe(true);

    // Assigned jobs: accept the first one.
    await tech.goto(`${t.url}/History/AssignedOrderList`);
    const assigned = card(tech, 'Jobs assigned to you', job);
    await expect.poll(() => assigned.isVisible()).toBe(true);
    // The customer by first name only until the job is accepted.
    expect(await assigned.locator('bdi').textContent()).toBe('Meera');
    expect(await assigned.getByText('12 Test Road').count()).toBe(0);
    expect(await fitsThePhone(), 'the assigned jobs at 390 px').toBe(true);
    expect(await axeViolations(tech), '/History/AssignedOrderList').toEqual([]);
    await assigned.getByRole('button', { name: `Accept: ${job.serviceName}, order ${job.orderId}` }).click();
    await expect.poll(() => lineState(job.lineId)).toBe('accepted');
    await expect.poll(() => assigned.count()).toBe(0);

    // The customer's order card shows the professional's first name and the code to give at the door.
    await customer.goto(`${t.url}/MyAccounts?tab=orders`);
    const visit = customer
      .getByRole('list', { name: 'Upcoming visits' })
      .getByRole('listitem', { name: `${job.serviceName}, order ${job.orderId}` });
    await expect.poll(() => visit.getByText('Your professional: Ravi').isVisible()).toBe(true);
    const code = (await visit.getByText(/^\d{4}$/).textContent())?.trim() ?? '';
    expect(code).toMatch(/^\d{4}$/);

    // Accepted jobs: the full address now; Complete asks for the code. A wrong one is refused with the attempts left.
    await tech.goto(`${t.url}/History/AcceptedOrderList`);
    const accepted = card(tech, 'Accepted jobs to do', job);
    await expect.poll(() => accepted.getByText('12 Test Road', { exact: false }).isVisible()).toBe(true);
    expect(await fitsThePhone(), 'the accepted jobs at 390 px').toBe(true);
    await accepted.getByRole('button', { name: `Complete: ${job.serviceName}, order ${job.orderId}` }).click();
    const dialog = tech.getByRole('dialog', { name: 'Complete this job' });
    const codeBox = dialog.getByLabel(/4-digit completion code/);
    const wrong = code === '0000' ? '1111' : '0000';
    await codeBox.fill(wrong);
    await dialog.getByRole('button', { name: 'Complete job' }).click();
    await expect.poll(() => dialog.getByText(/not the customer's code/).isVisible()).toBe(true);
    // The attempts left are said once, in the server's words.
    expect(await dialog.getByText(/4 attempts left/).count()).toBe(1);
    expect(await dialog.getByText(/not the customer's code for this visit: 4 attempts left before/).isVisible()).toBe(
      true,
    );
    expect(await lineState(job.lineId)).toBe('accepted');
    expect(await axeViolations(tech), 'the completion dialog').toEqual([]);
    await codeBox.fill(code);
    await dialog.getByRole('button', { name: 'Complete job' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => lineState(job.lineId)).toBe('completed');
    await expect.poll(() => accepted.count()).toBe(0);
    await tech.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => card(tech, 'Jobs done', job).isVisible()).toBe(true);

    // The customer finds the visit completed among past visits, without its code, and rates it.
    await customer.goto(`${t.url}/MyAccounts?tab=orders&list=past`);
    const past = customer
      .getByRole('list', { name: 'Past visits' })
      .getByRole('listitem', { name: `${job.serviceName}, order ${job.orderId}` });
    await expect.poll(() => past.getByText('Completed', { exact: true }).isVisible()).toBe(true);
    expect(await past.getByText(code, { exact: true }).count()).toBe(0);
    await past.getByRole('button', { name: 'Rate' }).click();
    const rate = customer.getByRole('dialog', { name: 'Rate this visit' });
    await rate.getByRole('radio', { name: '4 stars' }).check();
    await rate.getByLabel('Review (optional)').fill('Quick and tidy.');
    await rate.getByRole('button', { name: 'Send rating' }).click();
    await expect.poll(() => past.getByText(/Your rating: 4 of 5/).isVisible()).toBe(true);
    expect(await lineState(job.lineId)).toBe('rated');

    // The technician's dashboard counts it, and shows the rating.
    await tech.goto(`${t.url}/Dashboard/TechnicianDashboard`);
    const figures = tech.getByRole('group', { name: 'Your figures' });
    await expect.poll(() => figures.getByText('4.0 ★').isVisible()).toBe(true);
    expect(await axeViolations(tech), '/Dashboard/TechnicianDashboard').toEqual([]);

    // The 'Available' switch: off and on again, each with the server's message in a success toast; the
    // dashboard warns while it is off, and the server holds the value.
    const available = tech.getByRole('switch', { name: 'Available' });
    const toastOf = (text: string) => tech.locator('[data-tone="success"]', { hasText: text });
    await available.click();
    await expect.poll(() => toastOf('You are unavailable').count()).toBeGreaterThan(0);
    await expect.poll(() => available.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => tech.getByText('You are not available').isVisible()).toBe(true);
    expect(await availableOnServer()).toBe(false);
    await available.click();
    await expect.poll(() => toastOf('You are available').count()).toBeGreaterThan(0);
    await expect.poll(() => available.getAttribute('aria-checked')).toBe('true');
    expect(await availableOnServer()).toBe(true);
  });

  it('a technician answers a query about their job, and the customer sees the answer without reloading', async () => {
    const job = jobs[1];
    // The customer has their queries open while the technician answers.
    await customer.goto(`${t.url}/MyAccounts?tab=queries`);
    const mine = customer
      .getByRole('list', { name: 'Your queries' })
      .getByRole('listitem', { name: `Query about ${job.serviceName}` });
    await expect.poll(() => mine.getByText('Will you bring your own ladder?').isVisible()).toBe(true);
    expect(await mine.getByRole('note', { name: 'Answer' }).count()).toBe(0);

    await tech.goto(`${t.url}/Query/Queries`);
    const list = tech.getByRole('list', { name: 'Queries about your jobs' });
    const item = list.getByRole('listitem', { name: `Query about ${job.serviceName}, order ${job.orderId}` });
    await expect.poll(() => item.getByText('Will you bring your own ladder?').isVisible()).toBe(true);
    // The customer as on a job card: the first name only.
    expect(await item.getByText(/^Meera · order/).isVisible()).toBe(true);
    expect(await fitsThePhone(), '/Query/Queries at 390 px').toBe(true);
    await item.getByRole('button', { name: /^Answer/ }).click();
    await item.getByRole('textbox', { name: /^Your answer/ }).fill('Yes, I always carry one.');
    expect(await axeViolations(tech), '/Query/Queries').toEqual([]);
    await item.getByRole('button', { name: 'Send answer' }).click();
    // Answered: it leaves the 'To answer' list, and shows under All with the answer.
    await expect.poll(() => item.count()).toBe(0);
    await tech.getByRole('button', { name: 'All' }).click();
    await expect
      .poll(() => item.getByRole('note', { name: 'Answer' }).textContent())
      .toContain('Yes, I always carry one.');

    // The live event reaches the customer's open page: the answer shows without a reload.
    await expect
      .poll(() => mine.getByRole('note', { name: 'Answer' }).textContent())
      .toContain('Yes, I always carry one.');
  });

  it('a refresh that fails keeps the customer’s list and what they typed, under a notice with a retry', async () => {
    const job = jobs[0];
    const raised = dataOf<{ id: number }>(
      await t.api('POST', '/api/Customer/AddCustomerQuery', {
        token: await cust.token(),
        body: { OrderLineId: job.lineId, Query: 'Was the old tap left behind?' },
      }),
      201,
    );
    await customer.goto(`${t.url}/MyAccounts?tab=queries`);
    const mine = customer
      .getByRole('list', { name: 'Your queries' })
      .getByRole('listitem', { name: `Query about ${job.serviceName}` })
      .filter({ hasText: 'Was the old tap left behind?' });
    await expect.poll(() => mine.isVisible()).toBe(true);
    const question = customer.getByRole('form', { name: 'Raise a query' }).getByLabel(/^Your question/);
    await question.fill('And the washers?');

    // From here the list's reads fail; the answer's live event asks the page to read the list again.
    const LIST = '**/api/Customer/GetCustomerQueryies?**';
    await customer.route(LIST, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ title: 'Service Unavailable', status: 503, detail: 'The queries could not be read.' }),
      }),
    );
    const answered = await t.api('PUT', `/api/Customer/ResponseCustomerQuery?Id=${raised.id}`, {
      token: await pro.token(),
      body: { QueryAns: 'No, it went with me.' },
    });
    expect(answered.status).toBe(200);
    // After the read's retries: the list as it was, the typed question kept, and a notice with a retry.
    const notice = customer.getByRole('status').filter({ hasText: 'Not up to date: The queries could not be read.' });
    await expect.poll(() => notice.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await mine.isVisible()).toBe(true);
    expect(await mine.getByRole('note', { name: 'Answer' }).count()).toBe(0);
    expect(await question.inputValue()).toBe('And the washers?');
    expect(await axeViolations(customer), 'the queries tab with the notice').toEqual([]);

    await customer.unroute(LIST);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await expect.poll(() => mine.getByRole('note', { name: 'Answer' }).textContent()).toContain('No, it went with me.');
    expect(await question.inputValue()).toBe('And the washers?');
  });
});
