import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDay, lockMonth } from '../../server/domains/people/attendance/service';
import { dataOf } from '../support/catalogue';
import { attendanceFactories, factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// Attendance and holidays through HTTP (decision 033). The past months used here (2025) belong to this
// file: holidays and locks are company-wide.
let t: TestServer;
let f: ReturnType<typeof factories>;
let a: ReturnType<typeof attendanceFactories>;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  a = attendanceFactories(t);
});
afterAll(() => t?.close());

const get = async (path: string, token: string) => t.api('GET', path, { token });
const calendarOf = async (empId: number, year: number, month: number, token?: string) =>
  dataOf(await get(`/api/Hr/GetAttendance?EmpId=${empId}&Year=${year}&month=${month}`, token ?? (await a.hr())));

describe('a professional checks in and out for today', () => {
  it('checks in once with the server time, and a short day is a half-day', async () => {
    const p = await f.professional({ available: false });
    const tok = await p.token();
    const before = dataOf(await get('/api/Attendance/MyToday', tok));
    expect(before).toMatchObject({ date: indiaDay(new Date()).date, canCheckIn: true, canCheckOut: false });
    expect(before.checkInAt).toBeNull();

    const t0 = Date.now();
    const inRes = await t.api('POST', '/api/Attendance/CheckIn', { token: tok });
    const day = dataOf(inRes);
    expect(day.status).toBe('present');
    expect(Math.abs(new Date(day.checkInAt).getTime() - t0)).toBeLessThan(60_000);
    expect(day).toMatchObject({ canCheckIn: false, canCheckOut: true });

    const again = await t.api('POST', '/api/Attendance/CheckIn', { token: tok });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already checked in/);

    const out = dataOf(await t.api('POST', '/api/Attendance/CheckOut', { token: tok }));
    expect(out).toMatchObject({ status: 'halfDay', canCheckIn: false, canCheckOut: false });
    expect((await t.api('POST', '/api/Attendance/CheckOut', { token: tok })).status).toBe(409);

    // HR's view of the day agrees.
    const now = indiaDay(new Date());
    const cal = await calendarOf(p.id, now.year, now.month);
    expect(cal.days.find((d: { date: string }) => d.date === now.date)).toMatchObject({
      status: 'halfDay',
      source: 'self',
    });
  });

  it('check-out before any check-in is refused', async () => {
    const p = await f.professional();
    const res = await t.api('POST', '/api/Attendance/CheckOut', { token: await p.token() });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].field).toBe('date');
  });

  it("turning 'Available' on for the first time in the day checks in, once", async () => {
    const p = await f.professional({ available: false });
    const tok = await p.token();
    const on = await t.api('PUT', '/api/Professional/ChangeMystatus', { token: tok, body: { value: true } });
    expect(on.status).toBe(200);
    expect(on.body.message).toMatch(/checked in/);
    const first = dataOf(await get('/api/Attendance/MyToday', tok));
    expect(first.status).toBe('present');
    expect(first.checkInAt).not.toBeNull();

    dataOf(await t.api('PUT', '/api/Professional/ChangeMystatus', { token: tok, body: { value: false } }));
    const again = await t.api('PUT', '/api/Professional/ChangeMystatus', { token: tok, body: { value: true } });
    expect(again.status).toBe(200);
    expect(again.body.message).not.toMatch(/checked in/);
    expect(dataOf(await get('/api/Attendance/MyToday', tok)).checkInAt).toBe(first.checkInAt);
    // The explicit check-in now says they are in already.
    expect((await t.api('POST', '/api/Attendance/CheckIn', { token: tok })).status).toBe(409);
  });
});

describe('reading attendance: HR and the admin for anyone, a professional only their own', () => {
  it('a technician cannot read another professional', async () => {
    const p = await f.professional();
    const q = await f.professional();
    const mine = await get(`/api/Hr/GetAttendance?EmpId=${p.id}&month=6&Year=2025`, await p.token());
    expect(mine.status).toBe(200);
    expect(mine.body.data.days).toHaveLength(30);
    for (const path of ['/api/Hr/GetAttendance', '/api/Hr/GetDatesAndAttendanceCnt']) {
      const other = await get(`${path}?EmpId=${q.id}&month=6&Year=2025`, await p.token());
      expect(other.status, path).toBe(403);
      expect(other.body.data).toBeUndefined();
    }
    expect((await get(`/api/Hr/GetAttendance?EmpId=${q.id}&month=6&Year=2025`, await f.admin())).status).toBe(200);
    const cust = await f.customer();
    expect((await get(`/api/Hr/GetAttendance?EmpId=${q.id}`, await cust.token())).status).toBe(403);
  });

  it('month 0 is the whole year; bad month, year or employee answer 400/404', async () => {
    const p = await f.professional();
    const year = await calendarOf(p.id, 2024, 0);
    expect(year.days).toHaveLength(366);
    expect(year.counts.days).toBe(366);
    const hr = await a.hr();
    const bad = await get(`/api/Hr/GetAttendance?EmpId=${p.id}&month=13`, hr);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('month');
    const badYear = await get(`/api/Hr/GetAttendance?EmpId=${p.id}&Year=1999`, hr);
    expect(badYear.status).toBe(400);
    expect(badYear.body.errors[0].field).toBe('Year');
    const cust = await f.customer();
    expect((await get(`/api/Hr/GetAttendance?EmpId=${cust.id}`, hr)).status).toBe(404);
  });
});

describe('HR corrects a day with a reason, audited', () => {
  it('changes the counts, records who, when, before, after and why', async () => {
    const p = await f.professional();
    const before = await calendarOf(p.id, 2025, 3);
    // March 2025: 31 days, Sundays 2, 9, 16, 23, 30.
    expect(before.counts).toMatchObject({ days: 31, weeklyOffs: 5, absent: 26, present: 0, paidDays: 5 });

    const day = await a.day(p.id, '2025-03-04', { checkIn: '09:30', checkOut: '18:15', reason: 'Forgot to check in' });
    expect(day).toMatchObject({ date: '2025-03-04', status: 'present', source: 'hr', workedMinutes: 525 });
    expect(day.checkInAt).toBe('2025-03-04T04:00:00.000Z');
    await a.day(p.id, '2025-03-05', { status: 'leave', reason: 'Approved leave' });
    const after = await calendarOf(p.id, 2025, 3);
    expect(after.counts).toMatchObject({ present: 1, leave: 1, absent: 24, paidDays: 7 });

    const audit = dataOf(await get(`/api/Hr/GetAttendanceAudit?EmpId=${p.id}&month=3&Year=2025`, await a.hr()));
    const fix = audit.find((e: { date: string }) => e.date === '2025-03-04');
    expect(fix).toMatchObject({
      kind: 'correction',
      empId: p.id,
      reason: 'Forgot to check in',
      before: { status: 'absent', checkIn: null, checkOut: null },
      after: { status: 'present', checkIn: '09:30', checkOut: '18:15' },
    });
    expect(fix.actorName).toMatch(/\S/);
    expect(Math.abs(new Date(fix.at).getTime() - Date.now())).toBeLessThan(120_000);

    const half = dataOf(
      await get(`/api/Hr/GetDatesAndAttendanceCnt?EmpId=${p.id}&month=3&Year=2025&action1=leave`, await a.hr()),
    );
    expect(half.dates).toEqual([{ date: '2025-03-05', status: 'leave' }]);
    expect(half.counts.leave).toBe(1);
  });

  it('refuses bad corrections with the field named, writing nothing', async () => {
    const p = await f.professional();
    const hr = await a.hr();
    const send = (body: Record<string, unknown>) =>
      t.api('PUT', '/api/Hr/CorrectAttendance', {
        token: hr,
        body: { EmpId: p.id, date: '2025-03-10', status: 'present', reason: 'A reason', ...body },
      });
    const cases: [Record<string, unknown>, string][] = [
      [{ reason: '  ' }, 'reason'],
      [{ date: '2099-01-01' }, 'date'],
      [{ date: '2025-02-30' }, 'date'],
      [{ status: 'absent', checkIn: '09:00' }, 'checkIn'],
      [{ checkOut: '10:00' }, 'checkOut'],
      [{ checkIn: '11:00', checkOut: '10:00' }, 'checkOut'],
      [{ status: 'sick' }, 'status'],
    ];
    for (const [body, field] of cases) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        JSON.stringify(res.body),
      ).toContain(field);
    }
    expect((await send({ EmpId: 2_000_000_000 })).status).toBe(404);
    const tech = await t.api('PUT', '/api/Hr/CorrectAttendance', {
      token: await p.token(),
      body: { EmpId: p.id, date: '2025-03-10', status: 'present', reason: 'Myself' },
    });
    expect(tech.status).toBe(403);
    const cal = await calendarOf(p.id, 2025, 3);
    expect(cal.days.find((d: { date: string }) => d.date === '2025-03-10')).toMatchObject({
      status: 'absent',
      source: null,
    });
    expect(dataOf(await get(`/api/Hr/GetAttendanceAudit?EmpId=${p.id}&month=3&Year=2025`, hr))).toHaveLength(0);
  });
});

describe('a locked month refuses corrections until HR unlocks it (audited)', () => {
  it('HR locks an ended month; a correction answers 409 naming the lock; the unlock needs a reason', async () => {
    const p = await f.professional();
    await a.lock(2025, 4);
    await a.lock(2025, 4); // idempotent
    const cal = await calendarOf(p.id, 2025, 4);
    expect(cal.lockedMonths).toEqual([4]);
    const refused = await t.api('PUT', '/api/Hr/CorrectAttendance', {
      token: await a.hr(),
      body: { EmpId: p.id, date: '2025-04-07', status: 'present', reason: 'Late fix' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/April 2025 is locked .*unlock/);
    const noReason = await t.api('POST', '/api/Hr/UnlockAttendanceMonth', {
      token: await a.hr(),
      body: { Year: 2025, month: 4 },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0].field).toBe('reason');

    await a.unlock(2025, 4, 'Wrong day found after payroll');
    await a.day(p.id, '2025-04-07', { reason: 'Late fix' });
    const notLocked = await t.api('POST', '/api/Hr/UnlockAttendanceMonth', {
      token: await a.hr(),
      body: { Year: 2025, month: 4, reason: 'Again' },
    });
    expect(notLocked.status).toBe(409);

    const audit = dataOf(await get(`/api/Hr/GetAttendanceAudit?EmpId=${p.id}&month=4&Year=2025`, await a.hr()));
    expect(audit.map((e: { kind: string }) => e.kind)).toEqual(['correction', 'unlock', 'lock']);
    expect(audit[1]).toMatchObject({ reason: 'Wrong day found after payroll', after: { locked: false } });
  });

  it('payroll locks a month in its own transaction; HR cannot lock a month that has not ended', async () => {
    const p = await f.professional();
    await t.db.transaction((tx) => lockMonth(tx, 2025, 5, null));
    const refused = await t.api('PUT', '/api/Hr/CorrectAttendance', {
      token: await a.hr(),
      body: { EmpId: p.id, date: '2025-05-07', status: 'present', reason: 'Late fix' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/May 2025 is locked \(by payroll/);
    const now = indiaDay(new Date());
    const current = await t.api('POST', '/api/Hr/LockAttendanceMonth', {
      token: await a.hr(),
      body: { Year: now.year, month: now.month },
    });
    expect(current.status).toBe(400);
    expect(current.body.errors[0].field).toBe('month');
  });
});

describe('holidays', () => {
  it('HR adds, lists and deletes; one per date; a holiday is paid; a locked month refuses', async () => {
    const p = await f.professional();
    const h = await a.holiday('2025-08-15', 'Independence Day');
    const dup = await t.api('POST', '/api/Hr/AddHoliday', {
      token: await a.hr(),
      body: { date: '2025-08-15', name: 'Again' },
    });
    expect(dup.status).toBe(409);
    const list = dataOf(await get('/api/Hr/GetHolidays?Year=2025', await p.token()));
    expect(list).toContainEqual({ id: h.id, date: '2025-08-15', name: 'Independence Day' });
    const cal = await calendarOf(p.id, 2025, 8);
    expect(cal.days.find((d: { date: string }) => d.date === '2025-08-15')).toMatchObject({
      status: 'holiday',
      holidayName: 'Independence Day',
    });
    expect(cal.counts.holidays).toBe(1);

    await a.lock(2025, 8);
    const del = await t.api('DELETE', `/api/Hr/DeleteHoliday?id=${h.id}`, { token: await a.hr() });
    expect(del.status).toBe(409);
    const add = await t.api('POST', '/api/Hr/AddHoliday', {
      token: await a.hr(),
      body: { date: '2025-08-16', name: 'Extra' },
    });
    expect(add.status).toBe(409);
    await a.unlock(2025, 8, 'Holiday list fix');
    dataOf(await t.api('DELETE', `/api/Hr/DeleteHoliday?id=${h.id}`, { token: await a.hr() }));
    expect((await t.api('DELETE', `/api/Hr/DeleteHoliday?id=${h.id}`, { token: await a.hr() })).status).toBe(404);
    expect(dataOf(await get('/api/Hr/GetHolidays?Year=2025', await a.hr()))).not.toContainEqual(
      expect.objectContaining({ id: h.id }),
    );
    const badName = await t.api('POST', '/api/Hr/AddHoliday', {
      token: await a.hr(),
      body: { date: '2025-08-20', name: '' },
    });
    expect(badName.status).toBe(400);
    expect(badName.body.errors[0].field).toBe('name');
  });
});

describe('attendance counts from the joining date (decision 033)', () => {
  // November 2025: 30 days, Sundays 2, 9, 16, 23 and 30. They joined on Saturday the 15th.
  const JOINED = '2025-11-15';
  type Day = { date: string; status: string | null };

  it('days before joining are "not joined": not absent, not paid, in the detail, the report and the own view', async () => {
    const p = await f.professional({ joiningDate: JOINED, fullName: 'Quillon Joined Midmonth' });
    await a.day(p.id, '2025-11-17');
    const cal = await calendarOf(p.id, 2025, 11);
    expect(cal.days).toHaveLength(30);
    const before = cal.days.filter((d: Day) => d.date < JOINED);
    expect(before).toHaveLength(14);
    expect(before.every((d: Day) => d.status === 'notJoined')).toBe(true); // the Sundays 2 and 9 too
    expect(cal.days.find((d: Day) => d.date === '2025-11-16').status).toBe('weeklyOff');
    expect(cal.days.find((d: Day) => d.date === '2025-11-18').status).toBe('absent');
    // From the 15th: 13 working days (one present, 12 absent) and 3 Sundays; the 14 days before count nowhere else.
    const counts = { days: 30, notJoined: 14, present: 1, absent: 12, weeklyOffs: 3, holidays: 0, paidDays: 4 };
    expect(cal.counts).toMatchObject(counts);

    // HR's report (/Reports/AttendanceList) and the technician's own calendar (/Attendance/Attendance) agree.
    const hr = await a.hr();
    const page = dataOf(await get('/api/Hr/GetAttendanceList?month=11&Year=2025&search=quillon', hr));
    expect(page.items).toHaveLength(1);
    expect(page.items[0].counts).toMatchObject(counts);
    const own = await calendarOf(p.id, 2025, 11, await p.token());
    expect(own.days.filter((d: Day) => d.status === 'notJoined')).toHaveLength(14);
    const dates = dataOf(
      await get(`/api/Hr/GetDatesAndAttendanceCnt?EmpId=${p.id}&Year=2025&month=11&action1=notJoined`, hr),
    );
    expect(dates.dates.map((d: Day) => d.date)).toEqual(before.map((d: Day) => d.date));
    expect(
      dataOf(await get(`/api/Hr/GetDatesAndAttendanceCnt?EmpId=${p.id}&Year=2025&month=11&action1=absent`, hr)).dates,
    ).toHaveLength(12);

    // A professional who joined before the month keeps the whole month.
    const old = await f.professional({ joiningDate: '2025-10-31' });
    expect((await calendarOf(old.id, 2025, 11)).counts).toMatchObject({ notJoined: 0, weeklyOffs: 5, absent: 25 });
  });

  it('a correction of a day before joining is refused naming the date, writing nothing', async () => {
    const p = await f.professional({ joiningDate: JOINED });
    const hr = await a.hr();
    const res = await t.api('PUT', '/api/Hr/CorrectAttendance', {
      token: hr,
      body: { EmpId: p.id, date: '2025-11-14', status: 'present', checkIn: '09:00', checkOut: '18:00', reason: 'Test' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('date');
    expect(res.body.detail).toMatch(/before the professional joined \(2025-11-15\)/);
    const cal = await calendarOf(p.id, 2025, 11);
    expect(cal.days.find((d: Day) => d.date === '2025-11-14').status).toBe('notJoined');
    const audit = dataOf(await get(`/api/Hr/GetAttendanceAudit?EmpId=${p.id}&Year=2025&month=11`, hr));
    expect(audit).toEqual([]);
    // The joining day itself can be corrected.
    expect((await a.day(p.id, JOINED, { status: 'leave' })).status).toBe('leave');
  });

  it('a professional who joins tomorrow cannot check in today; the Available switch leaves the day alone', async () => {
    const tomorrow = new Date(Date.now() + 330 * 60_000 + 86_400_000).toISOString().slice(0, 10);
    const p = await f.professional({ joiningDate: tomorrow, available: false });
    const tok = await p.token();
    const today = dataOf(await get('/api/Attendance/MyToday', tok));
    expect(today).toMatchObject({ status: 'notJoined', canCheckIn: false });
    const res = await t.api('POST', '/api/Attendance/CheckIn', { token: tok });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('date');
    const on = await t.api('PUT', '/api/Professional/ChangeMystatus', { token: tok, body: { value: true } });
    expect(on.status).toBe(200);
    expect(on.body.message).not.toMatch(/checked in/);
    expect(dataOf(await get('/api/Attendance/MyToday', tok))).toMatchObject({ status: 'notJoined', checkInAt: null });
  });

  it('moving a joining date: not across a locked month, not after a recorded day', async () => {
    const p = await f.professional({ joiningDate: '2025-12-01' });
    const admin = await t.tokenFor('A');
    const detail = dataOf(await get(`/api/Professional/GetProfessionalByID/${p.id}`, admin));
    expect(detail.joiningDate).toBe('2025-12-01');
    const body = (joiningDate: string) => ({
      fullName: detail.fullName,
      professionalType: detail.professionalType,
      phone: detail.phone,
      stateId: detail.stateId,
      cityId: detail.cityId,
      pinCode: detail.pinCode,
      addressLine1: detail.addressLine1,
      panNumber: detail.panNumber,
      aadharNumber: detail.aadharNumber,
      joiningDate,
    });
    const put = (joiningDate: string) =>
      t.api('PUT', `/api/Professional/UpdateProfessional?id=${p.id}`, { token: admin, body: body(joiningDate) });
    await a.day(p.id, '2025-12-03');
    const late = await put('2025-12-04');
    expect(late.status).toBe(409);
    expect(late.body.errors[0].field).toBe('joiningDate');
    expect(late.body.detail).toMatch(/2025-12-03/);
    // HR locks November: moving the date into or across it is refused; nothing changes.
    await a.lock(2025, 11);
    const across = await put('2025-10-20');
    expect(across.status).toBe(409);
    expect(across.body.detail).toMatch(/November 2025 is locked/);
    expect(dataOf(await get(`/api/Professional/GetProfessionalByID/${p.id}`, admin)).joiningDate).toBe('2025-12-01');
    const bad = await put('1999-12-31');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('joiningDate');
    // Within December (open) it moves, and the calendar follows.
    expect(dataOf(await put('2025-12-02')).joiningDate).toBe('2025-12-02');
    expect((await calendarOf(p.id, 2025, 12)).counts).toMatchObject({ notJoined: 1, present: 1 });
    await a.unlock(2025, 11);
  });
});

describe('the attendance list, its export and today', () => {
  it('lists professionals with their counts, searched and paged on the server', async () => {
    const p = await f.professional({ fullName: 'Zebulon Attendance Listed' });
    await a.day(p.id, '2025-09-02', { status: 'halfDay', checkIn: '09:00', checkOut: '12:00' });
    const hr = await a.hr();
    const page = dataOf(await get('/api/Hr/GetAttendanceList?month=9&Year=2025&search=zebulon%20attendance', hr));
    expect(page).toMatchObject({ total: 1, page: 1, year: 2025, month: 9, locked: false });
    expect(page.items[0]).toMatchObject({
      empId: p.id,
      name: 'Zebulon Attendance Listed',
      counts: { halfDay: 1, weeklyOffs: 4, absent: 25, paidDays: 4.5 },
    });
    const all = dataOf(await get('/api/Hr/GetAttendanceList?month=9&Year=2025&pageSize=2', hr));
    expect(all.items.length).toBeLessThanOrEqual(2);
    expect(all.total).toBeGreaterThan(2);
    const tech = await get('/api/Hr/GetAttendanceList', await p.token());
    expect(tech.status).toBe(403);
  });

  it('exports the filtered list as an .xlsx workbook', async () => {
    const res = await fetch(`${t.url}/api/Hr/GetAttendanceListExcel?month=9&Year=2025`, {
      headers: { authorization: `Bearer ${await a.hr()}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
    expect(res.headers.get('content-disposition')).toMatch(/attendance-2025-09\.xlsx/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it("today's counts add up over every active professional", async () => {
    const p = await f.professional({ available: false });
    dataOf(await t.api('POST', '/api/Attendance/CheckIn', { token: await p.token() }));
    const today = dataOf(await get('/api/Hr/GetTodayAttendance', await a.hr()));
    expect(today.date).toBe(indiaDay(new Date()).date);
    expect(today.checkedIn).toBeGreaterThanOrEqual(1);
    expect(today.checkedIn + today.checkedOut + today.halfDay + today.onLeave + today.notMarked).toBeLessThanOrEqual(
      today.professionals,
    );
  });
});
