import { and, desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../../server/db/schema';
import { axeViolations } from '../support/axe';
import { browserPerPerson, chromiumPath, signIn, waitForPath } from '../support/browser';
import { dayFromToday, factories, freshAadhaar, freshPan } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

/** The smallest file the server takes for a PDF: its bytes start with %PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

let seq = 0;
/** A mobile number no demo account or other test file uses (7 + pid + counter). */
// The revised joining date: the appointment takes it as the joining date, at most a year ahead (decision 033).
const joinOn = dayFromToday(45);
const freshPhone = () => `7${String(process.pid % 10_000).padStart(4, '0')}${String(++seq).padStart(5, '0')}`;

/**
 * Recruitment in Chromium (decision 032). (1) HR adds a candidate with a CV, screens them (with a revised salary and
 * joining date), calls them for interview, finalises them, adds their documents and sends them for approval; the
 * admin approves on Employee/CandidateListHR; HR appoints them from OnBoarding with a zone and a service; the new
 * professional signs in with the one-time password from the outbox. (2) A second candidate's stale Screen button is
 * refused (409: the server's words, the row refreshed), then HR rejects them with a remark and they are listed with
 * it among HR's rejections; a third, rejected by the admin, is on both Admin Rejected lists with the admin's remark.
 */
describe.skipIf(!chromiumPath)('recruitment in the browser', () => {
  let t: TestServer;
  // A browser for each person: the session is the browser's cookie (decision 043).
  const people = browserPerPerson();
  let hr: Page;
  let admin: Page;
  let zone: { zoneName: string; cityName: string };
  let service: { heading: string };

  const hrToken = () => t.tokenFor('HR');
  const adminToken = () => t.tokenFor('A');
  const toast = (page: Page, text: string | RegExp) =>
    page.getByRole('region', { name: /Notifications/ }).getByText(text);
  const candidate = async (id: number) =>
    (await t.api('GET', `/api/Hr/GetCandidateDetail?id=${id}`, { token: await adminToken() })).body.data as {
      state: string;
      history: {
        event: string;
        actorName: string | null;
        remark: string | null;
        revSal: number | null;
        revJoDate: string | null;
      }[];
      professionalId: number | null;
    };
  /** A candidate added through the API (the browser's add is flow 1's). */
  async function addByApi(firstName: string, lastName: string) {
    const res = await t.api('POST', '/api/Hr/AddCandidates', {
      token: await hrToken(),
      body: {
        firstName,
        lastName,
        phone: freshPhone(),
        address: '7 Station Road, Dadar',
        pincode: '400014',
        dob: '1994-08-15',
        designationType: 'Technician',
        offOnRole: 'OnRoll',
        totalExp: 2,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  }
  async function stepByApi(id: number, Action: 'Screen' | 'Interview' | 'Finalise') {
    const res = await t.api('PUT', `/api/Hr/RecruitmentProcess?Action=${Action}&AccFlag=1&id=${id}`, {
      token: await hrToken(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    zone = (await f.zone()) as unknown as typeof zone;
    service = (await f.service()) as unknown as typeof service;
    hr = await (await people.context()).newPage();
    await signIn(hr, t.url, 'HR');
    await waitForPath(hr, '/Dashboard/HrDashboard');
    admin = await (await people.context()).newPage();
    await signIn(admin, t.url, 'A');
    await waitForPath(admin, '/Dashboard/AdminDashboard');
  });
  afterAll(async () => {
    await people.close();
    await t?.close();
  });

  it('adds, screens, interviews, finalises and sends a candidate; the admin approves; HR appoints; they sign in', async () => {
    const phone = freshPhone();
    const aadhaar = freshAadhaar();
    const pan = freshPan();

    // HR adds the candidate with a CV; the contract refuses a bad pincode before anything is sent.
    await hr.goto(`${t.url}/RecruitingStaff/AddCandidate`);
    const form = hr.getByRole('form', { name: 'Add candidate' });
    await form.getByLabel(/^First name/).fill('Meera');
    await form.getByLabel(/^Last name/).fill('Joshi');
    await form.getByLabel(/^Mobile number/).fill(phone);
    await form.getByLabel(/^E-mail/).fill(`meera.${phone}@example.in`);
    await form.getByLabel(/^Address/).fill('12 Link Road, Andheri West, Mumbai');
    await form.getByLabel(/^Pincode/).fill('40005');
    await form.getByLabel(/^Date of birth/).fill('1996-03-21');
    await form.getByLabel(/^Designation/).selectOption('Technician');
    await form.getByLabel(/^Total experience/).fill('4');
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'meera-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect.poll(() => form.getByText('meera-cv.pdf').first().isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Add candidate' }).click();
    await expect
      .poll(() =>
        form
          .getByText(/Pincode/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(new URL(hr.url()).pathname).toBe('/RecruitingStaff/AddCandidate');
    await form.getByLabel(/^Pincode/).fill('400053');
    await form.getByRole('button', { name: 'Add candidate' }).click();

    // Their page: the pipeline at New, the CV on file.
    await expect.poll(() => new URL(hr.url()).pathname).toBe('/RecruitingStaff/CandidateDetail');
    const id = Number(new URL(hr.url()).searchParams.get('id'));
    expect(id).toBeGreaterThan(0);
    await expect.poll(() => hr.getByRole('heading', { name: /Meera Joshi/ }).isVisible()).toBe(true);
    await expect.poll(() => hr.getByRole('button', { name: /Open CV: meera-cv\.pdf/ }).isVisible()).toBe(true);
    expect(await axeViolations(hr), 'new candidate').toEqual([]);

    // Screen with a revised salary and joining date, call for interview, finalise: each through its dialog.
    const step = async (button: string, fill?: () => Promise<void>) => {
      await hr.getByRole('button', { name: button, exact: true }).first().click();
      const dialog = hr.getByRole('dialog');
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await fill?.();
      await dialog.getByRole('button', { name: button, exact: true }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
    };
    await step('Screen', async () => {
      const dialog = hr.getByRole('dialog');
      await dialog.getByLabel(/^Revised salary/).fill('18500');
      await dialog.getByLabel(/^Revised joining date/).fill(joinOn);
    });
    await expect.poll(async () => (await candidate(id)).state).toBe('screened');
    await step('Call for interview');
    await expect.poll(async () => (await candidate(id)).state).toBe('interview');
    await step('Finalise');
    await expect.poll(async () => (await candidate(id)).state).toBe('finalised');
    // The history shows who took the screening step and its revised salary and date.
    const history = hr.getByRole('table', { name: /Steps of Meera Joshi/ });
    await expect.poll(() => history.getByRole('row').count()).toBe(5);
    const screenRow = history.getByRole('row', { name: /Screen/ }).first();
    expect(await screenRow.textContent()).toContain('₹18,500.00');
    const steps = (await candidate(id)).history;
    expect(steps.find((h) => h.event === 'SCREEN')).toMatchObject({ revSal: 18500, revJoDate: joinOn });
    expect(steps.find((h) => h.event === 'SCREEN')?.actorName).toBeTruthy();

    // Documents: Aadhaar with its check digit, PAN, bank details.
    await hr.getByRole('button', { name: 'Add documents' }).click();
    const docs = hr.getByRole('form', { name: 'Add documents' });
    await docs.getByLabel(/^Aadhaar number/).fill(aadhaar);
    await docs
      .getByLabel(/^PAN$|^PAN\b/)
      .first()
      .fill(pan);
    await docs.getByLabel(/^Offered salary/).fill('18500');
    await docs.getByLabel(/^Bank account number/).fill('123456789012');
    await docs.getByLabel(/^IFSC/).fill('HDFC0001234');
    await docs.getByRole('button', { name: 'Add documents' }).click();
    await expect.poll(() => hr.getByText(aadhaar).isVisible()).toBe(true);

    // Send for approval: HR waits for the admin.
    await step('Send for approval');
    await expect.poll(async () => (await candidate(id)).state).toBe('sentForApproval');
    await expect.poll(() => hr.getByText('Waiting for the admin’s approval.').isVisible()).toBe(true);

    // The admin approves on the candidate list.
    await admin.goto(`${t.url}/Employee/CandidateListHR?search=Meera`);
    const row = admin.getByRole('row', { name: /Meera Joshi/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await axeViolations(admin), 'candidate list HR').toEqual([]);
    await row.getByRole('button', { name: 'Approve: Meera Joshi' }).click();
    await expect.poll(async () => (await candidate(id)).state).toBe('approved');
    await expect.poll(() => row.isVisible()).toBe(false);

    // HR appoints from OnBoarding: the professional form comes filled from the candidate.
    await hr.goto(`${t.url}/RecruitingStaff/AppointedList?search=Meera`);
    const toAppoint = hr.getByRole('row', { name: /Meera Joshi/ });
    await expect.poll(() => toAppoint.isVisible()).toBe(true);
    await toAppoint.getByRole('button', { name: 'Appoint: Meera Joshi' }).click();
    await expect.poll(() => new URL(hr.url()).pathname).toBe('/Employee/EmployeeAddHR');
    expect(new URL(hr.url()).searchParams.get('CandidateId')).toBe(String(id));
    const appoint = hr.getByRole('form', { name: 'Add professional' });
    await expect.poll(() => appoint.getByLabel(/^Full name/).inputValue()).toBe('Meera Joshi');
    expect(await appoint.getByLabel(/^Mobile number/).inputValue()).toBe(phone);
    expect(await appoint.getByLabel(/^PAN/).inputValue()).toBe(pan);
    expect(await appoint.getByLabel(/^Aadhaar number/).inputValue()).toBe(aadhaar);
    expect(await appoint.getByLabel(/^Pincode/).inputValue()).toBe('400053');
    // The joining date comes from the revised one (decision 033).
    expect(await appoint.getByLabel(/^Joining date/).inputValue()).toBe(joinOn);
    await appoint.getByLabel(/^State/).selectOption({ label: 'Maharashtra' });
    await expect.poll(() => appoint.getByLabel(/^City/).locator('option').allTextContents()).toContain('Mumbai');
    await appoint.getByLabel(/^City/).selectOption({ label: 'Mumbai' });
    await appoint.getByRole('checkbox', { name: `${zone.zoneName} (${zone.cityName})` }).check();
    await appoint.getByRole('checkbox', { name: service.heading }).check();
    await appoint.getByRole('button', { name: 'Add professional' }).click();
    await expect.poll(() => new URL(hr.url()).pathname).toBe('/Employee/EmployeeDetail');
    await expect.poll(async () => (await candidate(id)).state).toBe('appointed');
    expect((await candidate(id)).professionalId).toBeGreaterThan(0);

    // The new professional signs in with the one-time password from the outbox and chooses their own.
    const [sent] = await t.db
      .select({ payload: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.recipient, phone), eq(notificationOutbox.template, 'professional_welcome')))
      .orderBy(desc(notificationOutbox.id))
      .limit(1);
    const oneTime = (sent?.payload as { password?: string } | null)?.password as string;
    expect(oneTime).toBeTruthy();
    const pro = await (await people.context()).newPage();
    await pro.goto(`${t.url}/Auth`, { waitUntil: 'domcontentloaded' });
    await pro.getByLabel('Mobile number or e-mail').fill(phone);
    await pro.getByLabel('Password', { exact: true }).fill(oneTime);
    await pro.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(pro.url()).pathname).toBe('/Dashboard/ChangPasswordForProfessional');
    const change = pro.getByRole('form', { name: 'Change password' });
    await change.getByLabel(/^Current password/).fill(oneTime);
    await change.getByLabel(/^New password/).fill('Meera-own-pass-2026');
    await change.getByLabel(/^Confirm new password/).fill('Meera-own-pass-2026');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => new URL(pro.url()).pathname).toBe('/Dashboard/TechnicianDashboard');
    await pro.close();
  });

  it('refuses a stale step with the server’s words, rejects with a remark into the right lists', async () => {
    // A candidate HR sees as New while another HR screens them: the stale Screen is refused and the row refreshed.
    const id = await addByApi('Kabir', 'Rao');
    await hr.goto(`${t.url}/RecruitingStaff/Candidates?search=Kabir`);
    const row = hr.getByRole('row', { name: /Kabir Rao/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    await stepByApi(id, 'Screen');
    await row.getByRole('button', { name: 'Screen: Kabir Rao' }).click();
    await hr.getByRole('dialog').getByRole('button', { name: 'Screen', exact: true }).click();
    await expect
      .poll(() =>
        toast(hr, /is not allowed while/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => row.isVisible()).toBe(false);
    expect((await candidate(id)).state).toBe('screened');

    // Rejected from the Screened list with a remark; the dialog wants the remark first.
    await hr.goto(`${t.url}/RecruitingStaff/ScreenedList?search=Kabir`);
    await hr
      .getByRole('row', { name: /Kabir Rao/ })
      .getByRole('button', { name: 'Reject: Kabir Rao' })
      .click();
    const dialog = hr.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(() => dialog.getByText(/say why/).isVisible()).toBe(true);
    await dialog.getByLabel(/^Remark/).fill('No two-wheeler licence');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(async () => (await candidate(id)).state).toBe('rejected');
    await hr.goto(`${t.url}/RecruitingStaff/Candidates?tab=Rejected&search=Kabir`);
    const rejected = hr.getByRole('row', { name: /Kabir Rao/ });
    await expect.poll(() => rejected.isVisible()).toBe(true);
    expect(await rejected.textContent()).toContain('No two-wheeler licence');
    expect(await axeViolations(hr), 'rejected by HR').toEqual([]);

    // A third candidate reaches the admin, who rejects with a remark: both Admin Rejected lists show it.
    const third = await addByApi('Tara', 'Menon');
    await stepByApi(third, 'Screen');
    await stepByApi(third, 'Interview');
    await stepByApi(third, 'Finalise');
    const docs = await t.api('POST', '/api/Hr/AddCandidateDocs', {
      token: await hrToken(),
      body: { candidateId: third, aadharNumber: freshAadhaar(), panNumber: freshPan() },
    });
    expect(docs.status, JSON.stringify(docs.body)).toBe(201);
    const sent = await t.api('PUT', `/api/Hr/SendCandidateForApproval?id=${third}`, { token: await hrToken() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    await admin.goto(`${t.url}/Employee/CandidateListHR?search=Tara`);
    const waiting = admin.getByRole('row', { name: /Tara Menon/ });
    await expect.poll(() => waiting.isVisible()).toBe(true);
    await waiting.getByRole('button', { name: 'Reject: Tara Menon' }).click();
    const adminDialog = admin.getByRole('dialog');
    await adminDialog.getByLabel(/^Remark/).fill('Salary above the band');
    await adminDialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(async () => (await candidate(third)).state).toBe('adminRejected');

    await admin.goto(`${t.url}/Employee/RejectedCandidates?search=Tara`);
    const adminRow = admin.getByRole('row', { name: /Tara Menon/ });
    await expect.poll(() => adminRow.isVisible()).toBe(true);
    expect(await adminRow.textContent()).toContain('Salary above the band');
    await hr.goto(`${t.url}/RecruitingStaff/RejectedCandidates?search=Tara`);
    const hrRow = hr.getByRole('row', { name: /Tara Menon/ });
    await expect.poll(() => hrRow.isVisible()).toBe(true);
    expect(await hrRow.textContent()).toContain('Salary above the band');
    // HR's own rejection is not on the Admin Rejected List.
    await hr.goto(`${t.url}/RecruitingStaff/RejectedCandidates?search=Kabir`);
    await expect.poll(() => hr.getByText('No results match “Kabir”.').isVisible()).toBe(true);
    expect(await hr.getByRole('row', { name: /Kabir Rao/ }).count()).toBe(0);

    // A sheet of candidates imports through the Candidates page (all rows or none); they start as New.
    await hr.goto(`${t.url}/RecruitingStaff/Candidates`);
    await hr.getByRole('button', { name: 'Import' }).click();
    const importer = hr.getByRole('dialog', { name: 'Import candidates' });
    const sheet = [
      'firstName,lastName,phone,address,pincode,dob,designationType,offOnRole,totalExp',
      `Ishaan,Verma,${freshPhone()},"3 Hill Road, Bandra",400050,1993-11-02,Engineer,OffRoll,6`,
    ].join('\r\n');
    await importer
      .getByLabel('Spreadsheet file (.xlsx or .csv)')
      .setInputFiles({ name: 'candidates.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
    await importer.getByRole('button', { name: 'Import 1 row' }).click();
    await expect
      .poll(
        async () =>
          (await t.api('GET', '/api/Hr/GetCandidatesByAction?Action=New&search=Ishaan', { token: await hrToken() }))
            .body.data.total,
      )
      .toBe(1);

    // The log counts today's steps from the history (nobody typed them), and the month-wise report exports them.
    const log = (await t.api('GET', '/api/Hr/GetRecruitmentLog', { token: await hrToken() })).body.data;
    const today = log.rows.find((r: { hrName: string }) => r.hrName === accountOf('HR').fullName);
    expect(today.screeningProcess).toBeGreaterThanOrEqual(3);
    expect(today.appointedTech).toBeGreaterThanOrEqual(1);
    await hr.goto(`${t.url}/RecruitingStaff/RecruitingCount`);
    const day = hr.getByRole('row', { name: new RegExp(accountOf('HR').fullName) }).first();
    await expect.poll(() => day.isVisible()).toBe(true);
    const cells = await day.getByRole('cell').allTextContents();
    expect(cells.slice(2)).toEqual(
      [
        today.screeningProcess,
        today.interviewed,
        today.finalized,
        today.sentForApproval,
        today.appointedTech,
        today.apointedEngg,
      ].map(String),
    );
    await hr.goto(`${t.url}/Reports/MonthWiseRecruitment`);
    await expect.poll(() => hr.getByRole('img', { name: /Recruitment steps per month/ }).isVisible()).toBe(true);
    const [csv] = await Promise.all([
      hr.waitForEvent('download'),
      hr.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = await (await import('node:fs/promises')).readFile((await csv.path()) as string, 'utf8');
    expect(text).toContain(log.to.slice(0, 7));
  });
});
