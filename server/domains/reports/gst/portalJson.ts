// GSTR-1 as the GST portal's offline tool imports it (JSON), and as its Excel template (one sheet per section, the
// template's columns in its order). The keys and columns are recorded in docs/schemas/gstr1-offline.schema.json and
// decision 058; tests/api/gst-returns.test.ts checks the export against that schema.
import type { B2csRow, DocRun, Gstr1, HsnRow, InvoiceDoc, NoteDoc, RateItem } from './gstr1';

/** The offline tool's file version written in the JSON (GSTR-1 with Table 12 split B2B/B2C, from May 2025). */
export const OFFLINE_TOOL_VERSION = 'GST3.2.4';

/** Rupees with 2 decimals, as the portal expects, from paise (exact: paise are integers). */
export const rupees = (paise: number) => Math.round(paise) / 100;
/** The portal's date: dd-mm-yyyy. */
const portalDate = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
/** The Excel template's date: dd-Mmm-yyyy. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const sheetDate = (day: string) => `${day.slice(8, 10)}-${MONTHS[Number(day.slice(5, 7)) - 1]}-${day.slice(0, 4)}`;
/** The return period: mmyyyy. */
export const returnPeriod = (year: number, month: number) => `${String(month).padStart(2, '0')}${year}`;

/** An item's tax: IGST for an inter-state supply, CGST and SGST inside the state; never both. */
const itemDetail = (i: RateItem, inter: boolean) => ({
  rt: i.rate,
  txval: rupees(i.txval),
  ...(inter ? { iamt: rupees(i.igst) } : { camt: rupees(i.cgst), samt: rupees(i.sgst) }),
  csamt: 0,
});
const isInter = (d: { items: RateItem[] }) => d.items.some((i) => i.igst !== 0);
const items = (d: InvoiceDoc) => d.items.map((i, n) => ({ num: n + 1, itm_det: itemDetail(i, isInter(d)) }));

const byKey = <T, K extends string>(list: readonly T[], key: (t: T) => K) => {
  const m = new Map<K, T[]>();
  for (const t of list) m.set(key(t), [...(m.get(key(t)) ?? []), t]);
  return [...m.entries()];
};

const hsnRows = (rows: readonly HsnRow[]) =>
  rows.map((h, n) => ({
    num: n + 1,
    hsn_sc: h.code,
    desc: h.description,
    uqc: h.uqc,
    qty: h.qty,
    rt: h.rate,
    txval: rupees(h.txval),
    iamt: rupees(h.igst),
    camt: rupees(h.cgst),
    samt: rupees(h.sgst),
    csamt: 0,
  }));

const docDetail = (docs: readonly DocRun[]) =>
  byKey(docs, (d) => String(d.docNum)).map(([, runs]) => ({
    doc_num: runs[0].docNum,
    doc_typ: runs[0].nature,
    docs: runs.map((d, n) => ({
      num: n + 1,
      from: d.from,
      to: d.to,
      totnum: d.total,
      cancel: d.cancelled,
      net_issue: d.net,
    })),
  }));

const note = (d: NoteDoc) => ({
  ntty: 'C',
  nt_num: d.number,
  nt_dt: portalDate(d.date),
  val: rupees(d.value),
  pos: d.pos,
  itms: items(d),
});

/** The offline tool's JSON of a month's GSTR-1; empty sections are left out, as the tool writes them. */
export function gstr1PortalJson(g: Gstr1, gstin: string, fp: string) {
  const json: Record<string, unknown> = { gstin, fp, version: OFFLINE_TOOL_VERSION, hash: 'hash' };
  if (g.b2b.length) {
    json.b2b = byKey(g.b2b, (d) => d.gstin ?? '').map(([ctin, docs]) => ({
      ctin,
      inv: docs.map((d) => ({
        inum: d.number,
        idt: portalDate(d.date),
        val: rupees(d.value),
        pos: d.pos,
        rchrg: 'N',
        inv_typ: 'R',
        itms: items(d),
      })),
    }));
  }
  if (g.b2cl.length) {
    json.b2cl = byKey(g.b2cl, (d) => d.pos).map(([pos, docs]) => ({
      pos,
      inv: docs.map((d) => ({ inum: d.number, idt: portalDate(d.date), val: rupees(d.value), itms: items(d) })),
    }));
  }
  if (g.b2cs.length) {
    json.b2cs = g.b2cs.map((r: B2csRow) => ({
      sply_ty: r.supplyType,
      pos: r.pos,
      typ: 'OE',
      ...itemDetail(r, r.supplyType === 'INTER'),
    }));
  }
  if (g.cdnr.length) {
    json.cdnr = byKey(g.cdnr, (d) => d.gstin ?? '').map(([ctin, docs]) => ({
      ctin,
      nt: docs.map((d) => ({ ...note(d), rchrg: 'N', inv_typ: 'R' })),
    }));
  }
  if (g.cdnur.length) json.cdnur = g.cdnur.map((d) => ({ typ: 'B2CL', ...note(d) }));
  json.hsn = { hsn_b2b: hsnRows(g.hsnB2b), hsn_b2c: hsnRows(g.hsnB2c) };
  json.doc_issue = { doc_det: docDetail(g.docs) };
  return json;
}

type Cell = string | number;
/** One sheet of the offline tool's Excel template: its name, its header row (the template's order), its rows. */
export interface Sheet {
  name: string;
  columns: string[];
  rows: Cell[][];
}

const place = (d: { pos: string; posState: string }) => `${d.pos}-${d.posState}`;

/** The tax part every document sheet has: its headers and one rate's cells (the template keeps cess at 0). */
const RATE_COLUMNS = ['Rate', 'Taxable Value', 'Cess Amount'];
const rateCells = (i: RateItem): Cell[] => [i.rate, rupees(i.txval), 0];
/** The recipient and the document, as the b2b and cdnr sheets begin a row. */
const recipientCells = (d: InvoiceDoc): Cell[] => [d.gstin ?? '', d.buyer, d.number, sheetDate(d.date)];
/** One row per document and rate. */
const rowsPerRate = <D extends InvoiceDoc>(docs: readonly D[], row: (d: D, i: RateItem) => Cell[]) =>
  docs.flatMap((d) => d.items.map((i) => row(d, i)));

/** The Excel template's sheets of a month's GSTR-1, one per section, one row per document and rate. */
export function gstr1Sheets(g: Gstr1): Sheet[] {
  const hsnColumns = [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ];
  const hsn = (rows: readonly HsnRow[]) =>
    rows.map((h) => [
      h.code,
      h.description,
      h.uqc === 'NA' ? 'NA-NOT APPLICABLE' : 'NOS-NUMBERS',
      h.qty,
      rupees(h.txval + h.igst + h.cgst + h.sgst),
      h.rate,
      rupees(h.txval),
      rupees(h.igst),
      rupees(h.cgst),
      rupees(h.sgst),
      0,
    ]);
  return [
    {
      name: 'b2b',
      columns: [
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Reverse Charge',
        'Applicable % of Tax Rate',
        'Invoice Type',
        'E-Commerce GSTIN',
        ...RATE_COLUMNS,
      ],
      rows: rowsPerRate(g.b2b, (d, i) => [
        ...recipientCells(d),
        rupees(d.value),
        place(d),
        'N',
        '',
        'Regular B2B',
        '',
        ...rateCells(i),
      ]),
    },
    {
      name: 'b2cl',
      columns: [
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Applicable % of Tax Rate',
        ...RATE_COLUMNS,
        'E-Commerce GSTIN',
      ],
      rows: rowsPerRate(g.b2cl, (d, i) => [
        d.number,
        sheetDate(d.date),
        rupees(d.value),
        place(d),
        '',
        ...rateCells(i),
        '',
      ]),
    },
    {
      name: 'b2cs',
      columns: ['Type', 'Place Of Supply', 'Applicable % of Tax Rate', ...RATE_COLUMNS, 'E-Commerce GSTIN'],
      rows: g.b2cs.map((r) => ['OE', place(r), '', ...rateCells(r), '']),
    },
    {
      name: 'cdnr',
      columns: [
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Reverse Charge',
        'Note Supply Type',
        'Note Value',
        'Applicable % of Tax Rate',
        ...RATE_COLUMNS,
      ],
      rows: rowsPerRate(g.cdnr, (d, i) => [
        ...recipientCells(d),
        'C',
        place(d),
        'N',
        'Regular B2B',
        rupees(d.value),
        '',
        ...rateCells(i),
      ]),
    },
    {
      name: 'cdnur',
      columns: [
        'UR Type',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Note Value',
        'Applicable % of Tax Rate',
        ...RATE_COLUMNS,
      ],
      rows: rowsPerRate(g.cdnur, (d, i) => [
        'B2CL',
        d.number,
        sheetDate(d.date),
        'C',
        place(d),
        rupees(d.value),
        '',
        ...rateCells(i),
      ]),
    },
    { name: 'hsn(b2b)', columns: hsnColumns, rows: hsn(g.hsnB2b) },
    { name: 'hsn(b2c)', columns: hsnColumns, rows: hsn(g.hsnB2c) },
    {
      name: 'docs',
      columns: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
      rows: g.docs.map((d) => [d.nature, d.from, d.to, d.total, d.cancelled]),
    },
  ];
}
