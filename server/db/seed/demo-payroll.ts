import { asc, count, eq } from 'drizzle-orm';
import { wallets } from '../../domains/money';
import { indiaDay, payroll } from '../../domains/people';
import { paise } from '../../money';
import type { Db } from '../client';
import { professionals, salaryStructures, users } from '../schema';
import { demoUserId } from './demo';

/**
 * Demo payroll (decision 034): a salary structure for every demo professional from the start of the financial year
 * before the last full month, an advance for one of them, the company account wallet funded for salaries (from the
 * bank, as the accountant's deposit is), and the last full month already paid to everyone through the payroll
 * service (slips with their breakdown, one ledger transfer each, the attendance month locked). Runs after the
 * professionals and the attendance demo (the paid days come from attendance). Does nothing twice (nothing when any
 * structure exists).
 */
export async function seedDemoPayroll(db: Db, now = new Date()) {
  const [{ n }] = await db.select({ n: count() }).from(salaryStructures);
  if (n > 0) return;
  const team = await db
    .select({ id: professionals.userId, name: users.fullName })
    .from(professionals)
    .innerJoin(users, eq(users.id, professionals.userId))
    .orderBy(asc(professionals.userId));
  if (team.length === 0) return;
  const hr = { id: await demoUserId(db, 'HR'), role: 'HR' as const };
  const ac = { id: await demoUserId(db, 'AC'), role: 'AC' as const };
  const last = payroll.lastFullMonth(now);
  // The financial year (April-March) the month before the last full one falls in.
  const before = last.month === 1 ? { year: last.year - 1, month: 12 } : { year: last.year, month: last.month - 1 };
  const fyStart = `${before.month >= 4 ? before.year : before.year - 1}-04-01`;

  // Technicians and engineers at a spread of pay: some under the ESI limit, some over it, basic above and below the
  // EPF ceiling.
  const plans = [
    { basic: 12000, hra: 4800, allowances: 2000 },
    { basic: 16000, hra: 6400, allowances: 2500 },
    { basic: 11000, hra: 4400, allowances: 1500 },
    { basic: 22000, hra: 8800, allowances: 3000 },
  ];
  for (const [i, p] of team.entries()) {
    await payroll.addStructure(db, hr, p.id, {
      effectiveFrom: fyStart,
      ...plans[i % plans.length],
      remark: 'Appointment terms',
    });
  }
  // A raise from the current month for the first professional (the paid month keeps its old pay).
  const current = payroll.monthOf(indiaDay(now).date);
  await payroll.addStructure(db, hr, team[0].id, {
    effectiveFrom: current.period,
    basic: 13500,
    hra: 5400,
    allowances: 2000,
    remark: 'Annual raise',
  });
  if (team.length > 1) {
    await payroll.addDeduction(db, hr, team[1].id, {
      kind: 'advance',
      reason: 'Festival advance, recovered over 3 months',
      amount: 1000,
      fromMonth: current.period,
      months: 3,
    });
  }

  // Fund the company account wallet for a month of salaries (plus room), then pay the last full month.
  await db.transaction((tx) =>
    wallets.post(tx, {
      kind: 'account_credit',
      legs: [
        { accountId: wallets.systemAccountId('company_wallet'), amount: 2_000_000_00 },
        { accountId: wallets.systemAccountId('bank'), amount: -2_000_000_00 },
      ],
      reference: 'DEMO-SALARY-FLOAT',
      remark: 'Float for salaries (demo)',
      actorId: ac.id,
      idempotency: { key: 'demo-payroll-funding', hash: 'demo-payroll-funding' },
      amountField: 'TransAmount',
      amount: paise(2_000_000_00),
    }),
  );
  const tag = last.period.slice(0, 7).replace('-', '');
  for (const p of team) {
    await payroll.pay(db, ac, { empId: p.id, date: last.period, bankReference: `DEMOUTR${tag}${p.id}` }, now);
  }
}
