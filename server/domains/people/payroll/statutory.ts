/**
 * India's statutory payroll deductions as configuration (decision 034): the calculation reads these
 * tables and never branches on a rate. A change in law is a new entry with its effective date; a month uses the
 * entry in force on its first day. Amounts are paise; rates are basis points (1/100 of a percent).
 */

export interface EpfRule {
  from: string;
  /** Employee and employer shares of the PF wage (basic, capped). */
  employeeBp: number;
  employerBp: number;
  /** The PF wage ceiling a month: contributions are on basic up to this. */
  wageCeilingPaise: number;
}

export interface EsiRule {
  from: string;
  employeeBp: number;
  employerBp: number;
  /** ESI applies while the month's gross wage rate is at most this. */
  grossLimitPaise: number;
}

export interface PtSlab {
  /** The slab holds gross pay up to this (inclusive); null: no upper end. */
  upToPaise: number | null;
  monthlyPaise: number;
  /** What February takes instead (Maharashtra collects the year's balance then); null: the same as other months. */
  februaryPaise: number | null;
}

export interface PtTable {
  state: string;
  name: string;
  from: string;
  slabs: PtSlab[];
}

export const EPF_RULES: EpfRule[] = [
  { from: '2014-09-01', employeeBp: 1200, employerBp: 1200, wageCeilingPaise: 1_500_000 },
];

export const ESI_RULES: EsiRule[] = [
  { from: '2019-07-01', employeeBp: 75, employerBp: 325, grossLimitPaise: 2_100_000 },
];

/** Professional tax by state; Maharashtra is the first table (Maharashtra State Tax on Professions Act, 1975). */
export const PT_TABLES: PtTable[] = [
  {
    state: 'MH',
    name: 'Maharashtra',
    from: '2023-04-01',
    slabs: [
      { upToPaise: 750_000, monthlyPaise: 0, februaryPaise: null },
      { upToPaise: 1_000_000, monthlyPaise: 17_500, februaryPaise: null },
      { upToPaise: null, monthlyPaise: 20_000, februaryPaise: 30_000 },
    ],
  },
];

export const PT_STATES = PT_TABLES.map((t) => t.state);

/** The rule in force on `day` (YYYY-MM-DD): the latest whose `from` is on or before it. */
export function inForce<T extends { from: string }>(rules: T[], day: string): T | null {
  let found: T | null = null;
  for (const r of rules) if (r.from <= day && (!found || r.from > found.from)) found = r;
  return found;
}

export function ptTable(state: string, day: string): PtTable | null {
  return inForce(
    PT_TABLES.filter((t) => t.state === state),
    day,
  );
}
