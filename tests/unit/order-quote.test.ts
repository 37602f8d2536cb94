// The checkout quote's pure pricing (server/domains/commerce/orders/quote.ts) and the amount in words of tax invoices.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceLine, type QuoteLineInput, quote } from '../../server/domains/commerce/orders/quote';
import { gstinCheckChar, gstinProblem } from '../../server/shared/gstin';
import { amountInWords, indianNumberWords } from '../../server/shared/words';

const line = (over: Partial<QuoteLineInput> = {}): QuoteLineInput => ({
  serviceId: 1,
  description: 'AC service',
  categoryId: 1,
  sacCode: '998729',
  quantity: 1,
  unitPricePaise: 49_900,
  discountPercent: 10,
  gstRate: 18,
  slotStart: new Date('2030-01-01T04:30:00Z'),
  available: true,
  served: true,
  slotProblem: null,
  rateInForce: true,
  ...over,
});

describe('quote', () => {
  it('rounds half-up per line and splits GST into CGST + SGST inside the state', () => {
    // 3 × ₹499 = 1497.00; 10% off → 1347.30 taxable; 18% = 242.514 → 242.51; CGST 121.26 (half-up), SGST 121.25.
    const q = quote({
      lines: [line({ quantity: 3 })],
      intraState: true,
      tipPaise: 5000,
      walletBalancePaise: 0,
      useWallet: false,
    });
    expect(q.lines[0]).toMatchObject({
      grossPaise: 149_700,
      discountPaise: 14_970,
      taxablePaise: 134_730,
      gstPaise: 24_251,
      cgstPaise: 12_126,
      sgstPaise: 12_125,
      igstPaise: 0,
      totalPaise: 158_981,
    });
    expect(q.totals).toMatchObject({ tipPaise: 5000, totalPaise: 163_981, payablePaise: 163_981 });
    expect(q.placeable).toBe(true);
  });

  it('charges IGST alone outside the state', () => {
    const q = quote({ lines: [line()], intraState: false, tipPaise: 0, walletBalancePaise: 0, useWallet: false });
    expect(q.lines[0]).toMatchObject({ gstPaise: 8084, cgstPaise: 0, sgstPaise: 0, igstPaise: 8084 });
  });

  it('lets the wallet pay what it holds, up to the total, only when chosen', () => {
    const base = { lines: [line()], intraState: true, tipPaise: 0 };
    expect(quote({ ...base, walletBalancePaise: 10_000, useWallet: true }).totals).toMatchObject({
      walletUsablePaise: 10_000,
      walletPaise: 10_000,
      payablePaise: 52_994 - 10_000,
    });
    expect(quote({ ...base, walletBalancePaise: 1_000_000, useWallet: true }).totals).toMatchObject({
      walletUsablePaise: 52_994,
      payablePaise: 0,
    });
    expect(quote({ ...base, walletBalancePaise: 1_000_000, useWallet: false }).totals).toMatchObject({
      walletUsablePaise: 52_994,
      walletPaise: 0,
      payablePaise: 52_994,
    });
  });

  it('lists every problem of a line and is not placeable with any, nor with no lines', () => {
    const q = quote({
      lines: [
        line({ available: false, served: false, notServedMessage: 'Not at 560034.', slotProblem: 'Pick a slot.' }),
        line({ rateInForce: false, gstRate: 12 }),
      ],
      intraState: true,
      tipPaise: 0,
      walletBalancePaise: 0,
      useWallet: false,
    });
    expect(q.lines[0].problems.map((p) => p.code)).toEqual(['unavailable', 'notServed', 'slot']);
    expect(q.lines[0].problems[1].message).toBe('Not at 560034.');
    expect(q.lines[1].problems).toEqual([{ code: 'gstRate', message: expect.stringContaining('12%') }]);
    expect(q.placeable).toBe(false);
    const empty = quote({ lines: [], intraState: true, tipPaise: 0, walletBalancePaise: 0, useWallet: false });
    expect(empty).toMatchObject({ placeable: false, problems: ['Your cart is empty.'] });
  });

  const arbLine = fc.record({
    quantity: fc.integer({ min: 1, max: 99 }),
    unitPricePaise: fc.integer({ min: 0, max: 100_000_000 }),
    discountPercent: fc.integer({ min: 0, max: 100 }),
    gstRate: fc.constantFrom(0, 5, 18, 40),
  });

  it('always adds up: taxable + GST = line total, CGST + SGST + IGST = GST, Σ lines + tip = total, nothing negative', () => {
    fc.assert(
      fc.property(
        fc.array(arbLine, { maxLength: 8 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.boolean(),
        (lines, intraState, tipPaise, walletBalancePaise, useWallet) => {
          const q = quote({
            lines: lines.map((l) => line(l)),
            intraState,
            tipPaise,
            walletBalancePaise,
            useWallet,
          });
          let total = tipPaise;
          for (const l of q.lines) {
            expect(l.taxablePaise + l.gstPaise).toBe(l.totalPaise);
            expect(l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.gstPaise);
            expect(l.grossPaise - l.discountPaise).toBe(l.taxablePaise);
            if (intraState) expect(l.cgstPaise - l.sgstPaise).toBeGreaterThanOrEqual(0);
            if (intraState) expect(l.cgstPaise - l.sgstPaise).toBeLessThanOrEqual(1);
            else expect(l.cgstPaise + l.sgstPaise).toBe(0);
            for (const v of [l.taxablePaise, l.gstPaise, l.discountPaise, l.totalPaise]) {
              expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
            }
            total += l.totalPaise;
          }
          const t = q.totals;
          expect(t.totalPaise).toBe(total);
          expect(t.taxablePaise + t.gstPaise + t.tipPaise).toBe(t.totalPaise);
          expect(t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(t.gstPaise);
          expect(t.walletPaise + t.payablePaise).toBe(t.totalPaise);
          expect(t.walletPaise).toBeLessThanOrEqual(walletBalancePaise);
          expect(t.payablePaise).toBeGreaterThanOrEqual(0);
          expect(t.walletUsablePaise).toBe(Math.min(walletBalancePaise, t.totalPaise));
        },
      ),
    );
  });

  it('prices a line the same whatever else is in the order', () => {
    fc.assert(
      fc.property(arbLine, fc.boolean(), (l, intraState) => {
        const alone = priceLine({ ...l, intraState });
        const q = quote({
          lines: [line(l), line({ quantity: 2 })],
          intraState,
          tipPaise: 0,
          walletBalancePaise: 0,
          useWallet: false,
        });
        expect(q.lines[0]).toMatchObject(alone);
      }),
    );
  });
});

describe('amount in words (Indian style)', () => {
  it('writes lakh and crore', () => {
    expect(amountInWords(12_345_650)).toBe(
      'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Fifty Paise Only',
    );
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(1)).toBe('Rupees Zero and One Paise Only');
    expect(amountInWords(52_994)).toBe('Rupees Five Hundred Twenty Nine and Ninety Four Paise Only');
    expect(amountInWords(100_000_000_00)).toBe('Rupees Ten Crore Only');
    expect(indianNumberWords(1_00_00_000)).toBe('One Crore');
    expect(indianNumberWords(12_34_56_789)).toBe(
      'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine',
    );
    expect(indianNumberWords(1_00_00_00_000)).toBe('One Hundred Crore');
    expect(indianNumberWords(1_00_100)).toBe('One Lakh One Hundred');
    expect(indianNumberWords(90_019)).toBe('Ninety Thousand Nineteen');
    expect(indianNumberWords(20)).toBe('Twenty');
  });

  it('never writes a zero inside a number, a gap or undefined, and always ends in Only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const w = amountInWords(n);
        expect(w.startsWith('Rupees ')).toBe(true);
        expect(w.endsWith(' Only')).toBe(true);
        expect(w).not.toMatch(/ {2}|undefined|Zero (?!Only|and)/);
      }),
    );
  });
});

describe('GSTIN', () => {
  it('checks shape, check character and the state code', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('29AAFCD1234K1ZN', 'Karnataka')).toBeNull();
    expect(gstinProblem('29AAFCD1234K1ZM', 'Karnataka')).toContain('check character');
    expect(gstinProblem('27AAPFU0939F1ZV', 'Karnataka')).toContain('must start with 29');
    expect(gstinProblem('29AAFCD1234K1Z', 'Karnataka')).toContain('15 characters');
  });
});
