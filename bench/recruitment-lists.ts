// `npx tsx bench/recruitment-lists.ts` (decision 032): on PostgreSQL through one server process (server/main.ts), with
// 100,000 candidates seeded in SQL across every state of the recruitment machine (each with its adding and its last
// step in the history), each pipeline list (Hr/GetCandidatesByAction) and the all-candidates list, one request at a
// time: page 1, a deep page, sorted by name, and searched by name, phone and e-mail (served by a trigram index). Goal: p95 under 50 ms for each.
import { DEMO_ACCOUNTS } from '../server/db/seed/demo';
import { TEST_PASSWORD } from '../tests/support/template';
import { benchOnPostgres, must, sequentialListFigure } from './lib';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);

// The share of candidates in each state: most are new or rejected, as in a real pipeline.
const SPREAD: [string, number][] = [
  ['new', 25],
  ['screened', 15],
  ['interview', 10],
  ['finalised', 6],
  ['sentForApproval', 3],
  ['approved', 2],
  ['appointed', 9],
  ['rejected', 25],
  ['adminRejected', 5],
];

const { sql, api, close } = await benchOnPostgres('recruitment', 4);

try {
  const t0 = performance.now();
  const { rows: hrRows } = await sql.query(`select id from users where mobile_no = $1`, [
    DEMO_ACCOUNTS.find((a) => a.role === 'HR')!.mobileNo,
  ]);
  const hrId = hrRows[0].id;
  const states = SPREAD.flatMap(([s, n]) => Array.from({ length: n }, () => s));
  // Candidates over the last year, names from small lists (searching finds many), unique phones and e-mails.
  await sql.query(
    `insert into candidates (first_name, last_name, phone, email, address, pincode, dob, designation_type, off_on_role,
        total_exp, state, created_by, created_at, updated_at)
     select (array['Arjun','Kavya','Sameer','Pooja','Rohit','Anjali','Deepak','Sneha','Manoj','Farhan'])[1 + i % 10]
              || ' ' || (i % 997),
            (array['Nair','Reddy','Khan','Desai','Verma','Menon','Yadav','Kulkarni','Pillai','Qureshi'])[1 + (i / 10) % 10],
            '6' || lpad(i::text, 9, '0'), 'bench-candidate-' || i || '@example.in', i || ' Bench Road', '560034',
            date '1990-01-01' + (i % 3000), (array['Technician','Engineer'])[1 + i % 2], 'OnRoll', i % 20,
            ($2::text[])[1 + i % 100], $3, now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute',
            now() - (i % 300) * interval '1 day'
       from generate_series(1, $1::int) i`,
    [CANDIDATES, states, hrId],
  );
  await sql.query(
    `insert into candidate_steps (candidate_id, actor_id, from_state, to_state, event, at)
     select id, created_by, null, 'new', 'ADD', created_at from candidates where email like 'bench-candidate-%'`,
  );
  await sql.query(
    `insert into candidate_steps (candidate_id, actor_id, from_state, to_state, event, remark, at)
     select id, created_by, 'new', state,
            case state when 'rejected' then 'REJECT' when 'adminRejected' then 'ADMIN_REJECT' else 'SCREEN' end,
            case when state in ('rejected', 'adminRejected') then 'Bench rejection' end, updated_at
       from candidates where email like 'bench-candidate-%' and state <> 'new'`,
  );
  // As autovacuum leaves a table in production: statistics and the visibility map (index-only counts).
  await sql.query('vacuum analyze candidates');
  await sql.query('vacuum analyze candidate_steps');
  console.log(`Seeded ${CANDIDATES} candidates in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const hr = DEMO_ACCOUNTS.find((x) => x.role === 'HR')!;
  const token = must(
    'HR sign-in',
    await api('POST', '/api/Userlogin', { MobileNoOrEmail: hr.mobileNo, Password: TEST_PASSWORD }),
  ).data.Token as string;

  const actions = [
    'New',
    'Screened',
    'Interview',
    'Finalised',
    'SentForApproval',
    'Approved',
    'Appointed',
    'Rejected',
    'AdminRejected',
  ];
  const lists: [string, string][] = [];
  for (const a of actions) {
    lists.push([`${a}, page 1`, `/api/Hr/GetCandidatesByAction?Action=${a}&page=1&pageSize=20`]);
  }
  lists.push(
    ['Screened, page 200', '/api/Hr/GetCandidatesByAction?Action=Screened&page=200&pageSize=20'],
    ['Rejected, sorted by name', '/api/Hr/GetCandidatesByAction?Action=Rejected&sort=name&pageSize=20'],
    ['Screened, searched by name', '/api/Hr/GetCandidatesByAction?Action=Screened&search=kavya%2012&pageSize=20'],
    ['Interview, searched by phone', '/api/Hr/GetCandidatesByAction?Action=Interview&search=600004&pageSize=20'],
    ['New, searched by e-mail', '/api/Hr/GetCandidatesByAction?Action=New&search=candidate-4242%40&pageSize=20'],
    ['all candidates, page 1', '/api/Hr/GetCandidatesAllOrById?page=1&pageSize=20'],
    ['all candidates, searched by name', '/api/Hr/GetCandidatesAllOrById?search=pooja&pageSize=20'],
    // Under three characters the trigram index cannot help: the worst case, a scan of every candidate.
    ['all candidates, searched by two letters', '/api/Hr/GetCandidatesAllOrById?search=ja&pageSize=20'],
    [
      'Screened, searched by a +91 phone',
      '/api/Hr/GetCandidatesByAction?Action=Screened&search=%2B91%206000%2004&pageSize=20',
    ],
  );
  const figures: string[] = [];
  for (const [name, p] of lists) {
    figures.push(
      await sequentialListFigure(name, SAMPLES, async () => must(name, await api('GET', p, undefined, token))),
    );
  }
  console.log('\n## bench:recruitment-lists (PostgreSQL, one run)');
  console.log(`\nPipeline lists (${SAMPLES} sequential requests each, ${CANDIDATES} candidates seeded):`);
  for (const f of figures) console.log(`- ${f}`);
} finally {
  await close();
}
