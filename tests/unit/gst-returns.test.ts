import { describe, expect, it } from 'vitest';
import { b2clLimitOn, buildGstr1, isB2cl, type ReturnRow, returnTax } from '../../server/domains/reports/gst/gstr1';
import { buildGstr3b, checks } from '../../server/domains/reports/gst/gstr3b';
import { gstr1PortalJson, gstr1Sheets, returnPeriod } from '../../server/domains/reports/gst/portalJson';

// Decision 044: every expected value below is worked by hand in its comment or taken from the rule it names.

const row = (r: Partial<ReturnRow> & { kind: string }): ReturnRow => ({
  section: null,
  doc: null,
  at: null,
  ofDoc: null,
  posState: null,
  gstin: null,
  buyer: null,
  value: null,
  hsn: null,
  descr: null,
  rate: null,
  qty: 0,
  txval: 0,
  c: 0,
  s: 0,
  i: 0,
  n: 0,
  firstDoc: null,
  lastDoc: null,
  ...r,
});

describe('B2CL, CGST Rule 59(4)(a)(ii) as amended by Notification 12/2024-Central Tax', () => {
  it('is more than ₹1,00,000 from 1 August 2024, more than ₹2,50,000 before', () => {
    expect(b2clLimitOn('2024-07-31')).toBe(25_000_000);
    expect(b2clLimitOn('2024-08-01')).toBe(10_000_000);
    // "invoice value is more than one lakh rupees": exactly ₹1,00,000 stays in B2CS.
    expect(isB2cl(10_000_000, '2024-08-01', true)).toBe(false);
    expect(isB2cl(10_000_001, '2024-08-01', true)).toBe(true);
    // In July 2024 ₹2,00,000 was below the old limit; ₹2,50,000.01 above it.
    expect(isB2cl(20_000_000, '2024-07-31', true)).toBe(false);
    expect(isB2cl(25_000_001, '2024-07-31', true)).toBe(true);
    // Intra-state supplies are never B2CL, whatever their value.
    expect(isB2cl(50_000_000, '2026-12-01', false)).toBe(false);
  });
});

describe('a month of supplies, worked by hand (company in Karnataka, 29)', () => {
  // December 2026. Invoices and notes, each line's tax as its invoice printed it:
  // - INV/2627/000001 to vendor 32AAGCB7383J1Z4 (Kerala; the GSTIN of decision 044's known answers), goods HSN 3402,
  //   2 × ₹500 at 18%: taxable ₹1,000.00, IGST ₹180.00; value ₹1,180.00.
  // - INV/2627/000002 to a customer in Kerala, SAC 998533 at 18%: taxable ₹1,20,000.00, IGST ₹21,600.00; value
  //   ₹1,41,600.00 > ₹1,00,000: B2CL.
  // - B2CS Karnataka 18%: ₹10,000.00 + ₹500.50 taxable = ₹10,500.50, CGST 900.00 + 45.05 = 945.05, SGST 945.05.
  //   Less credit note CN/2627/000001 on a line of ₹500.50 (CGST 45.05, SGST 45.05): ₹10,000.00, 900.00, 900.00.
  // - B2CS Karnataka 5% (a rate change inside the month): ₹200.00, CGST 5.00, SGST 5.00.
  // - B2CS Tamil Nadu (33) 18%: ₹2,000.00, IGST ₹360.00.
  // - CN/2627/000002 on INV/2627/000002's line: taxable ₹1,20,000.00, IGST ₹21,600.00 (CDNUR, as its invoice is B2CL).
  const at = new Date('2026-12-10T06:00:00Z');
  const rows: ReturnRow[] = [
    row({
      kind: 'detail',
      section: 'b2b',
      doc: 'INV/2627/000001',
      at,
      posState: 'Kerala',
      gstin: '32AAGCB7383J1Z4',
      buyer: 'Kochi Supplies',
      value: 118_000,
      rate: 18,
      qty: 2,
      txval: 100_000,
      i: 18_000,
    }),
    row({
      kind: 'detail',
      section: 'b2cl',
      doc: 'INV/2627/000002',
      at,
      posState: 'Kerala',
      buyer: 'A customer',
      value: 14_160_000,
      rate: 18,
      txval: 12_000_000,
      i: 2_160_000,
    }),
    row({
      kind: 'detail',
      section: 'cdnur',
      doc: 'CN/2627/000002',
      at: new Date('2026-12-20T06:00:00Z'),
      ofDoc: 'INV/2627/000002',
      posState: 'Kerala',
      value: 14_160_000,
      rate: 18,
      txval: 12_000_000,
      i: 2_160_000,
    }),
    row({ kind: 'b2cs', section: 'b2cs', posState: 'Karnataka', rate: 18, txval: 1_000_000, c: 90_000, s: 90_000 }),
    row({ kind: 'b2cs', section: 'b2cs', posState: 'Karnataka', rate: 5, txval: 20_000, c: 500, s: 500 }),
    row({ kind: 'b2cs', section: 'b2cs', posState: 'Tamil Nadu', rate: 18, txval: 200_000, i: 36_000 }),
    row({
      kind: 'hsn',
      section: 'b2b',
      hsn: '3402',
      descr: 'Floor cleaner',
      rate: 18,
      qty: 2,
      txval: 100_000,
      i: 18_000,
    }),
    // B2C SAC 998533 at 18%: 1,20,000 + 10,000 + 2,000 − 1,20,000 = ₹12,000.00; IGST 21,600 + 360 − 21,600 = 360;
    // CGST and SGST 900.00 each.
    row({
      kind: 'hsn',
      section: 'b2c',
      hsn: '998533',
      descr: 'Cleaning',
      rate: 18,
      txval: 1_200_000,
      c: 90_000,
      s: 90_000,
      i: 36_000,
    }),
    row({ kind: 'hsn', section: 'b2c', hsn: '998533', descr: 'Cleaning', rate: 5, txval: 20_000, c: 500, s: 500 }),
    row({ kind: 'count', section: 'b2b', doc: 'INV', n: 1, qty: 1 }),
    row({ kind: 'count', section: 'b2cl', doc: 'INV', n: 1, qty: 1 }),
    row({ kind: 'count', section: 'b2cs', doc: 'INV', n: 4, qty: 4 }),
    row({ kind: 'count', section: 'b2cs', doc: 'CN', n: 1, qty: 1 }),
    row({ kind: 'count', section: 'cdnur', doc: 'CN', n: 1, qty: 1 }),
    row({
      kind: 'series',
      section: 'INV',
      doc: 'INV/2627/',
      n: 6,
      firstDoc: 'INV/2627/000001',
      lastDoc: 'INV/2627/000006',
    }),
    row({
      kind: 'series',
      section: 'CN',
      doc: 'CN/2627/',
      n: 2,
      firstDoc: 'CN/2627/000001',
      lastDoc: 'CN/2627/000002',
    }),
  ];
  const g = buildGstr1(rows, 'Karnataka');

  it('nets the return per head: what GSTR-3B 3.1(a) declares', () => {
    // Taxable: 1,000 + 1,20,000 + 10,000 + 200 + 2,000 − 1,20,000 = ₹13,200.00.
    // IGST: 180 + 21,600 + 360 − 21,600 = ₹540.00. CGST = SGST = 900 + 5 = ₹905.00.
    expect(returnTax(g)).toEqual({ txval: 1_320_000, igst: 54_000, cgst: 90_500, sgst: 90_500 });
    const b = buildGstr3b(g);
    expect(b.outwardTaxable).toEqual({ txval: 1_320_000, igst: 54_000, cgst: 90_500, sgst: 90_500 });
    // 3.2: inter-state to unregistered persons: Kerala 1,20,000 (B2CL) − 1,20,000 (its note) = 0, dropped;
    // Tamil Nadu ₹2,000.00 and IGST ₹360.00. The B2B supply to Kerala is not to an unregistered person.
    expect(b.unregisteredInterState).toEqual([{ pos: '33', posState: 'Tamil Nadu', txval: 200_000, igst: 36_000 }]);
  });

  it('passes its checks when the ledger moved the same tax, and names the head that is off', () => {
    const good = checks(g, { cgst: 90_500, sgst: 90_500, igst: 54_000 });
    expect(good.filter((c) => !c.ok)).toEqual([]);
    const off = checks(g, { cgst: 90_500, sgst: 90_500, igst: 53_999 });
    expect(off.filter((c) => !c.ok).map((c) => c.name)).toEqual(['Integrated tax equals the ledger']);
    expect(off.find((c) => !c.ok)?.detail).toContain('off by ₹0.01');
  });

  it('finds an invoice counted in no section, or a number two documents share', () => {
    const missing = buildGstr1(
      rows.map((r) => (r.kind === 'series' && r.section === 'INV' ? { ...r, n: 7, lastDoc: 'INV/2627/000007' } : r)),
      'Karnataka',
    );
    expect(checks(missing, { cgst: 90_500, sgst: 90_500, igst: 54_000 })[0]).toMatchObject({
      ok: false,
      detail: '7 invoices numbered, 6 in the sections, 6 documents behind them, 2 listed of 2.',
    });
    const shared = buildGstr1(
      rows.map((r) => (r.kind === 'count' && r.section === 'b2cs' && r.doc === 'INV' ? { ...r, qty: 5 } : r)),
      'Karnataka',
    );
    expect(checks(shared, { cgst: 90_500, sgst: 90_500, igst: 54_000 })[0].ok).toBe(false);
  });

  it('writes the offline tool JSON: rupees with 2 decimals, dd-mm-yyyy, two-digit pos, IGST or CGST+SGST', () => {
    const json = gstr1PortalJson(g, '29AAFCD1234K1ZN', returnPeriod(2026, 12));
    expect(json).toMatchObject({ gstin: '29AAFCD1234K1ZN', fp: '122026', hash: 'hash' });
    expect(json.b2b).toEqual([
      {
        ctin: '32AAGCB7383J1Z4',
        inv: [
          {
            inum: 'INV/2627/000001',
            idt: '10-12-2026',
            val: 1180,
            pos: '32',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 18, txval: 1000, iamt: 180, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(json.b2cl).toEqual([
      {
        pos: '32',
        inv: [
          {
            inum: 'INV/2627/000002',
            idt: '10-12-2026',
            val: 141600,
            itms: [{ num: 1, itm_det: { rt: 18, txval: 120000, iamt: 21600, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(json.b2cs).toEqual([
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 5, txval: 200, camt: 5, samt: 5, csamt: 0 },
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 18, txval: 10000, camt: 900, samt: 900, csamt: 0 },
      { sply_ty: 'INTER', pos: '33', typ: 'OE', rt: 18, txval: 2000, iamt: 360, csamt: 0 },
    ]);
    expect(json.cdnur).toEqual([
      {
        typ: 'B2CL',
        ntty: 'C',
        nt_num: 'CN/2627/000002',
        nt_dt: '20-12-2026',
        val: 141600,
        pos: '32',
        itms: [{ num: 1, itm_det: { rt: 18, txval: 120000, iamt: 21600, csamt: 0 } }],
      },
    ]);
    expect(json.cdnr).toBeUndefined();
    expect(json.hsn).toEqual({
      hsn_b2b: [
        {
          num: 1,
          hsn_sc: '3402',
          desc: 'Floor cleaner',
          uqc: 'NOS',
          qty: 2,
          rt: 18,
          txval: 1000,
          iamt: 180,
          camt: 0,
          samt: 0,
          csamt: 0,
        },
      ],
      hsn_b2c: [
        {
          num: 1,
          hsn_sc: '998533',
          desc: 'Cleaning',
          uqc: 'NA',
          qty: 0,
          rt: 5,
          txval: 200,
          iamt: 0,
          camt: 5,
          samt: 5,
          csamt: 0,
        },
        {
          num: 2,
          hsn_sc: '998533',
          desc: 'Cleaning',
          uqc: 'NA',
          qty: 0,
          rt: 18,
          txval: 12000,
          iamt: 360,
          camt: 900,
          samt: 900,
          csamt: 0,
        },
      ],
    });
    expect(json.doc_issue).toEqual({
      doc_det: [
        {
          doc_num: 1,
          doc_typ: 'Invoices for outward supply',
          docs: [{ num: 1, from: 'INV/2627/000001', to: 'INV/2627/000006', totnum: 6, cancel: 0, net_issue: 6 }],
        },
        {
          doc_num: 5,
          doc_typ: 'Credit Note',
          docs: [{ num: 1, from: 'CN/2627/000001', to: 'CN/2627/000002', totnum: 2, cancel: 0, net_issue: 2 }],
        },
      ],
    });
  });

  it('lays the Excel sheets out in the offline tool template order', () => {
    const sheets = gstr1Sheets(g);
    expect(sheets.map((s) => s.name)).toEqual(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn(b2b)', 'hsn(b2c)', 'docs']);
    const b2cs = sheets.find((s) => s.name === 'b2cs');
    expect(b2cs?.columns).toEqual([
      'Type',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ]);
    expect(b2cs?.rows[2]).toEqual(['OE', '33-Tamil Nadu', '', 18, 2000, 0, '']);
    expect(sheets.find((s) => s.name === 'b2b')?.rows[0].slice(0, 6)).toEqual([
      '32AAGCB7383J1Z4',
      'Kochi Supplies',
      'INV/2627/000001',
      '10-Dec-2026',
      1180,
      '32-Kerala',
    ]);
  });
});
