import type { Db, Executor } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../http';
import * as repo from './repo';
import { isRealDate, monthOfDay, periodOf, refuseIfLocked } from './rules';

// Holidays.

export async function holidaysOf(db: Executor, yearIn: number | undefined, now = new Date()) {
  const { from, to } = periodOf(yearIn, 0, now);
  return (await repo.holidaysBetween(db, from, to)).map((h) => ({ id: h.id, date: h.day, name: h.name }));
}

export async function addHoliday(db: Db, actorId: number, input: { date: string; name: string }) {
  const name = input.name.trim();
  if (!name) throw badRequest('name', 'is required');
  if (!isRealDate(input.date)) throw badRequest('date', 'is not a date');
  const { year, month } = monthOfDay(input.date);
  if (year < 2000 || year > 2100) throw badRequest('date', 'must be between 2000 and 2100');
  return db.transaction(async (tx) => {
    await refuseIfLocked(tx, year, month, 'date');
    const row = await repo.insertHoliday(tx, input.date, name, actorId);
    if (!row) {
      const other = await repo.holidayOn(tx, input.date);
      throw conflict('date', `${input.date} is already a holiday (${other?.name ?? 'another'}).`);
    }
    return { id: row.id, date: row.day, name: row.name };
  });
}

export async function deleteHoliday(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const h = await repo.holidayById(tx, id);
    if (!h) throw notFound(`Holiday ${id}`);
    const { year, month } = monthOfDay(h.day);
    await refuseIfLocked(tx, year, month, 'id');
    await repo.deleteHoliday(tx, id);
  });
}
