// India's statutory payroll tables (server/domains/people/payroll/statutory.ts) against the published rules, and how the
// rule in force on a day is found.
import { describe, expect, it } from 'vitest';
import { EPF_RULES, ESI_RULES, inForce, PT_STATES, ptTable } from '../../server/domains/people/payroll/statutory';

describe('the tables', () => {
  it('EPF: 12% + 12% on a wage ceiling of ₹15,000 a month, in force from 1 September 2014', () => {
    // The ceiling rose from ₹6,500 to ₹15,000 by G.S.R. 609(E) of 22 August 2014, from 1 September 2014.
    expect(inForce(EPF_RULES, '2025-06-01')).toEqual({
      from: '2014-09-01',
      employeeBp: 1200,
      employerBp: 1200,
      wageCeilingPaise: 1_500_000,
    });
  });

  it('ESI: 0.75% + 3.25% up to ₹21,000 gross, the rates in force from 1 July 2019', () => {
    // The rates fell from 1.75% + 4.75% on 1 July 2019; the ₹21,000 limit dates from 1 January 2017.
    expect(inForce(ESI_RULES, '2025-06-01')).toEqual({
      from: '2019-07-01',
      employeeBp: 75,
      employerBp: 325,
      grossLimitPaise: 2_100_000,
    });
  });

  it('Maharashtra professional tax: nil to ₹7,500, ₹175 to ₹10,000, ₹200 above and ₹300 in February', () => {
    const mh = ptTable('MH', '2025-06-01');
    expect(mh?.name).toBe('Maharashtra');
    expect(mh?.slabs).toEqual([
      { upToPaise: 750_000, monthlyPaise: 0, februaryPaise: null },
      { upToPaise: 1_000_000, monthlyPaise: 17_500, februaryPaise: null },
      { upToPaise: null, monthlyPaise: 20_000, februaryPaise: 30_000 },
    ]);
    expect(PT_STATES).toContain('MH');
  });

  it('a state without professional tax has no table', () => {
    // Delhi levies no professional tax.
    expect(ptTable('DL', '2025-06-01')).toBeNull();
    expect(PT_STATES).not.toContain('DL');
  });
});

describe('the rule in force on a day', () => {
  const a = { from: '2020-04-01', name: 'a' };
  const b = { from: '2021-04-01', name: 'b' };
  const c = { from: '2022-04-01', name: 'c' };

  it('is the latest that started on or before it, in whatever order the rules are listed', () => {
    for (const rules of [
      [a, b, c],
      [c, b, a],
      [a, c, b],
    ]) {
      expect(inForce(rules, '2020-03-31')).toBeNull();
      expect(inForce(rules, '2020-04-01')?.name).toBe('a');
      expect(inForce(rules, '2021-03-31')?.name).toBe('a');
      expect(inForce(rules, '2021-06-15')?.name).toBe('b');
      expect(inForce(rules, '2022-04-01')?.name).toBe('c');
      expect(inForce(rules, '2030-01-01')?.name).toBe('c');
    }
    expect(inForce([], '2025-06-01')).toBeNull();
  });
});
