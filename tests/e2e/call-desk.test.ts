import { afterAll, beforeAll, describe, it } from 'vitest';
import { applyLineEvent, moveSlotForSeed } from '../../server/domains/commerce/orderLines/service';
import { indiaDay } from '../../server/domains/fieldService/callDesk/service';
import { axeViolations } from '../support/axe';
import { chromiumPath, launch, signIn, waitForPath } from '../support/browser';
import { dataOf } from '../support/catalogue';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The call desk signs in, sees today's counts, finds an order by the customer's mobile number with
 * its lines, states, professional and history, and finds no control that changes anything. And the admin hides an
 * abusive review with a reason, and it leaves the service page's reviews.
 */
describe.skipIf(!chromiumPath)('the call desk and review hiding in the browser', { concurrent: true }, () => {
  let t: TestServer;
  let deskBrowser: Awaited<ReturnType<typeof launch>>;
  let adminBrowser: Awaited<ReturnType<typeof launch>>;
  let customer: Awaited<ReturnType<ReturnType<typeof factories>['customer']>>;
  let order: Awaited<ReturnType<ReturnType<typeof factories>['placedOrder']>>;
  let rated: { serviceId: number; serviceName: string; customerName: string };
  const abuse = 'The man was a useless crook, avoid';

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    const pro = await f.professional({ fullName: 'Farhan Qureshi' });
    // A customer's order of two visits today: one accepted by the professional, one still unassigned.
    customer = await f.customer({ fullName: 'Lakshmi Iyer' });
    order = await f.placedOrder(customer, 2);
    const noon = new Date(indiaDay(new Date()).from.getTime() + 12 * 3_600_000);
    await t.db.transaction(async (tx) => {
      for (const l of order.lines) await moveSlotForSeed(tx, l.id, noon);
      await applyLineEvent(tx, order.lines[0].id, 'ASSIGN', null, {
        professionalUserId: pro.id,
        remark: 'Closest free',
      });
      await applyLineEvent(tx, order.lines[0].id, 'ACCEPT', pro.id);
    });
    // Another customer's completed visit, rated with an abusive review through the API.
    const rater = await f.customer({ fullName: 'Vikram Rao' });
    const visit = await f.placedOrder(rater);
    const line = visit.lines[0];
    await t.db.transaction(async (tx) => {
      await applyLineEvent(tx, line.id, 'ASSIGN', null, { professionalUserId: pro.id });
      await applyLineEvent(tx, line.id, 'ACCEPT', pro.id);
      await applyLineEvent(tx, line.id, 'COMPLETE', pro.id);
    });
    dataOf(
      await t.api('POST', '/api/Professional/CompleteByProfessionalOrCustRating', {
        token: await rater.token(),
        body: { Action: 'CustRating', OrderId: visit.orderId, ServiceId: line.serviceId, Rating: 1, Review: abuse },
      }),
    );
    rated = { serviceId: line.serviceId, serviceName: visit.services[0].heading, customerName: rater.fullName };
    [deskBrowser, adminBrowser] = await Promise.all([launch(), launch()]);
  });
  afterAll(async () => {
    await deskBrowser?.close();
    await adminBrowser?.close();
    await t?.close();
  });

  it('the call desk finds an order by mobile with lines, states, professional and history, and can change nothing', async ({
    expect,
  }) => {
    const page = await deskBrowser.context.newPage();
    await signIn(page, t.url, 'CD');
    await waitForPath(page, '/Dashboard/Calldashboard');
    const main = page.getByRole('main');

    // Today's counts (the two visits above are today's).
    const today = main.getByRole('group', { name: "Today's visits by state" });
    await expect
      .poll(async () =>
        Number(
          (await today
            .getByText(/^\d[\d,]*$/)
            .first()
            .textContent()) ?? 0,
        ),
      )
      .toBeGreaterThanOrEqual(2);
    await expect.poll(() => main.getByRole('group', { name: 'Unassigned visits by age' }).isVisible()).toBe(true);

    // The caller gives their mobile number, spoken with +91.
    await main.getByLabel(/^Customer mobile or order id/).fill(`+91 ${customer.mobileNo}`);
    await main.getByRole('button', { name: 'Search' }).click();
    const found = main.getByRole('region', { name: `Order #${order.orderId}` });
    await expect.poll(() => found.isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('q')).toBe(`+91 ${customer.mobileNo}`);
    const lines = found.getByRole('article');
    await expect.poll(() => lines.count()).toBe(2);
    const accepted = lines.nth(0);
    await expect.poll(() => accepted.getByText('Farhan Qureshi').first().isVisible()).toBe(true);
    expect(await accepted.getByText('Accepted', { exact: true }).first().isVisible()).toBe(true);
    expect(await lines.nth(1).getByText('Not assigned').isVisible()).toBe(true);
    expect(await lines.nth(1).getByText('Unassigned', { exact: true }).first().isVisible()).toBe(true);
    // The history of the accepted visit: assigned with the remark, then accepted by the professional.
    await accepted.getByText(/^History \(\d+\)$/).click();
    const history = accepted.getByRole('table');
    await expect.poll(() => history.getByText('Closest free').isVisible()).toBe(true);
    expect(await history.getByRole('row').filter({ hasText: 'Farhan Qureshi' }).count()).toBeGreaterThanOrEqual(1);

    // Nothing on the page changes anything: the search is the only form, its button the only action.
    expect(await main.locator('form').count()).toBe(1);
    const buttons = await main
      .getByRole('button')
      .evaluateAll((els) =>
        els.filter((e) => !(e as HTMLButtonElement).disabled).map((e) => e.textContent?.trim() ?? ''),
      );
    expect(buttons).toEqual(['Search']);
    expect(await main.getByRole('switch').count()).toBe(0);
    expect(await axeViolations(page), 'call desk').toEqual([]);

    // The other spelling lands on the same page, keeping the search.
    await page.goto(`${t.url}/Dashboard/CallDashboard?q=${order.orderId}`);
    await waitForPath(page, '/Dashboard/Calldashboard');
    await expect.poll(() => page.getByRole('region', { name: `Order #${order.orderId}` }).isVisible()).toBe(true);
  });

  it('the admin hides an abusive review with a reason, and it leaves the service page', async ({ expect }) => {
    const page = await adminBrowser.context.newPage();
    await signIn(page, t.url, 'A');
    await waitForPath(page, '/Dashboard/AdminDashboard');
    const reviews = page.getByRole('list', { name: 'Reviews' });
    await page.goto(`${t.url}/ServicesDetails?id=${rated.serviceId}`);
    await expect.poll(() => reviews.getByText(abuse).isVisible()).toBe(true);

    await page.goto(`${t.url}/Rating/RatingDetails`);
    await page.getByRole('button', { name: `Hide review of ${rated.customerName} on ${rated.serviceName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide this review' });
    // A reason is required.
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await expect
      .poll(() =>
        dialog
          .getByText(/Reason/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByLabel(/^Reason/).fill('Insults the professional');
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const row = page.getByRole('row').filter({ hasText: abuse });
    await expect.poll(() => row.getByText('Hidden', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText('Insults the professional').isVisible()).toBe(true);
    expect(await axeViolations(page), 'rating details').toEqual([]);

    await page.goto(`${t.url}/ServicesDetails?id=${rated.serviceId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Ratings and reviews' }).isVisible()).toBe(true);
    expect(await page.getByText(abuse).count()).toBe(0);
  });
});
