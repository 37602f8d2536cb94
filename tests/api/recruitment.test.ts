import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b64, dataOf, png } from '../support/catalogue';
import { candidateFactories, candidatePdf, freshAadhaar } from '../support/factories';
import { ROLE_CODES, startTestServer, type TestServer } from '../support/server';

/**
 * Recruitment through HTTP (decision 032): adding (CV by its bytes, age, open phone/e-mail), the lists, the
 * documents (formats, Aadhaar, private files), every step of Hr/RecruitmentProcess with its history, the admin's
 * decision, deletion, appointment into a professional, the derived log, funnel and month-wise report, and the import.
 */
let t: TestServer;
let c: ReturnType<typeof candidateFactories>;
let hr: string;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  c = candidateFactories(t);
  hr = await t.tokenFor('HR');
  admin = await t.tokenFor('A');
});
afterAll(() => t?.close());

const rows = async <T>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const countOf = async (table: string, where = 'true') =>
  Number((await rows<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`))[0].n);
const add = (body: unknown, token = hr) => t.api('POST', '/api/Hr/AddCandidates', { token, body });
/** An old Word file (.doc): an OLE compound file, known by its signature. */
const wordDoc = () => {
  const bytes = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  return bytes;
};
const yearsAgo = (n: number, days = 0) => {
  const d = new Date(Date.now() + 330 * 60_000);
  d.setUTCFullYear(d.getUTCFullYear() - n);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('adding candidates', () => {
  it('adds a candidate in state new, with a private CV, the derived flags and the first step', async () => {
    const d = dataOf(await add(c.body({ cvFile: candidatePdf(), cvFileName: '../ravi cv.pdf' })), 201);
    expect(d).toMatchObject({
      state: 'new',
      isScreened: false,
      isAppointed: false,
      hasCv: true,
      cvFileName: 'ravi cv.pdf',
    });
    expect(d.allowedEvents).toEqual(['SCREEN', 'REJECT']);
    expect(d.history).toHaveLength(1);
    expect(d.history[0]).toMatchObject({
      fromState: null,
      toState: 'new',
      event: 'ADD',
      actorName: expect.any(String),
    });
    // Not under the public uploads: nothing was written there.
    const publicDir = path.join(t.dataDir, 'uploads');
    const listed = fs.existsSync(publicDir) ? fs.readdirSync(publicDir, { recursive: true }).map(String) : [];
    expect(listed.filter((f) => f.includes('candidate'))).toEqual([]);
    const [row] = await rows<{ cv_file_url: string }>(`select cv_file_url from candidates where id = ${d.id}`);
    expect((await t.api('GET', row.cv_file_url)).status).toBe(404);
    // The CV is served to HR and the admin only, as a download.
    const file = await t.api('GET', `/api/Hr/GetCandidateFile?id=${d.id}&kind=cv`, { token: hr });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect((await t.api('GET', `/api/Hr/GetCandidateFile?id=${d.id}&kind=cv`, { token: admin })).status).toBe(200);
    for (const role of ROLE_CODES.filter((r) => r !== 'HR' && r !== 'A')) {
      const res = await t.api('GET', `/api/Hr/GetCandidateFile?id=${d.id}&kind=cv`, { token: await t.tokenFor(role) });
      expect(res.status, role).toBe(403);
    }
    expect((await t.api('GET', `/api/Hr/GetCandidateFile?id=${d.id}&kind=cv`)).status).toBe(401);
  });

  it('accepts a Word CV and refuses other files by their bytes, whatever their name', async () => {
    const word = dataOf(await add(c.body({ cvFile: b64(wordDoc()), cvFileName: 'cv.doc' })), 201);
    expect(word.hasCv).toBe(true);
    const f = await t.api('GET', `/api/Hr/GetCandidateFile?id=${word.id}&kind=cv`, { token: hr });
    expect(f.headers.get('content-type')).toContain('application/msword');
    const before = await countOf('candidates');
    const picture = await add(c.body({ cvFile: b64(png()), cvFileName: 'cv.pdf' }));
    expect(picture.status).toBe(400);
    expect(picture.body.errors[0]).toMatchObject({ field: 'cvFile' });
    const text = await add(c.body({ cvFile: Buffer.from('just text').toString('base64') }));
    expect(text.status).toBe(400);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024 + 10, 32)]);
    const tooBig = await add(c.body({ cvFile: big.toString('base64') }));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors[0].message).toMatch(/5 MB/);
    expect(await countOf('candidates')).toBe(before);
  });

  it('refuses a candidate under 18 (and accepts one who turned 18 today), naming the field', async () => {
    const young = await add(c.body({ dob: yearsAgo(18, 1) }));
    expect(young.status).toBe(400);
    expect(young.body.errors).toEqual([{ field: 'dob', message: expect.stringMatching(/18/) }]);
    expect((await add(c.body({ dob: yearsAgo(18) }))).status).toBe(201);
    const notADate = await add(c.body({ dob: '2001-02-30' }));
    expect(notADate.status).toBe(400);
    expect(notADate.body.errors[0].field).toBe('dob');
  });

  it('refuses a second open candidate with the same phone or e-mail; a rejected one frees them', async () => {
    const first = await c.candidate();
    const samePhone = await add(c.body({ phone: first.phone }));
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.errors[0].field).toBe('phone');
    const sameEmail = await add(c.body({ email: (first.email as string).toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.errors[0].field).toBe('email');
    dataOf(await c.process(first.id, 'Reject', { RejectRemark: 'No show' }));
    expect((await add(c.body({ phone: first.phone, email: first.email }))).status).toBe(201);
  });

  it('is HR only: the admin and other roles cannot add', async () => {
    for (const role of ROLE_CODES.filter((r) => r !== 'HR')) {
      expect((await add(c.body(), await t.tokenFor(role))).status, role).toBe(403);
    }
  });
});

describe('the pipeline', () => {
  it('screens, interviews, finalises with a revised salary and date, and keeps every step in the history', async () => {
    const made = await c.candidate();
    const s1 = dataOf(await c.process(made.id, 'Screen', { RevSal: 21000.5 }));
    expect(s1).toMatchObject({ state: 'screened', isScreened: true, isInterview: false, revisedSalary: 21000.5 });
    expect(s1.allowedEvents).toEqual(['INTERVIEW', 'REJECT']);
    const s2 = dataOf(await c.process(made.id, 'Interview', { AccFlag: 1 }));
    expect(s2).toMatchObject({ state: 'interview', isInterview: true });
    const s3 = dataOf(await c.process(made.id, 'Finalise', { RevSal: 22000, RevJoDate: '2031-03-01' }));
    expect(s3).toMatchObject({
      state: 'finalised',
      isFinalised: true,
      revisedSalary: 22000,
      revisedJoinDate: '2031-03-01',
    });
    expect(s3.allowedEvents).toEqual(['REJECT', 'SEND_FOR_APPROVAL']);
    const history = dataOf(await t.api('GET', `/api/Hr/GetCandidateHistory?id=${made.id}`, { token: admin }));
    expect(history.map((h: { event: string }) => h.event)).toEqual(['ADD', 'SCREEN', 'INTERVIEW', 'FINALISE']);
    expect(history[1]).toMatchObject({ fromState: 'new', toState: 'screened', revSal: 21000.5, revJoDate: null });
    expect(history[3]).toMatchObject({
      fromState: 'interview',
      toState: 'finalised',
      revSal: 22000,
      revJoDate: '2031-03-01',
    });
    expect(history[3].actorName).toBeTruthy();
    // Stored as paise; the flags are not stored at all.
    const [row] = await rows<Record<string, unknown>>(`select * from candidates where id = ${made.id}`);
    expect(Number(row.revised_salary_paise)).toBe(2_200_000);
    expect(Object.keys(row).filter((k) => k.startsWith('is_'))).toEqual([]);
    // The product-wide transition log has each event too.
    expect(await countOf('transition_log', `entity = 'Candidate' and entity_id = ${made.id}`)).toBe(3);
  });

  it('answers 409 with the state and the allowed events for a step the machine refuses, and changes nothing', async () => {
    const made = await c.candidate();
    const res = await c.process(made.id, 'Finalise');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ state: 'new', allowedEvents: ['SCREEN', 'REJECT'] });
    expect((await c.sendForApproval(made.id)).status).toBe(409);
    expect((await c.decide(made.id, true)).status).toBe(409);
    expect(await countOf('candidate_steps', `candidate_id = ${made.id}`)).toBe(1);
  });

  it('rejects with a remark only (AccFlag 0 or Action Reject); the rejected keep how far they got', async () => {
    const made = await c.at('interview');
    const noRemark = await c.process(made.id, 'Finalise', { AccFlag: 0 });
    expect(noRemark.status).toBe(400);
    expect(noRemark.body.errors[0].field).toBe('RejectRemark');
    const done = dataOf(await c.process(made.id, 'Finalise', { AccFlag: 0, RejectRemark: 'Weak on wiring' }));
    expect(done).toMatchObject({
      state: 'rejected',
      isScreened: true,
      isInterview: true,
      isFinalised: false,
      lastRemark: 'Weak on wiring',
      allowedEvents: [],
    });
    expect((await c.process(made.id, 'Screen')).status).toBe(409);
  });

  it('refuses a bad revised joining date by name', async () => {
    const made = await c.candidate();
    const res = await c.process(made.id, 'Screen', { RevJoDate: '2030-02-31' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('RevJoDate');
  });

  it('sends for approval only with documents carrying PAN and Aadhaar', async () => {
    const made = await c.at('finalised');
    const bare = await c.sendForApproval(made.id);
    expect(bare.status).toBe(409);
    expect(await countOf('candidates', `id = ${made.id} and state = 'finalised'`)).toBe(1);
    await c.docs(made.id);
    const sent = dataOf(await c.sendForApproval(made.id));
    expect(sent.state).toBe('sentForApproval');
    // HR is offered nothing while the admin decides; the admin is offered the decision.
    expect(sent.allowedEvents).toEqual([]);
    const asAdmin = dataOf(await t.api('GET', `/api/Hr/GetCandidateDetail?id=${made.id}`, { token: admin }));
    expect(asAdmin.allowedEvents).toEqual(['APPROVE', 'ADMIN_REJECT']);
  });

  it('lets only the admin decide; a rejection needs a remark and lands on the Admin Rejected list', async () => {
    const made = await c.at('sentForApproval');
    expect((await c.decide(made.id, true, '', hr)).status).toBe(403);
    const noRemark = await c.decide(made.id, false);
    expect(noRemark.status).toBe(400);
    expect(noRemark.body.errors[0].field).toBe('RejectRemark');
    const rejected = dataOf(await c.decide(made.id, false, 'Budget frozen'));
    expect(rejected).toMatchObject({ state: 'adminRejected', lastRemark: 'Budget frozen', isFinalised: true });
    const list = dataOf(
      await t.api('GET', `/api/Hr/GetCandidatesByAction?Action=AdminRejected&search=${made.phone}`, { token: hr }),
    );
    expect(list.items.map((i: { id: number }) => i.id)).toEqual([made.id]);
    expect(list.items[0].lastRemark).toBe('Budget frozen');
  });

  it('deletes only a candidate not yet screened, with their files', async () => {
    const fresh = dataOf(await add(c.body({ cvFile: candidatePdf() })), 201);
    const [row] = await rows<{ cv_file_url: string }>(`select cv_file_url from candidates where id = ${fresh.id}`);
    const onDisk = path.join(`${t.dataDir}/uploads-private`, row.cv_file_url.replace(/^\/uploads\//, ''));
    expect(fs.existsSync(onDisk)).toBe(true);
    const screened = await c.at('screened');
    const refused = await t.api('DELETE', `/api/Hr/DeleteCandidates?id=${screened.id}`, { token: hr });
    expect(refused.status).toBe(409);
    expect(refused.body.state).toBe('screened');
    expect((await t.api('DELETE', `/api/Hr/DeleteCandidates?id=${fresh.id}`, { token: admin })).status).toBe(403);
    expect((await t.api('DELETE', `/api/Hr/DeleteCandidates?id=${fresh.id}`, { token: hr })).status).toBe(200);
    expect(await countOf('candidates', `id = ${fresh.id}`)).toBe(0);
    expect(fs.existsSync(onDisk)).toBe(false);
    expect((await t.api('DELETE', `/api/Hr/DeleteCandidates?id=${fresh.id}`, { token: hr })).status).toBe(404);
  });
});

describe('appointment', () => {
  it('makes the professional from the candidate: their details, documents, type and bank account; twice is 409', async () => {
    const made = await c.at('approved', { designationType: 'Engineer', firstName: 'Meera', lastName: 'Iyer' });
    const docs = dataOf(await t.api('GET', `/api/Hr/GetCandidateDocs?id=${made.id}`, { token: hr }));
    const res = await c.appoint(made.id, { professionalType: 'Technician' });
    const pro = dataOf(res, 201);
    expect(pro).toMatchObject({
      fullName: 'Meera Kumar'.replace('Kumar', 'Iyer'),
      professionalType: 'Engineer',
      phone: made.phone,
      candidateId: made.id,
    });
    expect(pro.panNumber).toBe(docs.panNumber);
    expect(pro.aadharNumber).toBe(docs.aadharNumber);
    const after = dataOf(await t.api('GET', `/api/Hr/GetCandidateDetail?id=${made.id}`, { token: hr }));
    expect(after).toMatchObject({ state: 'appointed', isAppointed: true, professionalId: pro.id, allowedEvents: [] });
    const [bank] = await rows<Record<string, string>>(
      `select bank_acc_no, bank_ifsc, uan_no from professional_bank_details where professional_user_id = ${pro.id}`,
    );
    expect(bank).toEqual({ bank_acc_no: '123456789012', bank_ifsc: 'HDFC0001234', uan_no: '100200300400' });
    const again = await c.appoint(made.id);
    expect(again.status).toBe(409);
    expect(again.body.state).toBe('appointed');
    expect(await countOf('professionals', `candidate_id = ${made.id}`)).toBe(1);
    // The new professional signs in with the candidate's phone.
    expect(await countOf('users', `mobile_no = '${made.phone}' and role = 'TE'`)).toBe(1);
  });

  it('refuses to appoint a candidate the admin has not approved (409 with the state), writing nothing', async () => {
    const made = await c.at('sentForApproval');
    const before = await countOf('professionals');
    const res = await c.appoint(made.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ state: 'sentForApproval', allowedEvents: ['APPROVE', 'ADMIN_REJECT'] });
    expect(await countOf('professionals')).toBe(before);
    expect((await c.appoint(999_999)).status).toBe(404);
  });
});

describe('documents', () => {
  it('validates PAN, Aadhaar (Verhoeff), IFSC and UAN by field, all at once, writing nothing', async () => {
    const made = await c.candidate();
    const aadhaar = freshAadhaar();
    const wrongCheck = `${aadhaar.slice(0, 11)}${(Number(aadhaar[11]) + 1) % 10}`;
    // The contract's patterns first (every field at once)...
    const res = await t.api('POST', '/api/Hr/AddCandidateDocs', {
      token: hr,
      body: { candidateId: made.id, panNumber: 'ABCD12345F', bankIFSC: 'HDFC1234567', uanNo: '12345' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['bankIFSC', 'panNumber', 'uanNo']);
    // ...then the rules a pattern cannot state: the Verhoeff check digit, Aadhaar's first digit.
    const checked = await t.api('POST', '/api/Hr/AddCandidateDocs', {
      token: hr,
      body: { candidateId: made.id, aadharNumber: wrongCheck, panNumber: 'abcde1234f', expectedJoinDate: '2030-02-30' },
    });
    expect(checked.status).toBe(400);
    expect(checked.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'aadharNumber',
      'expectedJoinDate',
    ]);
    expect(checked.body.errors[0].message).toMatch(/check digit/);
    expect(await countOf('candidate_documents', `candidate_id = ${made.id}`)).toBe(0);
  });

  it('adds, reads (whole Aadhaar for HR and the admin only), updates and serves the files privately', async () => {
    const made = await c.candidate();
    const added = await c.docs(made.id, {
      aadharFile: b64(png()),
      aadharFileName: 'aadhaar.png',
      bankIFSC: 'hdfc0001234',
    });
    expect(added).toMatchObject({ bankIFSC: 'HDFC0001234', offeredSal: 24000.5, verificationSts: 'Verified' });
    expect(added.files).toEqual([{ kind: 'aadhar', fileName: 'aadhaar.png' }]);
    expect(
      (await t.api('POST', '/api/Hr/AddCandidateDocs', { token: hr, body: { candidateId: made.id } })).status,
    ).toBe(409);
    const read = dataOf(await t.api('GET', `/api/Hr/GetCandidateDocs?id=${made.id}`, { token: admin }));
    expect(read.aadharNumber).toMatch(/^[0-9]{12}$/);
    expect(read.aadharLast4).toBe(read.aadharNumber.slice(-4));
    for (const role of ROLE_CODES.filter((r) => r !== 'HR' && r !== 'A')) {
      const token = await t.tokenFor(role);
      expect((await t.api('GET', `/api/Hr/GetCandidateDocs?id=${made.id}`, { token })).status, role).toBe(403);
      expect((await t.api('GET', `/api/Hr/GetCandidateFile?id=${made.id}&kind=aadhar`, { token })).status, role).toBe(
        403,
      );
    }
    // The lists never carry the Aadhaar number.
    const list = dataOf(await t.api('GET', `/api/Hr/GetCandidatesAllOrById?id=${made.id}`, { token: hr }));
    expect(JSON.stringify(list)).not.toContain(read.aadharNumber);
    const [old] = await rows<{ aadhar_file_url: string }>(
      `select aadhar_file_url from candidate_documents where candidate_id = ${made.id}`,
    );
    const oldPath = path.join(`${t.dataDir}/uploads-private`, old.aadhar_file_url.replace(/^\/uploads\//, ''));
    expect(fs.existsSync(oldPath)).toBe(true);
    const updated = dataOf(
      await t.api('POST', '/api/Hr/UpdateCandidateDocs', {
        token: hr,
        body: {
          candidateId: made.id,
          aadharFile: candidatePdf(),
          aadharFileName: 'aadhaar.pdf',
          offeredSal: 30000,
          esiNo: null,
        },
      }),
    );
    expect(updated).toMatchObject({ offeredSal: 30000, esiNo: null, expectedSal: 25000, bankIFSC: 'HDFC0001234' });
    expect(fs.existsSync(oldPath)).toBe(false);
    const file = await t.api('GET', `/api/Hr/GetCandidateFile?id=${made.id}&kind=aadhar`, { token: hr });
    expect(file.headers.get('content-type')).toContain('application/pdf');
    expect((await t.api('GET', `/api/Hr/GetCandidateFile?id=${made.id}&kind=pan`, { token: hr })).status).toBe(404);
  });

  it('answers 404 for the documents of a candidate without any, and refuses a file that is not a document', async () => {
    const made = await c.candidate();
    expect((await t.api('GET', `/api/Hr/GetCandidateDocs?id=${made.id}`, { token: hr })).status).toBe(404);
    expect(
      (
        await t.api('POST', '/api/Hr/UpdateCandidateDocs', {
          token: hr,
          body: { candidateId: made.id, uanNo: '123456789012' },
        })
      ).status,
    ).toBe(404);
    const bad = await t.api('POST', '/api/Hr/AddCandidateDocs', {
      token: hr,
      body: { candidateId: made.id, panFile: Buffer.from('<html></html>').toString('base64') },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('panFile');
    expect(
      (await t.api('POST', '/api/Hr/AddCandidateDocs', { token: hr, body: { candidateId: 999_999 } })).status,
    ).toBe(404);
  });
});

describe('lists', () => {
  it('lists one state, searchable by name, phone or e-mail, paged, with the events allowed per row', async () => {
    const a = await c.at('screened', { firstName: 'Zubin', lastName: 'Screenwala' });
    const b = await c.at('screened', { firstName: 'Zubin', lastName: 'Otherwala' });
    await c.at('interview', { firstName: 'Zubin', lastName: 'Interviewala' });
    const byName = dataOf(
      await t.api('GET', '/api/Hr/GetCandidatesByAction?Action=Screened&search=zubin', { token: hr }),
    );
    expect(byName.items.map((i: { id: number }) => i.id).sort()).toEqual([a.id, b.id].sort());
    expect(byName.items[0].allowedEvents).toEqual(['INTERVIEW', 'REJECT']);
    const asAdmin = dataOf(
      await t.api('GET', '/api/Hr/GetCandidatesByAction?Action=Screened&search=zubin', { token: admin }),
    );
    expect(asAdmin.items[0].allowedEvents).toEqual([]);
    const byPhone = dataOf(
      await t.api('GET', `/api/Hr/GetCandidatesByAction?Action=Screened&search=${b.phone}`, { token: hr }),
    );
    expect(byPhone.items.map((i: { id: number }) => i.id)).toEqual([b.id]);
    const byEmail = dataOf(
      await t.api(
        'GET',
        `/api/Hr/GetCandidatesByAction?Action=Screened&search=${encodeURIComponent(a.email as string)}`,
        { token: hr },
      ),
    );
    expect(byEmail.items.map((i: { id: number }) => i.id)).toEqual([a.id]);
    const paged = dataOf(
      await t.api('GET', '/api/Hr/GetCandidatesByAction?Action=Screened&search=zubin&pageSize=1&page=2&sort=name', {
        token: hr,
      }),
    );
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items.map((i: { lastName: string }) => i.lastName)).toEqual(['Screenwala']);
    const all = dataOf(await t.api('GET', '/api/Hr/GetCandidatesAllOrById?search=zubin', { token: admin }));
    expect(all.total).toBe(3);
    const one = dataOf(await t.api('GET', `/api/Hr/GetCandidatesAllOrById?id=${a.id}`, { token: hr }));
    expect(one.items.map((i: { id: number }) => i.id)).toEqual([a.id]);
    for (const role of ROLE_CODES.filter((r) => r !== 'HR' && r !== 'A')) {
      const res = await t.api('GET', '/api/Hr/GetCandidatesByAction?Action=Screened', {
        token: await t.tokenFor(role),
      });
      expect(res.status, role).toBe(403);
    }
    expect((await t.api('GET', '/api/Hr/GetCandidateDetail?id=999999', { token: hr })).status).toBe(404);
  });

  it('searches the full name with or without the middle name, a spaced or +91 phone, and takes % and _ literally', async () => {
    const m = await c.at('screened', { firstName: 'Yasmin', middleName: 'Qadri', lastName: 'Trigramwala' });
    const ids = async (search: string) =>
      dataOf(
        await t.api('GET', `/api/Hr/GetCandidatesAllOrById?search=${encodeURIComponent(search)}`, { token: hr }),
      ).items.map((i: { id: number }) => i.id);
    expect(await ids('yasmin trigramwala')).toEqual([m.id]);
    expect(await ids('Yasmin  Qadri   Trigramwala')).toEqual([m.id]);
    expect(await ids(`+91 ${m.phone.slice(0, 5)} ${m.phone.slice(5)}`)).toEqual([m.id]);
    // No term spans two fields: the last name and the e-mail are on separate lines of the searched text.
    expect(await ids(`trigramwala ${(m.email as string).slice(0, 4)}`)).toEqual([]);
    expect(await ids('yasmin%wala')).toEqual([]);
    expect(await ids('yasmin_qadri')).toEqual([]);
  });

  it('lists the candidates past the interview whose documents are missing or not verified (the dashboard)', async () => {
    const none = await c.at('finalised', { firstName: 'Vera', lastName: 'Nodocs' });
    const pending = await c.at('finalised', { firstName: 'Vera', lastName: 'Pending' });
    await c.docs(pending.id, { verificationSts: 'Pending' });
    const verified = await c.at('finalised', { firstName: 'Vera', lastName: 'Verified' });
    await c.docs(verified.id);
    const withAdmin = await c.at('sentForApproval', { firstName: 'Vera', lastName: 'Sent' });
    await c.at('screened', { firstName: 'Vera', lastName: 'Early' });
    const ids = async (query: string) =>
      dataOf(await t.api('GET', `/api/Hr/GetCandidatesAllOrById?search=vera&${query}`, { token: hr })).items.map(
        (i: { id: number }) => i.id,
      );
    // The factory verifies the documents of those it sends for approval: only the finalised two are waiting.
    expect((await ids('awaitingVerification=true')).sort()).toEqual([none.id, pending.id].sort());
    expect(await ids('awaitingVerification=true&state=screened')).toEqual([]);
    expect((await ids('awaitingVerification=false')).length).toBe(5);
    expect(withAdmin.state).toBe('sentForApproval');
  });
});

describe('the derived log, the funnel and the report', () => {
  it('counts each HR user’s steps per day and month from the history; AddIntoRecruitmentLog records nothing', async () => {
    const before = dataOf(await t.api('POST', '/api/Hr/AddIntoRecruitmentLog', { token: hr }));
    await c.at('appointed', { designationType: 'Engineer' });
    await c.at('finalised');
    const stepsBefore = await countOf('candidate_steps');
    const today = dataOf(await t.api('POST', '/api/Hr/AddIntoRecruitmentLog', { token: hr }));
    expect(await countOf('candidate_steps')).toBe(stepsBefore);
    const diff = (k: string) => today.totals[k] - before.totals[k];
    expect({
      screeningProcess: diff('screeningProcess'),
      interviewed: diff('interviewed'),
      finalized: diff('finalized'),
      sentForApproval: diff('sentForApproval'),
      appointedTech: diff('appointedTech'),
      apointedEngg: diff('apointedEngg'),
    }).toEqual({
      screeningProcess: 2,
      interviewed: 2,
      finalized: 2,
      sentForApproval: 1,
      appointedTech: 0,
      apointedEngg: 1,
    });
    expect(today.rows).toHaveLength(1);
    const month = dataOf(await t.api('GET', '/api/Hr/GetRecruitmentLog?groupBy=month', { token: admin }));
    expect(month.rows[0].period).toMatch(/^\d{4}-\d{2}$/);
    expect(month.totals.apointedEngg).toBeGreaterThanOrEqual(1);
    const bad = await t.api('GET', '/api/Hr/GetRecruitmentLog?from=2026-05-02&to=2026-05-01', { token: hr });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('from');
  });

  it('draws the funnel: conversion, median days and rejection reasons by month and designation', async () => {
    await c.at('rejected');
    await c.at('adminRejected', { designationType: 'Engineer' });
    const f = dataOf(await t.api('GET', '/api/Hr/GetRecruitmentFunnel', { token: hr }));
    const step = (s: string) => f.steps.find((x: { step: string }) => x.step === s);
    expect(step('new').reached).toBeGreaterThanOrEqual(step('screened').reached);
    expect(step('new').conversion).toBeCloseTo(step('screened').reached / step('new').reached, 2);
    expect(step('appointed').nextStep).toBeNull();
    expect(step('new').medianDays).toBeGreaterThanOrEqual(0);
    expect(f.rejections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ step: 'new', byAdmin: false, reason: 'Not a fit' }),
        expect.objectContaining({ step: 'sentForApproval', byAdmin: true, reason: 'Salary too high' }),
      ]),
    );
    expect(f.cohorts.some((x: { designationType: string }) => x.designationType === 'Engineer')).toBe(true);
    const eng = dataOf(await t.api('GET', '/api/Hr/GetRecruitmentFunnel?designationType=Engineer', { token: admin }));
    expect(eng.cohorts.every((x: { designationType: string }) => x.designationType === 'Engineer')).toBe(true);
  });

  it('reports the year month by month as JSON, CSV and XLSX', async () => {
    const year = Number(new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 4));
    const json = dataOf(await t.api('GET', `/api/Reports/MonthWiseRecruitment?Year=${year}`, { token: hr }));
    expect(json.rows).toHaveLength(12);
    const total = json.rows.reduce((s: number, r: { added: number }) => s + r.added, 0);
    expect(total).toBe(
      await countOf('candidate_steps', `event = 'ADD' and extract(year from at at time zone 'Asia/Kolkata') = ${year}`),
    );
    const csv = await t.api('GET', `/api/Reports/MonthWiseRecruitment?Year=${year}&format=csv`, { token: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(String(csv.body).split('\n')[0]).toContain('month');
    const xlsx = await fetch(`${t.url}/api/Reports/MonthWiseRecruitment?Year=${year}&format=xlsx`, {
      headers: { authorization: `Bearer ${hr}` },
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});

describe('import', () => {
  it('imports all rows or none, with per-row errors', async () => {
    const good = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
      ...c.body(over),
      middleName: null,
    });
    const dup = good();
    const before = await countOf('candidates');
    const bad = await t.api('POST', '/api/Excel/AddCandidatesExcel', {
      token: hr,
      body: [
        good(),
        { ...good(), phone: dup.phone },
        dup,
        { ...good(), designationType: 'Plumber', dob: '2020-01-01' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 4, field: 'phone' }),
        expect.objectContaining({ row: 5, field: 'designationType' }),
        expect.objectContaining({ row: 5, field: 'dob' }),
      ]),
    );
    expect(await countOf('candidates')).toBe(before);
    const ok = dataOf(
      await t.api('POST', '/api/Excel/AddCandidatesExcel', {
        token: hr,
        body: [good({ designationType: 'engineer', offOnRole: 'Off Roll' }), good()],
      }),
      201,
    );
    expect(ok.imported).toBe(2);
    expect(await countOf('candidates')).toBe(before + 2);
    expect(await countOf('candidate_steps', `candidate_id = ${ok.ids[0]} and event = 'ADD'`)).toBe(1);
  });
});
