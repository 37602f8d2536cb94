import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDay } from '../../server/domains/people/attendance/service';
import { axeViolations } from '../support/axe';
import { browserPerPerson, chromiumPath, signIn, waitForPath } from '../support/browser';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Attendance in Chromium (decision 033): a professional checks in on /Attendance/Attendance (the server's time); HR
 * finds them on the attendance list, opens their last month, corrects an absent day to present with a reason, and sees
 * the counts change and the correction in the day's history. A professional who joined mid-month reads "Not joined"
 * before their joining day.
 */
describe.skipIf(!chromiumPath)('attendance in the browser', () => {
  let t: TestServer;
  // A browser for each person: the session is the browser's cookie (decision 043).
  const people = browserPerPerson();
  let pro: Page;
  let hr: Page;
  let p: Awaited<ReturnType<ReturnType<typeof factories>['professional']>>;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    p = await factories(t).professional({ fullName: 'Asha Attendance', available: false });
    await p.token(); // replaces the one-time password, so the browser signs in with p.password
    pro = await (await people.context()).newPage();
    hr = await (await people.context()).newPage();
    await Promise.all([
      (async () => {
        await pro.goto(`${t.url}/Auth`);
        await pro.getByLabel('Mobile number or e-mail').fill(p.mobileNo);
        await pro.getByLabel('Password', { exact: true }).fill(p.password);
        await pro.getByRole('button', { name: 'Sign in' }).click();
        await waitForPath(pro, '/Dashboard/TechnicianDashboard');
      })(),
      (async () => {
        await signIn(hr, t.url, 'HR');
        await waitForPath(hr, '/Dashboard/HrDashboard');
      })(),
    ]);
  });
  afterAll(async () => {
    await people.close();
    await t?.close();
  });

  const toast = (page: Page, text: string | RegExp) =>
    page.getByRole('region', { name: /Notifications/ }).getByText(text);

  it('the professional checks in for today', async () => {
    await pro.goto(`${t.url}/Attendance/Attendance`);
    const checkIn = pro.getByRole('button', { name: 'Check in' });
    await expect.poll(() => checkIn.isEnabled()).toBe(true);
    await checkIn.click();
    await expect.poll(() => toast(pro, /You checked in at \d\d:\d\d/).isVisible()).toBe(true);
    await expect.poll(() => pro.getByTestId('check-in-time').textContent()).toMatch(/^\d\d:\d\d$/);
    await expect.poll(() => checkIn.isDisabled()).toBe(true);
    await expect.poll(() => pro.getByRole('button', { name: 'Check out' }).isEnabled()).toBe(true);
  });

  it('HR corrects a day of the last month with a reason and sees the counts change', async () => {
    const now = indiaDay(new Date());
    const last = now.month === 1 ? { year: now.year - 1, month: 12 } : { year: now.year, month: now.month - 1 };
    // The first Monday-to-Saturday of the last month: absent, as nobody marked it.
    let day = new Date(Date.UTC(last.year, last.month - 1, 1));
    if (day.getUTCDay() === 0) day = new Date(day.getTime() + 86_400_000);
    const date = day.toISOString().slice(0, 10);

    await hr.goto(`${t.url}/Reports/AttendanceList?year=${last.year}&month=${last.month}`);
    await hr.getByRole('searchbox').fill('Asha Attendance');
    const link = hr.getByRole('link', { name: 'Asha Attendance' });
    await expect.poll(() => link.isVisible()).toBe(true);
    await link.click();
    await expect.poll(() => hr.getByRole('heading', { name: /Asha Attendance/ }).isVisible()).toBe(true);

    const counts = hr.getByRole('group', { name: /^Counts of / });
    const figure = (label: string) => counts.getByText(label, { exact: true }).locator('xpath=..');
    await expect.poll(() => figure('Present').textContent()).toBe('Present0');

    // A day's button is named by what it shows, then the date: "5 Absent, 05 Nov 2026: correct this day".
    const dayNumber = Number(date.slice(8));
    await hr.getByRole('button', { name: new RegExp(`^${dayNumber} Absent`) }).click();
    const dialog = hr.getByRole('dialog', { name: `Correct ${date}` });
    await dialog.getByLabel('Status').selectOption('present');
    await dialog.getByLabel('Check-in').fill('09:15');
    await dialog.getByLabel('Check-out').fill('18:05');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    // No reason: the form names the field and sends nothing.
    await expect
      .poll(() =>
        dialog
          .getByText(/Reason/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await dialog.getByLabel('Reason').fill('Was at a customer site; forgot to check in');
    await dialog.getByRole('button', { name: 'Save correction' }).click();

    await expect.poll(() => toast(hr, 'The day was corrected.').isVisible()).toBe(true);
    await expect.poll(() => figure('Present').textContent()).toBe('Present1');
    await expect
      .poll(() => hr.getByRole('row').filter({ hasText: 'Was at a customer site; forgot to check in' }).textContent())
      .toMatch(/Corrected .*absent.*present 09:15–18:05/);
    await expect
      .poll(() => hr.getByRole('button', { name: new RegExp(`^${dayNumber} Present 09:15–18:05`) }).isVisible())
      .toBe(true);
  });

  it('a mid-month joiner: the days before joining read "Not joined", not absent, in light and dark', async () => {
    const now = indiaDay(new Date());
    const last = now.month === 1 ? { year: now.year - 1, month: 12 } : { year: now.year, month: now.month - 1 };
    const ym = `${last.year}-${String(last.month).padStart(2, '0')}`;
    await factories(t).professional({ fullName: 'Bela Joiner', joiningDate: `${ym}-15`, available: false });

    await hr.goto(`${t.url}/Reports/AttendanceList?year=${last.year}&month=${last.month}`);
    await hr.getByRole('searchbox').fill('Bela Joiner');
    const link = hr.getByRole('link', { name: 'Bela Joiner' });
    await expect.poll(() => link.isVisible()).toBe(true);
    await link.click();
    await expect.poll(() => hr.getByRole('heading', { name: /Bela Joiner/ }).isVisible()).toBe(true);

    const before = hr.locator(`li[data-date="${ym}-14"]`);
    await expect.poll(() => before.getAttribute('data-status')).toBe('notJoined');
    expect(await before.textContent()).toContain('Not joined');
    // Not a day HR can correct; the joining day is.
    expect(await before.getByRole('button').count()).toBe(0);
    expect(await hr.locator(`li[data-date="${ym}-15"]`).getByRole('button').count()).toBe(1);
    const counts = hr.getByRole('group', { name: /^Counts of / });
    const figure = (label: string) => counts.getByText(label, { exact: true }).locator('xpath=..');
    await expect.poll(() => figure('Not joined').textContent()).toBe('Not joined14');

    // The calendar, "Not joined" cells included, passes axe in both themes (contrast, and day buttons named by what
    // they show).
    const violations = () => axeViolations(hr);
    expect(await violations()).toEqual([]);
    await hr.evaluate(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    expect(await violations()).toEqual([]);
    await hr.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
  });

  it('HR adds a holiday and deletes it', async () => {
    const year = indiaDay(new Date()).year + 1;
    await hr.goto(`${t.url}/Attendance/Holidays?year=${year}`);
    await hr.getByLabel('Date').fill(`${year}-08-15`);
    await hr.getByLabel('Name').fill('Independence Day');
    await hr.getByRole('button', { name: 'Add holiday' }).click();
    const row = hr.getByRole('row').filter({ hasText: 'Independence Day' });
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Delete Independence Day' }).click();
    await hr.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row.count()).toBe(0);
  });
});
