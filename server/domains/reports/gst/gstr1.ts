// GSTR-1 from the month's aggregates (repo.ts), in paise: pure, so its grouping is tested against worked examples
// (tests/unit/gst-returns.test.ts). The sections and their rules are decision 058's.
import { gstStateCode } from '../../../shared/gstin';
import { dayNumber, dayText, indiaDayOf, indiaDayStart } from '../../../shared/indiaTime';

/**
 * B2CL (Table 5): inter-state invoices to unregistered buyers whose value is more than ₹1,00,000 from 1 August 2024
 * (CGST Rule 59(4)(a)(ii) as amended by Notification 12/2024-Central Tax), ₹2,50,000 before.
 */
export const B2CL_LOWERED_ON = '2024-08-01';
export const B2CL_LIMIT_BEFORE = 25_000_000;
export const B2CL_LIMIT_FROM = 10_000_000;
export const b2clLimitOn = (day: string) => (day >= B2CL_LOWERED_ON ? B2CL_LIMIT_FROM : B2CL_LIMIT_BEFORE);
export const b2clLoweredAt = () => indiaDayStart(dayNumber(B2CL_LOWERED_ON));
/** True when an invoice of `valuePaise` dated `day` to an unregistered buyer in another state is B2CL. */
export const isB2cl = (valuePaise: number, day: string, interState: boolean) =>
  interState && valuePaise > b2clLimitOn(day);

/** One aggregate row as repo.ts answers it (RETURN_ROW). */
export interface ReturnRow {
  kind: string;
  section: string | null;
  doc: string | null;
  at: Date | null;
  ofDoc: string | null;
  posState: string | null;
  gstin: string | null;
  buyer: string | null;
  value: number | null;
  hsn: string | null;
  descr: string | null;
  rate: number | null;
  qty: number;
  txval: number;
  c: number;
  s: number;
  i: number;
  n: number;
  firstDoc: string | null;
  lastDoc: string | null;
}

/** Tax per head on a taxable value, paise. Cess is never charged here. */
export interface Tax {
  txval: number;
  igst: number;
  cgst: number;
  sgst: number;
}
export interface RateItem extends Tax {
  rate: number;
}
export interface Place {
  /** Two-digit GST state code ('29'). */
  pos: string;
  posState: string;
}
export interface InvoiceDoc extends Place {
  number: string;
  /** India day, YYYY-MM-DD. */
  date: string;
  value: number;
  gstin: string | null;
  buyer: string;
  items: RateItem[];
}
export interface NoteDoc extends InvoiceDoc {
  /** The invoice the note amends. */
  invoice: string | null;
}
export interface B2csRow extends Place, RateItem {
  supplyType: 'INTRA' | 'INTER';
}
export interface HsnRow extends RateItem {
  code: string;
  description: string;
  /** 'NA' for services (SAC, chapter 99), 'NOS' (numbers) for goods. */
  uqc: 'NA' | 'NOS';
  qty: number;
}
export interface DocRun {
  nature: 'Invoices for outward supply' | 'Credit Note';
  /** The portal's number for the nature: 1 invoices, 5 credit notes. */
  docNum: 1 | 5;
  from: string;
  to: string;
  total: number;
  cancelled: number;
  net: number;
}
export interface Gstr1 {
  b2b: InvoiceDoc[];
  b2cl: InvoiceDoc[];
  b2cs: B2csRow[];
  cdnr: NoteDoc[];
  cdnur: NoteDoc[];
  hsnB2b: HsnRow[];
  hsnB2c: HsnRow[];
  docs: DocRun[];
  /** Documents per section, from the classification (repo.ts `count`): invoices and credit notes. */
  counts: { section: string; series: 'INV' | 'CN'; documents: number; sources: number }[];
}

const zero = (): Tax => ({ txval: 0, igst: 0, cgst: 0, sgst: 0 });
export const addTax = (a: Tax, b: Tax, sign = 1): Tax => ({
  txval: a.txval + sign * b.txval,
  igst: a.igst + sign * b.igst,
  cgst: a.cgst + sign * b.cgst,
  sgst: a.sgst + sign * b.sgst,
});
export const sumTax = (rows: readonly Tax[]) => rows.reduce((t, r) => addTax(t, r), zero());

const placeOf = (state: string | null): Place => ({ posState: state ?? '', pos: gstStateCode(state ?? '') ?? '' });
const taxOf = (r: ReturnRow): Tax => ({ txval: r.txval, igst: r.i, cgst: r.c, sgst: r.s });
const day = (at: Date | null) => (at ? dayText(indiaDayOf(at)) : '');

/** Detail rows (one per document and rate) gathered into documents, in number order, their items by rate. */
function documents(rows: readonly ReturnRow[]): NoteDoc[] {
  const byDoc = new Map<string, NoteDoc>();
  for (const r of rows) {
    const number = r.doc ?? '';
    let d = byDoc.get(number);
    if (!d) {
      d = {
        number,
        date: day(r.at),
        value: r.value ?? 0,
        gstin: r.gstin,
        buyer: r.buyer ?? '',
        invoice: r.ofDoc,
        ...placeOf(r.posState),
        items: [],
      };
      byDoc.set(number, d);
    }
    d.items.push({ rate: r.rate ?? 0, ...taxOf(r) });
  }
  const docs = [...byDoc.values()].sort((a, b) => a.number.localeCompare(b.number));
  for (const d of docs) d.items.sort((a, b) => a.rate - b.rate);
  return docs;
}

const isService = (code: string) => code.startsWith('99');

/** GSTR-1 of the month from repo.ts's rows; `companyState` decides INTRA and INTER in Table 7. */
export function buildGstr1(rows: readonly ReturnRow[], companyState: string): Gstr1 {
  const of = (kind: string, section?: string) =>
    rows.filter((r) => r.kind === kind && (section === undefined || r.section === section));
  const invoices = (section: string) => documents(of('detail', section)).map(({ invoice: _, ...d }) => d);
  const hsn = (section: 'b2b' | 'b2c'): HsnRow[] =>
    of('hsn', section)
      .filter((r) => r.txval !== 0 || r.c !== 0 || r.s !== 0 || r.i !== 0)
      .map((r) => {
        const code = r.hsn ?? '';
        return {
          code,
          description: (r.descr ?? '').slice(0, 30),
          uqc: isService(code) ? ('NA' as const) : ('NOS' as const),
          qty: isService(code) ? 0 : r.qty,
          rate: r.rate ?? 0,
          ...taxOf(r),
        };
      })
      .sort((a, b) => a.code.localeCompare(b.code) || a.rate - b.rate);
  return {
    b2b: invoices('b2b'),
    b2cl: invoices('b2cl'),
    b2cs: of('b2cs')
      .filter((r) => r.txval !== 0 || r.c !== 0 || r.s !== 0 || r.i !== 0)
      .map((r) => ({
        ...placeOf(r.posState),
        supplyType: r.posState === companyState ? ('INTRA' as const) : ('INTER' as const),
        rate: r.rate ?? 0,
        ...taxOf(r),
      }))
      .sort((a, b) => a.pos.localeCompare(b.pos) || a.rate - b.rate),
    cdnr: documents(of('detail', 'cdnr')),
    cdnur: documents(of('detail', 'cdnur')),
    hsnB2b: hsn('b2b'),
    hsnB2c: hsn('b2c'),
    docs: of('series')
      .map((r) => ({
        nature: r.section === 'CN' ? ('Credit Note' as const) : ('Invoices for outward supply' as const),
        docNum: r.section === 'CN' ? (5 as const) : (1 as const),
        from: r.firstDoc ?? '',
        to: r.lastDoc ?? '',
        total: r.n,
        // A number is only ever taken by the document it is printed on, and none is ever cancelled: a cancelled line
        // gets a credit note (decision 030), the invoice itself stays (docs/workflows-and-money.md).
        cancelled: 0,
        net: r.n,
      }))
      .sort((a, b) => a.docNum - b.docNum || a.from.localeCompare(b.from)),
    counts: of('count').map((r) => ({
      section: r.section ?? '',
      series: r.doc === 'CN' ? ('CN' as const) : ('INV' as const),
      documents: r.n,
      sources: r.qty,
    })),
  };
}

/** The tax of the month's supplies net of its credit notes: what the return declares per head. */
export function returnTax(g: Gstr1): Tax {
  const items = (docs: readonly InvoiceDoc[]) => sumTax(docs.flatMap((d) => d.items));
  return addTax(addTax(addTax(items(g.b2b), items(g.b2cl)), sumTax(g.b2cs)), addTax(items(g.cdnr), items(g.cdnur)), -1);
}
