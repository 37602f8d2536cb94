import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { chromiumPath, launch, signIn, waitForPath } from '../support/browser';
import { factories } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

/**
 * Queries and notifications in the browser (decision 014): the customer raises a query about an order line in My
 * account, the admin answers it on the admin's Customer queries page, and the customer sees the answer under Queries
 * and the notification at /Notification, with the unread count on the header's bell, and marks it read.
 */
describe.skipIf(!chromiumPath)('customer queries and notifications in the browser', () => {
  let t: TestServer;
  let customerBrowser: Awaited<ReturnType<typeof launch>>;
  let adminBrowser: Awaited<ReturnType<typeof launch>>;
  let customer: Page;
  let admin: Page;
  let serviceName: string;
  let lineId: number;
  const account = accountOf('Cust');

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    // The demo customer's order, placed through the API as they would (wallet-paid).
    const order = await factories(t).placedOrder({ ...account, token: () => t.tokenFor('Cust') });
    serviceName = order.services[0].heading;
    lineId = order.lines[0].id;
    customerBrowser = await launch();
    adminBrowser = await launch();
    customer = await customerBrowser.context.newPage();
    await signIn(customer, t.url, 'Cust');
    await waitForPath(customer, '/');
    admin = await adminBrowser.context.newPage();
    await signIn(admin, t.url, 'A');
    await waitForPath(admin, '/Dashboard/AdminDashboard');
  });
  afterAll(async () => {
    await customerBrowser?.close();
    await adminBrowser?.close();
    await t?.close();
  });

  const unreadFromServer = async () =>
    (await t.api('GET', '/api/Notifications/UnreadCount', { token: await t.tokenFor('Cust') })).body.data
      .unread as number;
  const bell = (page: Page) => page.getByRole('link', { name: /^Notifications/ });

  it('the customer raises a query, the admin answers it, the customer sees the answer and the notification and marks it read', async () => {
    // My account → Queries: choose the visit and ask.
    await customer.goto(`${t.url}/MyAccounts?tab=queries`);
    const form = customer.getByRole('form', { name: 'Raise a query' });
    const lineSelect = form.getByLabel(/^Visit/);
    await expect
      .poll(() => lineSelect.locator('option').allTextContents())
      .toContainEqual(expect.stringContaining(serviceName));
    // Sending without a question is refused on the form, naming the field.
    await lineSelect.selectOption(String(lineId));
    await form.getByRole('button', { name: 'Send query' }).click();
    await expect
      .poll(() =>
        form
          .getByText(/Your question/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await form.getByLabel(/^Your question/).fill('Will the professional bring a ladder?');
    await form.getByRole('button', { name: 'Send query' }).click();
    const mine = customer.getByRole('list', { name: 'Your queries' });
    const item = mine.getByRole('listitem', { name: `Query about ${serviceName}` });
    await expect.poll(() => item.getByText('Awaiting answer').isVisible()).toBe(true);
    expect(await item.getByText('Will the professional bring a ladder?').isVisible()).toBe(true);
    expect(await item.getByRole('button', { name: 'Delete query' }).isVisible()).toBe(true);
    expect(await axeViolations(customer), 'My account → Queries').toEqual([]);

    // The admin finds it among the raised queries and answers it.
    await admin.goto(`${t.url}/Customer/CustomerQueries?state=raised`);
    const answerButton = admin.getByRole('button', {
      name: `Answer the query of ${account.fullName} about ${serviceName}`,
    });
    await answerButton.click();
    const dialog = admin.getByRole('dialog', { name: `Query about ${serviceName}` });
    await expect.poll(() => dialog.getByText('Will the professional bring a ladder?').isVisible()).toBe(true);
    expect(await axeViolations(admin), 'the answer dialog').toEqual([]);
    // The query's machine, in its raised state.
    expect(await dialog.getByRole('figure').first().isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Answer/ }).fill('Yes, a ladder comes with every visit.');
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await expect.poll(() => dialog.getByText('Yes, a ladder comes with every visit.').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(/Answered .* by Asha Admin/).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: /close/i }).first().click();
    await admin.goto(`${t.url}/Customer/CustomerQueries?state=answered`);
    await expect
      .poll(() =>
        admin.getByRole('button', { name: `View the query of ${account.fullName} about ${serviceName}` }).isVisible(),
      )
      .toBe(true);

    // The customer sees the answer under Queries, and it can no longer be deleted.
    await customer.reload();
    await expect.poll(() => item.getByText('Answered', { exact: true }).isVisible()).toBe(true);
    expect(await item.getByRole('note', { name: 'Answer' }).textContent()).toContain(
      'Yes, a ladder comes with every visit.',
    );
    expect(await item.getByRole('button', { name: 'Delete query' }).count()).toBe(0);

    // The bell counts the unread notifications (the wallet credit and the order's, and the answer).
    const unread = await unreadFromServer();
    expect(unread).toBeGreaterThanOrEqual(1);
    await expect.poll(() => bell(customer).getAttribute('aria-label')).toBe(`Notifications, ${unread} unread`);
    await bell(customer).click();
    await expect.poll(() => new URL(customer.url()).pathname).toBe('/Notification');
    const list = customer.getByRole('list', { name: 'Notifications' });
    const answered = list.getByRole('listitem', { name: 'Unread: Your query was answered' });
    await expect.poll(() => answered.isVisible()).toBe(true);
    expect(await answered.textContent()).toContain('Yes, a ladder comes with every visit.');
    expect(await axeViolations(customer), '/Notification').toEqual([]);
    await answered.getByRole('button', { name: 'Mark as read: Your query was answered' }).click();
    await expect.poll(() => list.getByRole('listitem', { name: 'Your query was answered' }).isVisible()).toBe(true);
    await expect.poll(unreadFromServer).toBe(unread - 1);
    await expect
      .poll(() => bell(customer).getAttribute('aria-label'))
      .toBe(unread - 1 ? `Notifications, ${unread - 1} unread` : 'Notifications');

    // The new services are offered on the same page.
    expect(await customer.getByRole('heading', { name: 'New services' }).isVisible()).toBe(true);

    // Mark all: nothing unread remains, and the bell shows no count.
    if (unread - 1 > 0) await customer.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(unreadFromServer).toBe(0);
    await expect.poll(() => bell(customer).getAttribute('aria-label')).toBe('Notifications');
    // The page's list and the bell's count are two reads, refreshed one after the other.
    await expect.poll(() => customer.getByText('All read').isVisible()).toBe(true);

    // The answer's link opens the customer's queries.
    await list.getByRole('listitem', { name: 'Your query was answered' }).getByRole('link', { name: 'Open' }).click();
    await expect.poll(() => new URL(customer.url()).search).toBe('?tab=queries');
  });

  it('a visitor opening /Notification signs in first and comes back', async () => {
    const visitorBrowser = await launch();
    const visitor = await visitorBrowser.context.newPage();
    await visitor.goto(`${t.url}/Notification`);
    await expect.poll(() => new URL(visitor.url()).pathname).toBe('/Auth');
    expect(await visitor.getByRole('link', { name: /^Notifications/ }).count()).toBe(0);
    await visitorBrowser.close();
  });
});
