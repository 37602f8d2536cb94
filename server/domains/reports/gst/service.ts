// The GST returns of a month (decision 058): GSTR-1 and GSTR-3B's outward tables, read in two statements (repo.ts),
// built by the pure modules beside this file, answered in rupees.
import { type CompanyConfig, invoiceSupplier } from '../../../config';
import type { Executor } from '../../../db/client';
import { dayNumber, dayText, indiaToday } from '../../../shared/indiaTime';
import { resolvePeriod } from '../period';
import { rollupThrough, runRollup } from '../rollup/service';
import {
  B2CL_LIMIT_BEFORE,
  B2CL_LIMIT_FROM,
  b2clLimitOn,
  b2clLoweredAt,
  buildGstr1,
  type Gstr1,
  type InvoiceDoc,
  returnTax,
  sumTax,
  type Tax,
} from './gstr1';
import { buildGstr3b, checks } from './gstr3b';
import { gstr1PortalJson, gstr1Sheets, returnPeriod, rupees } from './portalJson';
import * as repo from './repo';

export interface MonthQuery {
  Month?: number;
  Year?: number;
}

/** What every read of the returns is read with: the company's state and the B2CL limits (gstr1.ts). */
const returnQuery = (company: CompanyConfig) => ({
  companyState: company.state,
  b2clFrom: b2clLoweredAt(),
  b2clOld: B2CL_LIMIT_BEFORE,
  b2clNew: B2CL_LIMIT_FROM,
});

/** The month's GSTR-1 in paise, with the ledger's movement and the checks. */
async function monthReturn(exec: Executor, company: CompanyConfig, q: MonthQuery, now: Date) {
  const period = resolvePeriod({ Type: 'Month', Month: q.Month ?? 0, Year: q.Year ?? 0 }, now);
  const month = period.month ?? 1;
  const year = period.year ?? 2000;
  const through = await rollupThrough(exec, 'gst');
  const rows = await repo.returnRows(
    exec,
    { ...returnQuery(company), fromDay: period.from, toDay: dayText(dayNumber(period.to) + 1) },
    through,
  );
  const moved = new Map((await repo.ledgerMovement(exec, period.start, period.end)).map((r) => [r.kind, r.amount]));
  const ledger = {
    cgst: moved.get('cgst_payable') ?? 0,
    sgst: moved.get('sgst_payable') ?? 0,
    igst: moved.get('igst_payable') ?? 0,
  };
  const gstr1 = buildGstr1(rows, company.state);
  return {
    gstr1,
    ledger,
    checks: checks(gstr1, ledger),
    head: {
      period: {
        month,
        year,
        label: period.label,
        from: period.from,
        to: period.to,
        returnPeriod: returnPeriod(year, month),
        b2clLimit: rupees(b2clLimitOn(period.from)),
      },
      supplier: invoiceSupplier(company),
    },
  };
}

const taxReply = (t: Tax) => ({
  taxableValue: rupees(t.txval),
  igst: rupees(t.igst),
  cgst: rupees(t.cgst),
  sgst: rupees(t.sgst),
  cess: 0,
});
const docReply = (d: InvoiceDoc & { invoice?: string | null }) => ({
  number: d.number,
  date: d.date,
  value: rupees(d.value),
  placeOfSupply: `${d.pos}-${d.posState}`,
  gstin: d.gstin,
  buyer: d.buyer,
  invoice: d.invoice ?? null,
  items: d.items.map((i) => ({ rate: i.rate, ...taxReply(i) })),
});
const docsTotal = (docs: readonly InvoiceDoc[]) => taxReply(sumTax(docs.flatMap((d) => d.items)));

/** One HSN summary row: the B2B and B2C tables read alike. */
const hsnReply = (h: Gstr1['hsnB2b'][number]) => ({
  code: h.code,
  description: h.description,
  uqc: h.uqc,
  quantity: h.qty,
  rate: h.rate,
  ...taxReply(h),
});

function gstr1Reply(g: Gstr1) {
  return {
    b2b: g.b2b.map(docReply),
    b2cl: g.b2cl.map(docReply),
    b2cs: g.b2cs.map((r) => ({
      supplyType: r.supplyType,
      placeOfSupply: `${r.pos}-${r.posState}`,
      rate: r.rate,
      ...taxReply(r),
    })),
    cdnr: g.cdnr.map(docReply),
    cdnur: g.cdnur.map(docReply),
    hsnB2b: g.hsnB2b.map(hsnReply),
    hsnB2c: g.hsnB2c.map(hsnReply),
    documents: g.docs.map((d) => ({
      nature: d.nature,
      from: d.from,
      to: d.to,
      total: d.total,
      cancelled: d.cancelled,
      netIssued: d.net,
    })),
    totals: {
      b2b: docsTotal(g.b2b),
      b2cl: docsTotal(g.b2cl),
      b2cs: taxReply(sumTax(g.b2cs)),
      cdnr: docsTotal(g.cdnr),
      cdnur: docsTotal(g.cdnur),
      hsnB2b: taxReply(sumTax(g.hsnB2b)),
      hsnB2c: taxReply(sumTax(g.hsnB2c)),
      net: taxReply(returnTax(g)),
    },
  };
}

/** GSTR-1 of a month (Month 0 and Year 0: this month), rupees. */
export async function gstr1(exec: Executor, company: CompanyConfig, q: MonthQuery, now = new Date()) {
  const r = await monthReturn(exec, company, q, now);
  return { ...r.head, ...gstr1Reply(r.gstr1), checks: r.checks };
}

/** GSTR-3B's 3.1(a), 3.1(c) and 3.2 of a month, rupees, with the ledger's movement per head. */
export async function gstr3b(exec: Executor, company: CompanyConfig, q: MonthQuery, now = new Date()) {
  const r = await monthReturn(exec, company, q, now);
  const g = buildGstr3b(r.gstr1);
  return {
    ...r.head,
    outwardTaxable: taxReply(g.outwardTaxable),
    nilRated: taxReply(g.nilRated),
    unregisteredInterState: g.unregisteredInterState.map((p) => ({
      placeOfSupply: `${p.pos}-${p.posState}`,
      taxableValue: rupees(p.txval),
      igst: rupees(p.igst),
    })),
    ledger: { cgst: rupees(r.ledger.cgst), sgst: rupees(r.ledger.sgst), igst: rupees(r.ledger.igst) },
    checks: r.checks,
  };
}

/** The portal's JSON file of a month's GSTR-1 and its name. */
export async function gstr1Json(exec: Executor, company: CompanyConfig, q: MonthQuery, now = new Date()) {
  const r = await monthReturn(exec, company, q, now);
  const fp = r.head.period.returnPeriod;
  return {
    fileName: `GSTR1_${company.gstin}_${fp}.json`,
    body: JSON.stringify(gstr1PortalJson(r.gstr1, company.gstin, fp), null, 2),
  };
}

/** The Excel template's workbook of a month's GSTR-1, one sheet per section, and its name. */
export async function gstr1Xlsx(exec: Executor, company: CompanyConfig, q: MonthQuery, now = new Date()) {
  const r = await monthReturn(exec, company, q, now);
  const sheets = gstr1Sheets(r.gstr1);
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const bytes = await writeXlsxFile(
    sheets.map((s) => ({
      sheet: s.name,
      stickyRowsCount: 1,
      data: [
        s.columns.map((value) => ({ value, fontWeight: 'bold' as const })),
        ...s.rows.map((row) =>
          row.map((value) => (typeof value === 'number' ? { type: Number, value } : { type: String, value })),
        ),
      ],
    })),
  ).toBuffer();
  return { fileName: `GSTR1_${company.gstin}_${r.head.period.returnPeriod}.xlsx`, bytes };
}

/** The GST rollup job's one run: the days with documents written since the last run, before today (India). */
export async function refreshGstRollup(db: Executor, company: CompanyConfig, now = new Date()) {
  const today = indiaToday(now);
  return db.transaction((tx) =>
    runRollup(tx, 'gst', today, (last) => repo.recomputeDays(tx, returnQuery(company), today, last)),
  );
}

/** The GST rollup's rows for [fromDay, toDay) beside the same rows computed from the documents (tests, the bench). */
export const gstRollupAgainstRows = (db: Executor, company: CompanyConfig, fromDay: string, toDay: string) =>
  repo.rollupAgainstRows(db, { ...returnQuery(company), fromDay, toDay });
