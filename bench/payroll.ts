// `npm run bench:payroll` (decision 034): on a fresh PostgreSQL database (DATABASE_URL, or the local server), 10,000
// employees each with a salary structure and a month of attendance (300,000 attendance days), all seeded in SQL; then
// one salary run for the month, advanced exactly as the server's worker does it (batches claimed FOR UPDATE SKIP
// LOCKED, one transaction each). Prints the time (goal under 60 s) and the process's memory, sampled through the run
// (it must stay flat: the run streams batches and never loads every employee at once). Checks the ledger after.

import { openDatabase } from '../server/db/client';
import { demoUserId } from '../server/db/seed/demo';
import { checkLedger } from '../server/domains/money/wallets/service';
import { advanceRuns, runOf, startRun } from '../server/domains/people/payroll/service';
import { postgresAnswers, templateCopy } from '../tests/support/server-processes';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 500);
const base = process.env.DATABASE_URL ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (!(await postgresAnswers(base))) {
  console.log(`PostgreSQL: nothing answers at ${base}; bench:payroll needs it (DATABASE_URL).`);
  process.exit(1);
}
const copy = await templateCopy(base, 'doorstep_bench_payroll', { durable: true });
const database = await openDatabase({ databaseUrl: copy.url });
const db = database.db;
const q = async (text: string) => db.execute(text as never);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

try {
  const t0 = performance.now();
  const { sql } = await import('drizzle-orm');
  const exec = (s: ReturnType<typeof sql>) => db.execute(s);
  void q;
  const [place] = (
    (await exec(sql`select c.id as city_id, c.state_id from cities c order by c.id limit 1`)) as unknown as {
      rows: { city_id: number; state_id: number }[];
    }
  ).rows;
  // The month before last, so it has ended whatever today is: 2 months back from now.
  const now = new Date();
  const year = now.getUTCMonth() < 2 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  const month = ((now.getUTCMonth() + 10) % 12) + 1;
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  await exec(sql`
    with made as (
      insert into users (full_name, mobile_no, email, role, password_hash)
      select 'Bench employee ' || i, '2' || lpad(i::text, 9, '0'), 'bench-emp-' || i || '@example.in', 'TE', 'x'
        from generate_series(1, ${EMPLOYEES}::int) i returning id, substr(mobile_no, 2)::int as i)
    insert into professionals (user_id, professional_type, state_id, city_id, pin_code, address_line1, pan_number,
       aadhaar_number, joined_on)
    select m.id, 'Technician', ${place.state_id}, ${place.city_id}, '400001', '1 Bench Lane',
           'BNCH' || chr(65 + m.i / 10000) || lpad((m.i % 10000)::text, 4, '0') || 'E', '6' || lpad(m.i::text, 11, '0'),
           '2024-04-01'
      from made m`);
  await exec(sql`
    insert into salary_structures (user_id, effective_from, basic_paise, hra_paise, allowances_paise)
    select p.user_id, '2024-04-01', 1200000 + (p.user_id % 40) * 50000, 480000, 200000
      from professionals p join users u on u.id = p.user_id where u.mobile_no like '2%'`);
  // A month of attendance: Sundays off, one absence and one half day in every fortnight, the rest present.
  await exec(sql`
    insert into attendance_days (user_id, day, status, check_in_at, check_out_at, source)
    select p.user_id, d::date,
           case when extract(isodow from d) = 7 then 'weeklyOff'
                when (extract(day from d)::int + p.user_id) % 14 = 0 then 'absent'
                when (extract(day from d)::int + p.user_id) % 14 = 7 then 'halfDay'
                else 'present' end,
           case when extract(isodow from d) = 7 or (extract(day from d)::int + p.user_id) % 14 = 0 then null
                else d + time '09:00' end,
           case when extract(isodow from d) = 7 or (extract(day from d)::int + p.user_id) % 14 = 0 then null
                when (extract(day from d)::int + p.user_id) % 14 = 7 then d + time '13:00'
                else d + time '18:00' end,
           'hr'
      from professionals p join users u on u.id = p.user_id
      cross join generate_series(${first}::date, (${first}::date + interval '1 month' - interval '1 day'), interval '1 day') d
     where u.mobile_no like '2%'`);
  // The company account wallet holds enough for the month.
  const { post, systemAccountId } = await import('../server/domains/money/wallets/service');
  const { paise } = await import('../server/money');
  const float = EMPLOYEES * 40_000_00;
  await db.transaction((tx) =>
    post(tx, {
      kind: 'account_credit',
      legs: [
        { accountId: systemAccountId('company_wallet'), amount: float },
        { accountId: systemAccountId('bank'), amount: -float },
      ],
      reference: 'BENCH-FLOAT',
      actorId: null,
      amountField: 'TransAmount',
      amount: paise(float),
    }),
  );
  const [counts] = (
    (await exec(
      sql`select (select count(*) from professionals)::int as employees, (select count(*) from attendance_days)::int as days`,
    )) as unknown as { rows: { employees: number; days: number }[] }
  ).rows;
  console.log(
    `Seeded ${counts.employees} employees and ${counts.days} attendance days for ${first.slice(0, 7)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // The run, sampled for memory every 100 ms.
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 100);
  const hr = await demoUserId(db, 'HR');
  const started = performance.now();
  const run = await startRun(db, { id: hr, role: 'HR' }, { date: first, bankReferencePrefix: 'BENCH' }, now);
  const batches = await advanceRuns(db, { batchSize: BATCH });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const done = await runOf(db, run.id);
  console.log('\nbench:payroll - one salary run on PostgreSQL');
  console.log(
    `  employees in the run   ${done.total} (paid ${done.paid}, skipped ${done.skipped}, failed ${done.failed})`,
  );
  console.log(`  paid                   INR ${done.paidAmount.toLocaleString('en-IN')}`);
  console.log(`  batches                ${batches} of up to ${BATCH}`);
  console.log(`  time                   ${seconds.toFixed(1)} s (goal under 60 s) ${seconds < 60 ? 'OK' : 'OVER'}`);
  console.log(`  throughput             ${(done.paid / seconds).toFixed(0)} employees/s`);
  console.log(
    `  memory                 rss ${mb(baseline.rss)} before, peak ${mb(peakRss)} (+${mb(peakRss - baseline.rss)}); heap ${mb(baseline.heapUsed)} before, peak ${mb(peakHeap)}`,
  );
  const ledger = await checkLedger(db);
  const broken = ledger.checks.filter((c) => c.breaches.length);
  console.log(
    `  ledger:check           ${broken.length ? `BROKEN: ${broken.map((c) => c.rule).join('; ')}` : 'every invariant holds'}`,
  );
  if (done.state !== 'done' || done.failed || broken.length) process.exitCode = 1;
} finally {
  await database.close();
  await copy.drop();
}
