// GSTR-3B's outward tables from the month's GSTR-1 (decision 058), in paise, and the checks the accountant sees.
import { addTax, type Gstr1, type InvoiceDoc, type RateItem, returnTax, sumTax, type Tax } from './gstr1';

export interface Gstr3b {
  /** 3.1(a) outward taxable supplies (other than zero rated, nil rated and exempted), net of credit notes. */
  outwardTaxable: Tax;
  /** 3.1(c) nil rated supplies (rate 0), net of credit notes. */
  nilRated: Tax;
  /** 3.2 inter-state supplies to unregistered persons, per place of supply (taxable value and IGST). */
  unregisteredInterState: { pos: string; posState: string; txval: number; igst: number }[];
}

const items = (docs: readonly InvoiceDoc[], rate: (r: number) => boolean) =>
  sumTax(docs.flatMap((d) => d.items.filter((i) => rate(i.rate))));
const byRate = (g: Gstr1, rate: (r: number) => boolean): Tax =>
  addTax(
    addTax(addTax(items(g.b2b, rate), items(g.b2cl, rate)), sumTax(g.b2cs.filter((r) => rate(r.rate)))),
    addTax(items(g.cdnr, rate), items(g.cdnur, rate)),
    -1,
  );

export function buildGstr3b(g: Gstr1): Gstr3b {
  const places = new Map<string, { pos: string; posState: string; txval: number; igst: number }>();
  const add = (pos: string, posState: string, t: Pick<RateItem, 'txval' | 'igst'>, sign = 1) => {
    const p = places.get(pos) ?? { pos, posState, txval: 0, igst: 0 };
    p.txval += sign * t.txval;
    p.igst += sign * t.igst;
    places.set(pos, p);
  };
  for (const d of g.b2cl) for (const i of d.items) add(d.pos, d.posState, i);
  for (const r of g.b2cs) if (r.supplyType === 'INTER') add(r.pos, r.posState, r);
  for (const d of g.cdnur) for (const i of d.items) add(d.pos, d.posState, i, -1);
  return {
    outwardTaxable: byRate(g, (r) => r > 0),
    nilRated: byRate(g, (r) => r === 0),
    unregisteredInterState: [...places.values()]
      .filter((p) => p.txval !== 0 || p.igst !== 0)
      .sort((a, b) => a.pos.localeCompare(b.pos)),
  };
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** The ledger's output-tax movement of the month per head (repo.ts `ledgerMovement`), paise. */
export interface LedgerHeads {
  cgst: number;
  sgst: number;
  igst: number;
}

/** ₹ figures in the checks' sentences, grouped the Indian way (1,00,300.00). */
const rupees = (p: number) => (p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The checks shown with the return (decision 058):
 * - every invoice and credit note numbered in the month is in exactly one section, and no number is shared by two
 *   kinds of document;
 * - the return's tax per head equals the ledger's movement on that head (decision 053);
 * - Table 12 (HSN) adds up to the sections.
 */
export function checks(g: Gstr1, ledger: LedgerHeads): Check[] {
  const out: Check[] = [];
  for (const series of ['INV', 'CN'] as const) {
    const what = series === 'INV' ? 'invoices' : 'credit notes';
    const numbered = g.docs.filter((d) => (d.docNum === 5) === (series === 'CN')).reduce((s, d) => s + d.net, 0);
    const counts = g.counts.filter((c) => c.series === series);
    const classified = counts.reduce((s, c) => s + c.documents, 0);
    const sources = counts.reduce((s, c) => s + c.sources, 0);
    const listed = (series === 'INV' ? [...g.b2b, ...g.b2cl] : [...g.cdnr, ...g.cdnur]).length;
    const expectedListed = counts.filter((c) => c.section !== 'b2cs').reduce((s, c) => s + c.documents, 0);
    const ok = numbered === classified && sources === classified && listed === expectedListed;
    out.push({
      name: `Every ${series === 'INV' ? 'invoice' : 'credit note'} appears once`,
      ok,
      detail: ok
        ? `${numbered} ${what} numbered in the month, each in one section.`
        : `${numbered} ${what} numbered, ${classified} in the sections, ${sources} documents behind them, ` +
          `${listed} listed of ${expectedListed}.`,
    });
  }
  const tax = returnTax(g);
  for (const [head, label] of [
    ['cgst', 'Central tax'],
    ['sgst', 'State/UT tax'],
    ['igst', 'Integrated tax'],
  ] as const) {
    const ok = tax[head] === ledger[head];
    out.push({
      name: `${label} equals the ledger`,
      ok,
      detail: ok
        ? `₹${rupees(tax[head])} in the return and in ${head}_payable's movement.`
        : `₹${rupees(tax[head])} in the return, ₹${rupees(ledger[head])} moved on ${head}_payable (off by ₹${rupees(tax[head] - ledger[head])}).`,
    });
  }
  const hsn = sumTax([...g.hsnB2b, ...g.hsnB2c]);
  const hsnOk = (['txval', 'igst', 'cgst', 'sgst'] as const).every((k) => hsn[k] === tax[k]);
  out.push({
    name: 'The HSN summary adds up to the sections',
    ok: hsnOk,
    detail: hsnOk
      ? `Taxable value ₹${rupees(tax.txval)} in both.`
      : `Taxable value ₹${rupees(hsn.txval)} in Table 12, ₹${rupees(tax.txval)} in the sections.`,
  });
  return out;
}
