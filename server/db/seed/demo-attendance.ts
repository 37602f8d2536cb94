import { attendance } from '../../domains/people';
import type { Db } from '../client';
import { demoUserId } from './demo';

/**
 * The national holidays the demo keeps (decision 033): the fixed ones every year, and Holi and Diwali by year.
 * HR adds the rest on /Attendance/Holidays.
 */
function demoHolidays(year: number) {
  const moving: Record<number, { holi: string; diwali: string }> = {
    2025: { holi: '03-14', diwali: '10-20' },
    2026: { holi: '03-04', diwali: '11-08' },
    2027: { holi: '03-22', diwali: '10-29' },
  };
  const list = [
    { date: `${year}-01-26`, name: 'Republic Day' },
    { date: `${year}-05-01`, name: 'Maharashtra Day' },
    { date: `${year}-08-15`, name: 'Independence Day' },
    { date: `${year}-10-02`, name: 'Gandhi Jayanti' },
    { date: `${year}-12-25`, name: 'Christmas' },
  ];
  const m = moving[year];
  if (m) list.push({ date: `${year}-${m.holi}`, name: 'Holi' }, { date: `${year}-${m.diwali}`, name: 'Diwali' });
  return list.sort((a, b) => a.date.localeCompare(b.date));
}

const pad = (n: number) => String(n).padStart(2, '0');
const at = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * Two months of attendance for every active professional (decision 033): the last full month and the current month
 * up to yesterday, in a fixed pattern of present days (varied times), half-days, HR-recorded leave and absences;
 * Sundays and holidays are left unmarked (they count as weekly offs and paid holidays). Today some professionals
 * (not the demo technician, who checks in themself) have checked in. One HR correction with its reason is on record.
 * Runs after the professionals and before the demo payroll (which locks the last full month). Does nothing twice.
 */
export async function seedDemoAttendance(db: Db, now = new Date()) {
  if (await attendance.hasAnyDay(db)) return;
  const ids = await attendance.activeProfessionals(db);
  if (ids.length === 0) return;
  const hr = await demoUserId(db, 'HR');
  const tech = await demoUserId(db, 'TE').catch(() => 0);
  const today = attendance.indiaDay(now);
  const last = today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
  const holidays = [...demoHolidays(last.year), ...(last.year === today.year ? [] : demoHolidays(today.year))];
  const holidayDates = new Set(holidays.map((h) => h.date));

  const from = attendance.monthFirst(last.year, last.month);
  const days: attendance.DemoDay[] = [];
  for (let t = new Date(`${from}T00:00:00Z`); ; t = new Date(t.getTime() + 86_400_000)) {
    const day = t.toISOString().slice(0, 10);
    if (day >= today.date) break;
    if (t.getUTCDay() === 0 || holidayDates.has(day)) continue;
    const dom = t.getUTCDate();
    ids.forEach((userId, i) => {
      const h = (i * 7 + dom * 3 + t.getUTCMonth()) % 23;
      if (h === 0) return; // absent: nothing marked
      if (h === 1) {
        days.push({ userId, day, status: 'leave', source: 'hr', updatedBy: hr });
      } else if (h === 2) {
        days.push({
          userId,
          day,
          status: 'halfDay',
          checkIn: '09:30',
          checkOut: '12:45',
          source: 'self',
          updatedBy: null,
        });
      } else {
        const start = 8 * 60 + 45 + (h % 4) * 10;
        const end = 17 * 60 + 45 + (h % 5) * 12;
        days.push({
          userId,
          day,
          status: 'present',
          checkIn: at(start),
          checkOut: at(end),
          source: 'self',
          updatedBy: null,
        });
      }
    });
  }
  // Today: every other professional checked in at 09:10 once that time has passed (India time).
  const minutesNow = Math.floor(((now.getTime() + 330 * 60_000) % 86_400_000) / 60_000);
  if (minutesNow > 9 * 60 + 10) {
    ids.forEach((userId, i) => {
      if (i % 2 === 0 && userId !== tech) {
        days.push({ userId, day: today.date, status: 'present', checkIn: '09:10', source: 'self', updatedBy: null });
      }
    });
  }
  await attendance.writeDemoDays(db, holidays, days, hr);

  // One correction on record: the first professional's first working day of the last full month, marked present
  // by HR (they were on a site visit and forgot to check in), audited with its reason.
  const firstWorking = days.find((d) => d.userId === ids[0] && d.day.startsWith(from.slice(0, 7)));
  if (firstWorking && !(await attendance.isMonthLocked(db, last.year, last.month))) {
    await attendance.correct(
      db,
      hr,
      {
        EmpId: ids[0],
        date: firstWorking.day,
        status: 'present',
        checkIn: '08:30',
        checkOut: '19:00',
        reason: 'Site visit in the morning; forgot to check in',
      },
      now,
    );
  }
}
