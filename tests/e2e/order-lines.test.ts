import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, users } from '../../server/db/schema';
import { applyLineEvent, moveSlotForSeed } from '../../server/domains/commerce/orderLines/service';
import { axeViolations } from '../support/axe';
import { chromiumPath, launch, signIn, waitForPath } from '../support/browser';
import { factories } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

/**
 * Order lines in the browser (decision 014): in My account → Orders the customer moves a visit to another slot, cancels
 * one in the free window and finds the refund in the wallet, sees the ₹99 fee before cancelling a visit less than 3
 * hours away, and rates a completed visit, then finds the rating on the service's page; a cancelled visit paid through
 * the provider has its refund sent back to the card (decision 030).
 */
describe.skipIf(!chromiumPath)('order lines in the browser', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let page: Page;
  const account = accountOf('Cust');
  type Placed = Awaited<ReturnType<ReturnType<typeof factories>['placedOrder']>>;
  let toMove: Placed;
  let freeCancel: Placed;
  let feeCancel: Placed;
  let toRate: Placed;
  let providerPaid: { orderId: number; serviceId: number };

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    const customer = { ...account, token: () => t.tokenFor('Cust') };
    // The demo customer's orders, placed through the API as they would (wallet-paid), one per scenario.
    toMove = await f.placedOrder(customer);
    freeCancel = await f.placedOrder(customer);
    feeCancel = await f.placedOrder(customer);
    toRate = await f.placedOrder(customer);
    // Paid with the sandbox provider and cancelled: its refund may go back to the payer (decision 030).
    providerPaid = await f.providerPaidOrder(customer);
    await t.api('POST', '/api/Order/OrderCancellation', {
      token: await customer.token(),
      body: { OrderId: providerPaid.orderId, ServiceId: providerPaid.serviceId, AcceptedFee: 0 },
    });
    const [tech] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobileNo, accountOf('TE').mobileNo));
    // Staff and professional steps (decisions 016 and 019) through the service their calls use.
    await t.db.transaction(async (tx) => {
      await applyLineEvent(tx, feeCancel.lines[0].id, 'ASSIGN', null, { professionalUserId: tech.id });
      // A visit less than 3 hours away: booking never makes one, so the seed-only mover puts it there.
      await moveSlotForSeed(tx, feeCancel.lines[0].id, new Date(Date.now() + 2 * 3_600_000));
      const line = toRate.lines[0].id;
      await applyLineEvent(tx, line, 'ASSIGN', null, { professionalUserId: tech.id });
      await applyLineEvent(tx, line, 'ACCEPT', tech.id);
      await applyLineEvent(tx, line, 'COMPLETE', tech.id);
    });
    browser = await launch();
    page = await browser.context.newPage();
    await signIn(page, t.url, 'Cust');
    await waitForPath(page, '/');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const toast = (text: string | RegExp) => page.getByRole('region', { name: /Notifications/ }).getByText(text);
  const item = (o: Placed) => page.getByRole('listitem', { name: new RegExp(`, order ${o.orderId}$`) });
  const line = async (o: Placed) => (await t.db.select().from(orderLines).where(eq(orderLines.id, o.lines[0].id)))[0];
  const balance = async () =>
    (
      await t.api('POST', '/api/GetCustomerWalletBalance', {
        token: await t.tokenFor('A'),
        body: { CustomerMobileNo: account.mobileNo },
      })
    ).body.data.balance as number;

  it('moves a visit to another slot with the slot picker', async () => {
    await page.goto(`${t.url}/MyAccounts?tab=orders`);
    const row = item(toMove);
    await row.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move this visit' });
    await expect.poll(() => dialog.textContent()).toContain('2 moves left');
    const day = dialog.getByLabel('Day');
    const days = (
      await day.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
    ).filter(Boolean);
    await day.selectOption(days[5]);
    await dialog.getByLabel('Time (India)').selectOption('15');
    await dialog.getByRole('button', { name: 'Move the visit' }).click();
    await expect.poll(() => toast(/^Moved to/).isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const moved = await line(toMove);
    expect(moved.rescheduleCount).toBe(1);
    expect(moved.slotStart.toISOString()).toBe(new Date(`${days[5]}T15:00:00+05:30`).toISOString());
    expect(moved.state).toBe('unassigned');
    // The list shows the new slot (3:00 pm India time) and the state unchanged.
    await expect.poll(() => row.textContent()).toMatch(/3:00\s?pm/i);
    expect(await row.textContent()).toContain('Placed');
  });

  it('cancels a visit in the free window: the terms first, then the whole amount back in the wallet', async () => {
    const before = await balance();
    await page.goto(`${t.url}/MyAccounts?tab=orders`);
    await item(freeCancel).getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this visit?' });
    const terms = dialog.getByRole('region', { name: 'Cancellation terms' });
    await expect.poll(() => terms.textContent()).toContain('Free: no professional has been assigned yet.');
    const total = (await line(freeCancel)).totalPaise / 100;
    expect(await terms.textContent()).toContain(`Refund to your wallet${rupees(total)}`);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel the visit' }).click();
    await expect.poll(() => toast(`Cancelled. ${rupees(total)} was refunded to your wallet.`).isVisible()).toBe(true);
    expect(await balance()).toBeCloseTo(before + total, 2);
    // The cancelled list shows the refund; the wallet tab the new balance.
    await page.getByRole('button', { name: 'Cancelled' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('list')).toBe('cancelled');
    await expect.poll(() => item(freeCancel).textContent()).toContain(`Refunded ${rupees(total)} to your wallet`);
    await page.getByRole('tab', { name: 'Wallet' }).click();
    await expect
      .poll(() =>
        page
          .getByText(rupees(before + total))
          .first()
          .isVisible(),
      )
      .toBe(true);
  });

  it('sends the refund of a visit paid through the provider back to the card, from the cancelled list', async () => {
    const before = await balance();
    await page.goto(`${t.url}/MyAccounts?tab=orders&list=cancelled`);
    const row = page.getByRole('listitem', { name: new RegExp(`, order ${providerPaid.orderId}$`) });
    await row.getByRole('button', { name: `Send ${rupees(529.94)} back to the sandbox provider` }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the refund back to where you paid?' });
    await dialog.getByRole('button', { name: `Send ${rupees(529.94)} back` }).click();
    await expect.poll(() => toast(/was sent back to the sandbox provider/).isVisible()).toBe(true);
    await expect.poll(() => row.textContent()).toContain(`${rupees(529.94)} was sent back to the sandbox provider`);
    expect(await row.getByRole('button', { name: /^Send / }).count()).toBe(0);
    expect(await balance()).toBeCloseTo(before - 529.94, 2);
  });

  it('shows the ₹99 fee before cancelling a visit less than 3 hours away, and charges exactly that', async () => {
    const before = await balance();
    await page.goto(`${t.url}/MyAccounts?tab=orders`);
    await item(feeCancel).getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this visit?' });
    const terms = dialog.getByRole('region', { name: 'Cancellation terms' });
    await expect.poll(() => terms.textContent()).toContain('A cancellation fee applies');
    const total = (await line(feeCancel)).totalPaise / 100;
    expect(await terms.textContent()).toContain(`Cancellation fee${rupees(99)}`);
    expect(await terms.textContent()).toContain(`Refund to your wallet${rupees(total - 99)}`);
    // Nothing has happened yet: the fee is only shown.
    expect((await line(feeCancel)).state).toBe('assigned');
    await dialog.getByRole('button', { name: `Cancel and pay ${rupees(99)}` }).click();
    await expect.poll(async () => (await line(feeCancel)).state).toBe('cancelled');
    expect((await line(feeCancel)).cancelFeePaise).toBe(9900);
    expect(await balance()).toBeCloseTo(before + total - 99, 2);
  });

  it('rates a completed visit and finds the rating on the service page', async () => {
    await page.goto(`${t.url}/MyAccounts?tab=orders&list=past`);
    const row = item(toRate);
    await row.getByRole('button', { name: 'Rate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rate this visit' });
    await dialog.getByRole('radio', { name: '4 stars' }).check();
    await dialog.getByLabel('Review (optional)').fill('Careful work, arrived on time.');
    await dialog.getByRole('button', { name: 'Send rating' }).click();
    await expect.poll(() => toast('Thank you for rating this visit.').isVisible()).toBe(true);
    await expect.poll(() => row.textContent()).toContain('Your rating: 4 of 5');
    expect(await row.getByRole('button', { name: 'Rate' }).count()).toBe(0);

    await page.goto(`${t.url}/ServicesDetails?id=${toRate.services[0].id}`);
    const ratings = page.getByRole('region', { name: 'Ratings and reviews' });
    await expect.poll(() => ratings.textContent()).toContain('Careful work, arrived on time.');
    const text = await ratings.textContent();
    expect(text).toContain('4.0');
    expect(text).toContain('1 rating');
    expect(text).toContain(account.fullName.split(' ')[0]);
    expect(text).not.toContain(account.mobileNo);
  });
});
