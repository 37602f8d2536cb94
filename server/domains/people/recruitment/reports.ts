import { RECRUITMENT_STATE_LABELS, RECRUITMENT_STEPS } from '../../../../src/machines/recruitment/recruitment.machine';
import type { Db } from '../../../db/client';
import { badRequest, type CurrentUser } from '../../../http';
import type { Designation } from './repo';
import * as repo from './repo';
import { addDays, indiaDayStart, indiaToday } from './rules';

// The log, the funnel and the yearly report.

const MAX_DAYS = 400;

/** [from, to] India days with defaults, checked (400), as instants [start, end). */
function range(from: string | undefined, to: string | undefined, defaultDays: number) {
  const last = to ?? indiaToday();
  const first = from ?? addDays(last, -(defaultDays - 1));
  if (first > last) throw badRequest('from', 'must not be after to');
  if ((Date.parse(last) - Date.parse(first)) / 86_400_000 >= MAX_DAYS) {
    throw badRequest('from', `the range must be at most ${MAX_DAYS} days`);
  }
  return { first, last, start: indiaDayStart(first), end: indiaDayStart(addDays(last, 1)) };
}

const logRowOf = (r: repo.LogRow) => ({
  hrId: r.hr_id,
  hrName: r.hr_name,
  period: r.period,
  screeningProcess: r.screening,
  interviewed: r.interviewed,
  finalized: r.finalized,
  sentForApproval: r.sent,
  appointedTech: r.appointed_tech,
  apointedEngg: r.appointed_engg,
});

export async function log(db: Db, q: { from?: string; to?: string; groupBy?: 'day' | 'month'; hrId?: number }) {
  const r = range(q.from, q.to, 30);
  const groupBy = q.groupBy ?? 'day';
  const rows = (await repo.logRows(db, r.start, r.end, groupBy, q.hrId)).map(logRowOf);
  const totals = {
    screeningProcess: 0,
    interviewed: 0,
    finalized: 0,
    sentForApproval: 0,
    appointedTech: 0,
    apointedEngg: 0,
  };
  for (const row of rows) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += row[k];
  return { from: r.first, to: r.last, groupBy, rows, totals };
}

/** AddIntoRecruitmentLog: nothing is typed; the caller's counts for today, derived afresh. */
export const todayLog = (db: Db, user: Pick<CurrentUser, 'id'>) => {
  const today = indiaToday();
  return log(db, { from: today, to: today, groupBy: 'day', hrId: user.id });
};

export async function funnel(db: Db, q: { from?: string; to?: string; designationType?: Designation }) {
  const r = range(q.from, q.to, 183);
  const [reached, medians, rejections] = await Promise.all([
    repo.funnelReached(db, r.start, r.end, q.designationType),
    repo.funnelMedianDays(db, r.start, r.end, q.designationType),
    repo.funnelRejections(db, r.start, r.end, q.designationType),
  ]);
  const cohorts = new Map<
    string,
    { month: string; designationType: Designation; added: number; reached: Record<string, number> }
  >();
  const total: Record<string, number> = {};
  for (const row of reached) {
    const key = `${row.month}|${row.designation}`;
    let c = cohorts.get(key);
    if (!c) {
      c = {
        month: row.month,
        designationType: row.designation,
        added: 0,
        reached: Object.fromEntries(RECRUITMENT_STEPS.map((s) => [s, 0])),
      };
      cohorts.set(key, c);
    }
    if (row.state === 'new') c.added = row.n;
    if (RECRUITMENT_STEPS.includes(row.state)) {
      c.reached[row.state] = row.n;
      total[row.state] = (total[row.state] ?? 0) + row.n;
    }
  }
  const median = new Map(medians.map((m) => [m.state, m.median === null ? null : Number(m.median)]));
  const steps = RECRUITMENT_STEPS.map((step, i) => {
    const next = RECRUITMENT_STEPS[i + 1] ?? null;
    const here = total[step] ?? 0;
    const m = median.get(step);
    return {
      step,
      label: RECRUITMENT_STATE_LABELS[step],
      reached: here,
      nextStep: next,
      conversion: next && here > 0 ? Math.round(((total[next] ?? 0) / here) * 1000) / 1000 : null,
      medianDays: next && m !== undefined && m !== null ? Math.round(m * 10) / 10 : null,
    };
  });
  return {
    from: r.first,
    to: r.last,
    cohorts: [...cohorts.values()],
    steps,
    rejections: rejections.map((x) => ({ step: x.step, byAdmin: x.by_admin, reason: x.reason, count: x.n })),
  };
}

export const REPORT_COLUMNS = [
  'month',
  'added',
  'screened',
  'interviewed',
  'finalised',
  'sentForApproval',
  'approved',
  'appointedTech',
  'appointedEngg',
  'rejected',
  'adminRejected',
] as const;

export async function report(db: Db, q: { year?: number; designationType?: Designation }) {
  const year = q.year ?? Number(indiaToday().slice(0, 4));
  const rows = await repo.monthRows(
    db,
    indiaDayStart(`${year}-01-01`),
    indiaDayStart(`${year + 1}-01-01`),
    q.designationType,
  );
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return {
    year,
    rows: Array.from({ length: 12 }, (_, i) => {
      const month = `${year}-${String(i + 1).padStart(2, '0')}`;
      const r = byMonth.get(month);
      return {
        month,
        added: r?.added ?? 0,
        screened: r?.screened ?? 0,
        interviewed: r?.interviewed ?? 0,
        finalised: r?.finalised ?? 0,
        sentForApproval: r?.sent ?? 0,
        approved: r?.approved ?? 0,
        appointedTech: r?.appointed_tech ?? 0,
        appointedEngg: r?.appointed_engg ?? 0,
        rejected: r?.rejected ?? 0,
        adminRejected: r?.admin_rejected ?? 0,
      };
    }),
  };
}

const REPORT_HEADERS: Record<(typeof REPORT_COLUMNS)[number], string> = {
  month: 'Month',
  added: 'Added',
  screened: 'Screened',
  interviewed: 'Interviewed',
  finalised: 'Finalised',
  sentForApproval: 'Sent for approval',
  approved: 'Approved',
  appointedTech: 'Technicians appointed',
  appointedEngg: 'Engineers appointed',
  rejected: 'Rejected by HR',
  adminRejected: 'Rejected by the admin',
};

/** The month-wise report as an .xlsx workbook (write-excel-file). */
export async function reportWorkbook(data: Awaited<ReturnType<typeof report>>): Promise<Buffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const header = REPORT_COLUMNS.map((c) => ({ value: REPORT_HEADERS[c], fontWeight: 'bold' as const }));
  const rows = data.rows.map((r) =>
    REPORT_COLUMNS.map((c) => (c === 'month' ? { type: String, value: r.month } : { type: Number, value: r[c] })),
  );
  return writeXlsxFile([header, ...rows], {
    sheet: `Recruitment ${data.year}`,
    columns: REPORT_COLUMNS.map((c) => ({ width: c === 'month' ? 10 : 16 })),
    stickyRowsCount: 1,
  }).toBuffer();
}
