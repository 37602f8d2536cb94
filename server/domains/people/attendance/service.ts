// Attendance and holidays (decision 033). Each use case has its file; this is the module's public face.

export { daysIn, indiaDay, monthFirst, monthLast } from './calendar';
export * from './corrections';
export * from './demo';
export * from './holidays';
export * from './paidDays';
export * from './professionalDay';
export * from './reads';
export { ATTENDANCE_RULES, checkJoiningChange, hhmmOf, monthName } from './rules';
