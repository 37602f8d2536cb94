import type { Db } from '../../../db/client';
import { badRequest } from '../../../http';
import { type Paise, toRupees } from '../../../money';
import { type ExportCell, type ExportColumn, type ExportFormat, reportFile } from '../export';
import { resolvePeriod } from '../period';
import * as repo from './repo';

/**
 * Profit per professional (decision 060): for a month, each professional's revenue (the taxable value of the lines they
 * completed), less their pay (the salary slip's gross and the employer's contributions), the parts issued to them and
 * the refunds on their lines (credit notes' taxable value), is their margin. Tips are passed on to them untouched:
 * shown, but neither revenue nor cost.
 */

const rupees = (p: number) => toRupees(p as Paise);

export interface MonthQuery {
  Month?: number;
  Year?: number;
}

function monthOf(q: MonthQuery, now: Date) {
  const p = resolvePeriod({ Type: 'Month', Month: q.Month ?? 0, Year: q.Year ?? 0 }, now);
  return { period: p, month: { start: p.start, end: p.end, first: p.from } satisfies repo.Month };
}

const figures = (r: { revenue: number; tips: number; pay: number; parts: number; refunds: number }) => ({
  revenue: rupees(r.revenue),
  tips: rupees(r.tips),
  pay: rupees(r.pay),
  parts: rupees(r.parts),
  refunds: rupees(r.refunds),
  margin: rupees(r.revenue - r.pay - r.parts - r.refunds),
});

/** Every professional with a figure in the month, and the month's totals (summed in paise). */
export async function profitByProfessional(db: Db, q: MonthQuery, now = new Date()) {
  const { period, month } = monthOf(q, now);
  const rows = await repo.byProfessional(db, month);
  const sum = (k: 'revenue' | 'tips' | 'pay' | 'parts' | 'refunds') => rows.reduce((n, r) => n + r[k], 0);
  return {
    month: period.from.slice(0, 7),
    label: period.label,
    items: rows.map((r) => ({
      professionalId: r.professionalId,
      name: r.name,
      mobileNo: r.mobileNo,
      lines: r.lines,
      refundedLines: r.refundedLines,
      ...figures(r),
    })),
    totals: {
      lines: rows.reduce((n, r) => n + r.lines, 0),
      ...figures({
        revenue: sum('revenue'),
        tips: sum('tips'),
        pay: sum('pay'),
        parts: sum('parts'),
        refunds: sum('refunds'),
      }),
    },
  };
}

export async function profitByProfessionalFile(db: Db, q: MonthQuery, format: ExportFormat) {
  const report = await profitByProfessional(db, q);
  const columns: ExportColumn[] = [
    { header: 'Professional id', kind: 'int' },
    { header: 'Name', width: 28 },
    { header: 'Mobile no', width: 14 },
    { header: 'Lines', kind: 'int' },
    { header: 'Revenue', kind: 'rupees', width: 14 },
    { header: 'Tips passed on', kind: 'rupees', width: 16 },
    { header: 'Pay', kind: 'rupees', width: 14 },
    { header: 'Parts', kind: 'rupees', width: 14 },
    { header: 'Refunds', kind: 'rupees', width: 14 },
    { header: 'Margin', kind: 'rupees', width: 14 },
  ];
  const row = (r: ReturnType<typeof figures>) => [r.revenue, r.tips, r.pay, r.parts, r.refunds, r.margin];
  const rows: ExportCell[][] = [
    ...report.items.map((r) => [r.professionalId, r.name, r.mobileNo, r.lines, ...row(r)]),
    [null, 'Total', '', report.totals.lines, ...row(report.totals)],
  ];
  return reportFile(format, `profit-per-professional-${report.month}`, 'Profit', columns, rows);
}

/** One professional's month: the lines behind revenue, tips and refunds, the parts issued and the salary slip. */
export async function profitLines(db: Db, q: MonthQuery & { ProfessionalId: number }, now = new Date()) {
  const { period, month } = monthOf(q, now);
  const pro = await repo.professionalOf(db, q.ProfessionalId);
  if (!pro) throw badRequest('ProfessionalId', `no professional has the id ${q.ProfessionalId}`);
  const [lines, parts, slip] = [
    await repo.linesOf(db, month, pro.id),
    await repo.partsOf(db, month, pro.id),
    await repo.slipOf(db, month, pro.id),
  ];
  const revenue = lines.reduce((n, l) => n + l.revenue, 0);
  const tips = lines.reduce((n, l) => n + l.tip, 0);
  const refunds = lines.reduce((n, l) => n + l.refund, 0);
  const partsPaise = parts.reduce((n, p) => n + p.taxable, 0);
  const pay = slip ? slip.gross + slip.employer : 0;
  return {
    month: period.from.slice(0, 7),
    label: period.label,
    professionalId: pro.id,
    name: pro.name,
    mobileNo: pro.mobileNo,
    ...figures({ revenue, tips, pay, parts: partsPaise, refunds }),
    slip: slip
      ? {
          gross: rupees(slip.gross),
          employer: rupees(slip.employer),
          tips: rupees(slip.tips),
          net: rupees(slip.net),
          paidAt: slip.paidAt.toISOString(),
        }
      : null,
    lines: lines.map((l) => ({
      lineId: l.lineId,
      orderId: l.orderId,
      invoiceNo: l.invoiceNo ?? '',
      description: l.description,
      state: l.state,
      completedAt: l.completedAt?.toISOString() ?? null,
      creditNoteNo: l.creditNoteNo ?? '',
      creditedAt: l.creditedAt?.toISOString() ?? null,
      revenue: rupees(l.revenue),
      tip: rupees(l.tip),
      refund: rupees(l.refund),
    })),
    partsIssued: parts.map((p) => ({
      requestId: p.requestId,
      invoiceNo: p.invoiceNo ?? '',
      paidAt: p.paidAt.toISOString(),
      productName: p.productName,
      quantity: p.quantity,
      taxable: rupees(p.taxable),
    })),
  };
}

export async function profitLinesFile(db: Db, q: MonthQuery & { ProfessionalId: number }, format: ExportFormat) {
  const r = await profitLines(db, q);
  const columns: ExportColumn[] = [
    { header: 'Line', kind: 'int' },
    { header: 'Order', kind: 'int' },
    { header: 'Invoice no', width: 18 },
    { header: 'Service', width: 30 },
    { header: 'Completed (UTC)', width: 22 },
    { header: 'Credit note', width: 18 },
    { header: 'Revenue', kind: 'rupees', width: 14 },
    { header: 'Tip', kind: 'rupees', width: 12 },
    { header: 'Refund', kind: 'rupees', width: 14 },
  ];
  const rows: ExportCell[][] = [
    ...r.lines.map((l) => [
      l.lineId,
      l.orderId,
      l.invoiceNo,
      l.description,
      l.completedAt ?? '',
      l.creditNoteNo,
      l.revenue,
      l.tip,
      l.refund,
    ]),
    [null, null, '', 'Total', '', '', r.revenue, r.tips, r.refunds],
  ];
  return reportFile(format, `profit-lines-${r.professionalId}-${r.month}`, 'Lines', columns, rows);
}
