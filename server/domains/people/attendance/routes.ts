import { currentUser, done, type Handlers, ok, privateDownload } from '../../../http';
import * as attendance from './service';

// Attendance and holidays (decision 033).
export const attendanceHandlers: Handlers = {
  async attendanceCheckIn(req) {
    const data = await attendance.checkIn(req.server.db, currentUser(req).id);
    return ok(data, `You checked in at ${attendance.hhmmOf(new Date(data.checkInAt!))}.`);
  },

  async attendanceCheckOut(req) {
    const data = await attendance.checkOut(req.server.db, currentUser(req).id);
    const half = data.status === 'halfDay' ? ' The day counts as a half-day.' : '';
    return ok(data, `You checked out at ${attendance.hhmmOf(new Date(data.checkOutAt!))}.${half}`);
  },

  async getMyAttendanceToday(req) {
    return ok(await attendance.myToday(req.server.db, currentUser(req).id));
  },

  async getAttendance(req) {
    return ok(await attendance.calendar(req.server.db, req.query));
  },

  async getDatesAndAttendanceCnt(req) {
    return ok(await attendance.datesAndCount(req.server.db, req.query));
  },

  async correctAttendance(req) {
    return ok(await attendance.correct(req.server.db, currentUser(req).id, req.body), 'The day was corrected.');
  },

  async lockAttendanceMonth(req) {
    await attendance.lockByHr(req.server.db, currentUser(req).id, req.body);
    return done(`${attendance.monthName(req.body.Year, req.body.month)} is locked.`);
  },

  async unlockAttendanceMonth(req) {
    await attendance.unlock(req.server.db, currentUser(req).id, req.body);
    return done(`${attendance.monthName(req.body.Year, req.body.month)} is unlocked: its days can be corrected.`);
  },

  async getAttendanceAudit(req) {
    return ok(await attendance.audit(req.server.db, req.query));
  },

  async getHolidays(req) {
    return ok(await attendance.holidaysOf(req.server.db, req.query.Year));
  },

  async addHoliday(req, reply) {
    const data = await attendance.addHoliday(req.server.db, currentUser(req).id, req.body);
    reply.code(201);
    return ok(data, 'The holiday was added.');
  },

  async deleteHoliday(req) {
    await attendance.deleteHoliday(req.server.db, req.query.id);
    return done('The holiday was deleted.');
  },

  async getAttendanceList(req) {
    return ok(await attendance.list(req.server.db, req.query));
  },

  async getAttendanceListExcel(req, reply) {
    const { bytes, fileName } = await attendance.listWorkbook(req.server.db, req.query);
    return privateDownload(reply, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName, bytes);
  },

  async getTodayAttendance(req) {
    return ok(await attendance.today(req.server.db));
  },
};
