// `npm run bench:reports` (decisions 055, 057): on PostgreSQL through one server process (server/main.ts), with a
// year of business seeded in SQL (generate_series; each table written in time order, as the app writes it) — by
// default 500,000 orders of 2 lines (1,000,000 order lines) over the last 365 days, 5% of the lines cancelled with a
// credit note, and 20,000 paid product requests of 5 lines — each report case is called through the API one request
// at a time, and its p50/p95 printed against its target.
// The cases are a list, one per report and period, each with its target.
import os from 'node:os';
import { loadCompany } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DEMO_ACCOUNTS } from '../server/db/seed/demo';
import {
  gstRollupAgainstRows,
  ledgerRollupAgainstRows,
  refreshGstRollup,
  refreshLedgerRollup,
  refreshSalesRollup,
  rollupAgainstRows,
} from '../server/domains/reports';
import { indiaToday } from '../server/shared/indiaTime';
import { TEST_PASSWORD } from '../tests/support/template';
import { benchOnPostgres, must, quantile } from './lib';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 500_000);
const LINES_PER_ORDER = 2;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const CUSTOMERS = 20_000;
const PROFESSIONALS = 500;
const VENDORS = 200;
const PRODUCTS = 100;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);

interface Case {
  name: string;
  path: string;
  /** The p95 the issue asks for, ms. */
  target: number;
  /** Who calls it: the accountant, unless the report is the admin's alone. */
  as?: 'admin';
}

const figure = (xs: number[]) =>
  `p50 ${quantile(xs, 0.5).toFixed(0)} ms, p95 ${quantile(xs, 0.95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;

const { copy, sql, api, close } = await benchOnPostgres('reports', 4);

/** The seeding, one statement per table, so another report's rows can be added beside these. */
async function seed() {
  const t0 = performance.now();
  await sql.query(
    `insert into users (full_name, mobile_no, role, password_hash)
     select 'Bench customer ' || i, '4' || lpad(i::text, 9, '0'), 'Cust', 'x' from generate_series(1, $1::int) i`,
    [CUSTOMERS],
  );
  await sql.query(
    `insert into users (full_name, mobile_no, role, password_hash)
     select 'Bench professional ' || i, '5' || lpad(i::text, 9, '0'), 'TE', 'x' from generate_series(1, $1::int) i`,
    [PROFESSIONALS],
  );
  await sql.query(
    `insert into users (full_name, mobile_no, role, password_hash)
     select 'Bench vendor ' || i, '6' || lpad(i::text, 9, '0'), 'VE', 'x' from generate_series(1, $1::int) i`,
    [VENDORS],
  );
  // The professionals' profiles, and a salary slip for each month of the year (₹20,000 gross, ₹2,400 employer's
  // EPF), so profit per professional reads their pay beside their lines.
  await sql.query(
    `insert into professionals (user_id, professional_type, state_id, city_id, pin_code, address_line1, pan_number,
        aadhaar_number, joined_on)
     select u.id, case when u.n % 5 = 0 then 'Engineer' else 'Technician' end, st.id, c.id, '560001', '2 Bench Road',
            'BENCP' || lpad(u.n::text, 4, '0') || 'T', '8' || lpad(u.n::text, 11, '0'), current_date - 400
       from (select id, row_number() over (order by id) as n from users where mobile_no like '5%' and role = 'TE') u
       cross join (select id from states where name = 'Karnataka') st
       cross join lateral (select id from cities where state_id = st.id order by id limit 1) c`,
  );
  await sql.query(
    `insert into salary_slips (user_id, period, gross_paise, deductions_paise, employer_paise, epf_employee_paise,
        epf_employer_paise, tips_paise, expenses_paise, net_paise, breakdown, bank_reference, paid_at)
     select p.user_id, m.period, 2000000, 240000, 240000, 240000, 240000, 0, 0, 1760000, '{}'::jsonb,
            'UTR-BENCH-' || p.user_id || '-' || to_char(m.period, 'YYYYMM'), m.period + interval '1 month'
       from professionals p join users u on u.id = p.user_id and u.mobile_no like '5%'
       cross join (select (date_trunc('month', current_date) - make_interval(months => k))::date as period
                     from generate_series(1, 12) k) m
      order by m.period, p.user_id`,
  );
  // Their profiles in Karnataka, every second one registered for GST: its invoices are GSTR-1's B2B section.
  await sql.query(
    `insert into vendors (user_id, first_name, last_name, state_id, city_id, pin_code, address_line1, gstin,
        pan_number, aadhaar_number)
     select u.id, 'Bench', 'Vendor ' || u.n, st.id, c.id, '560001', '1 Bench Road',
            case when u.n % 2 = 0 then '29BENCH' || lpad(u.n::text, 4, '0') || 'V1Z5' end,
            'BENCH' || lpad(u.n::text, 4, '0') || 'V', '9' || lpad(u.n::text, 11, '0')
       from (select id, row_number() over (order by id) as n from users where mobile_no like '6%' and role = 'VE') u
       cross join (select id from states where name = 'Karnataka') st
       cross join lateral (select id from cities where state_id = st.id order by id limit 1) c`,
  );
  // The orders and requests get their totals by an update after their lines: with room left in each page, the new
  // row versions stay beside the old ones, so a day's orders stay together on disk as the app's do (it updates an
  // order soon after placing it, near the end of the table). The default fill factor is back once seeded.
  await sql.query('alter table orders set (fillfactor = 50)');
  await sql.query('alter table product_requests set (fillfactor = 50)');
  // Orders over the last 365 days, invoiced when placed, numbered in time order as the invoice counter numbers them;
  // a tenth with a ₹50 tip, a third outside the state.
  await sql.query(
    `insert into orders (customer_user_id, status, payment_type, customer_name, place_address, city, state, pin_code,
        receiver_name, receiver_mobile_no, intra_state, taxable_paise, gst_paise, tip_paise, total_paise,
        wallet_paise, invoice_no, invoice_date, created_at)
     select c.first + g % $2::int, 'order created', 'Wallet', 'Bench', '1 Bench Road', 'Bengaluru', 'Karnataka',
            '560001', 'Bench', '4000000000', g % 3 <> 0, 0, 0, case when g % 10 = 0 then 5000 else 0 end, 0, 0,
            'B' || row_number() over (order by x.at, g), x.at, x.at
       from generate_series(1, $1::int) g
       cross join (select min(id) as first from users where mobile_no like '4%' and role = 'Cust') c
       cross join lateral (select now() - ((g % 365) || ' days')::interval - ((g % 1440) || ' minutes')::interval as at) x
      order by x.at, g`,
    [ORDERS, CUSTOMERS],
  );
  // Lines: a demo service each (its category kept), ₹499 less 10%, one promotion kind in four, 18% GST split by the
  // order's state; a professional for most, 5% cancelled a day later.
  await sql.query(
    `with s as (select array_agg(sv.id order by sv.id) ids, array_agg(sc.category_id order by sv.id) cats
                  from services sv join sub_categories sc on sc.id = sv.sub_category_id),
          z as (select array_agg(id order by id) ids from zones),
          p as (select array_agg(id order by id) ids from users where mobile_no like '5%' and role = 'TE')
     insert into order_lines (order_id, customer_user_id, service_id, category_id, description, sac_code, quantity,
        unit_price_paise, discount_percent, discount_paise, promo_kind, promo_discount_paise, taxable_paise, gst_rate,
        cgst_paise, sgst_paise, igst_paise, total_paise, slot_start, state, professional_user_id, zone_id,
        cancelled_at, completed_at, created_at, state_changed_at)
     select o.id, o.customer_user_id, s.ids[1 + (o.id * 7 + k) % array_length(s.ids, 1)],
            s.cats[1 + (o.id * 7 + k) % array_length(s.ids, 1)], 'Bench service', '998533', 1, 49900, 10, 4990,
            m.kind, m.promo, m.taxable, 18,
            case when o.intra_state then (m.gst + 1) / 2 else 0 end,
            case when o.intra_state then m.gst - (m.gst + 1) / 2 else 0 end,
            case when o.intra_state then 0 else m.gst end,
            m.taxable + m.gst, o.invoice_date + interval '3 days',
            case when (o.id + k) % 20 = 0 then 'cancelled' else 'completed' end,
            case when (o.id + k) % 25 = 0 then null else p.ids[1 + (o.id + k) % array_length(p.ids, 1)] end,
            z.ids[1 + o.id % array_length(z.ids, 1)],
            case when (o.id + k) % 20 = 0 then o.invoice_date + interval '1 day' end,
            case when (o.id + k) % 20 = 0 then null else o.invoice_date + interval '3 days' end, o.invoice_date,
            -- When the line last changed state: its cancellation or completion, and never later than now.
            least(now(), o.invoice_date + case when (o.id + k) % 20 = 0 then interval '1 day' else interval '3 days' end)
       from orders o
       cross join generate_series(1, $1::int) k
       cross join s cross join z cross join p
       cross join lateral (
         select (array[null, 'coupon', 'subscription', 'package'])[1 + (o.id + k) % 4] as kind,
                case when (o.id + k) % 4 = 0 then 0 else 2000 end as promo) q
       cross join lateral (select q.kind, q.promo, 49900 - 4990 - q.promo as taxable,
                                  ((49900 - 4990 - q.promo) * 18 + 50) / 100 as gst) m
      where o.invoice_no like 'B%'
      order by o.invoice_date, o.id, k`,
    [LINES_PER_ORDER],
  );
  await sql.query(
    `update orders o set taxable_paise = l.taxable, gst_paise = l.gst, total_paise = l.taxable + l.gst + o.tip_paise,
            wallet_paise = l.taxable + l.gst + o.tip_paise
       from (select order_id, sum(taxable_paise) taxable, sum(cgst_paise + sgst_paise + igst_paise) gst
               from order_lines group by order_id) l
      where l.order_id = o.id and o.invoice_no like 'B%'`,
  );
  await sql.query(
    `insert into credit_notes (number, order_line_id, taxable_paise, gst_paise, cgst_paise, sgst_paise, igst_paise,
        total_paise, created_at)
     select 'CNB' || row_number() over (order by l.cancelled_at, l.id), l.id, l.taxable_paise, l.cgst_paise + l.sgst_paise + l.igst_paise, l.cgst_paise,
            l.sgst_paise, l.igst_paise, l.total_paise, l.cancelled_at
       from order_lines l join orders o on o.id = l.order_id
      where o.invoice_no like 'B%' and l.state = 'cancelled'
      order by l.cancelled_at, l.id`,
  );
  // The store: PRODUCTS products; REQUESTS requests of 5 lines paid over the year, a quarter outside the state.
  await sql.query(
    `insert into products (product_name, mrp_paise, actual_price_paise, cost_paise, gst_percent, on_hand)
     select 'Bench product ' || i, 11800 + i * 100, 11800 + i * 100, 5000, 18, 1000000
       from generate_series(1, $1::int) i`,
    [PRODUCTS],
  );
  await sql.query(
    `insert into product_requests (vendor_user_id, state, total_paise, taxable_paise, gst_paise, invoice_no, paid_at,
        created_at)
     select v.first + g % $2::int, 'issued', 1, 1, 0, 'PB' || row_number() over (order by x.at, g), x.at, x.at
       from generate_series(1, $1::int) g
       cross join (select min(id) as first from users where mobile_no like '6%' and role = 'VE') v
       cross join lateral (select now() - ((g % 365) || ' days')::interval - ((g % 600) || ' minutes')::interval as at) x
      order by x.at, g`,
    [REQUESTS, VENDORS],
  );
  await sql.query(
    `with p as (select array_agg(id order by id) ids, array_agg(actual_price_paise order by id) prices
                  from products where product_name like 'Bench product %'),
          t as (select array_agg(id order by id) ids from users where mobile_no like '5%' and role = 'TE')
     insert into product_request_lines (request_id, professional_user_id, product_id, product_name, quantity,
        mrp_paise, unit_price_paise, gst_percent, line_total_paise, taxable_paise, gst_paise)
     select r.id, t.ids[1 + (r.id + k) % array_length(t.ids, 1)], p.ids[i], 'Bench product', q, p.prices[i],
            p.prices[i], 18, p.prices[i] * q, (p.prices[i] * q * 100 + 59) / 118,
            p.prices[i] * q - (p.prices[i] * q * 100 + 59) / 118
       from product_requests r cross join generate_series(1, 5) k cross join p cross join t
       cross join lateral (select 1 + (r.id * 5 + k) % array_length(p.ids, 1) as i, 1 + (r.id + k) % 4 as q) x
      where r.invoice_no like 'PB%'`,
  );
  await sql.query(
    `update product_requests r set taxable_paise = l.taxable, gst_paise = l.gst, total_paise = l.total,
            cgst_paise = case when r.id % 4 = 0 then 0 else l.cgst end,
            sgst_paise = case when r.id % 4 = 0 then 0 else l.gst - l.cgst end,
            igst_paise = case when r.id % 4 = 0 then l.gst else 0 end
       from (select request_id, sum(taxable_paise) taxable, sum(gst_paise) gst, sum(line_total_paise) total,
                    sum((gst_paise + 1) / 2) cgst
               from product_request_lines group by request_id) l
      where l.request_id = r.id and r.invoice_no like 'PB%'`,
  );
  await sql.query('alter table orders reset (fillfactor)');
  await sql.query('alter table product_requests reset (fillfactor)');
  await seedLedger();
  for (const table of [
    'orders',
    'order_lines',
    'credit_notes',
    'product_requests',
    'product_request_lines',
    'users',
    'ledger_accounts',
    'ledger_transfers',
    'ledger_entries',
  ]) {
    await sql.query(`vacuum analyze ${table}`);
  }
  const {
    rows: [n],
  } = await sql.query(
    `select (select count(*) from order_lines)::int as lines, (select count(*) from orders)::int as orders,
            (select count(*) from credit_notes)::int as cn, (select count(*) from product_request_lines)::int as prl,
            (select count(*) from ledger_entries)::int as entries`,
  );
  console.log(
    `seeded ${n.orders} orders, ${n.lines} order lines, ${n.cn} credit notes, ${n.prl} product request lines, ${n.entries} ledger entries in ${Math.round((performance.now() - t0) / 1000)} s`,
  );
}

/**
 * The ledger behind the seeded documents, as the app posts it (decisions 013, 053): a wallet per bench customer, a
 * top-up at the start of the year from the bank, each order paid from the wallet (wallet → revenue, CGST, SGST or
 * IGST payable and tips payable) at its invoice time, and each credit note refunded to the wallet at its time. About
 * 2.7 million entries, so the books read a year of postings. System accounts take their first shard; wallets end at 0.
 */
async function seedLedger() {
  // A bulk load: the ledger's triggers (append-only, each transfer balanced) and foreign-key checks are off for these
  // statements (each row made by construction), and the balance is checked once at the end instead.
  const bulk = async (text: string) => {
    const c = await sql.connect();
    try {
      await c.query('begin');
      await c.query('set local session_replication_role = replica');
      await c.query(text);
      await c.query('commit');
    } catch (e) {
      await c.query('rollback');
      throw e;
    } finally {
      c.release();
    }
  };
  const sys = `(select max(id) filter (where kind = 'revenue') as rev, max(id) filter (where kind = 'cgst_payable') as cg,
        max(id) filter (where kind = 'sgst_payable') as sg, max(id) filter (where kind = 'igst_payable') as ig,
        max(id) filter (where kind = 'tips_payable') as tips, max(id) filter (where kind = 'bank') as bank
      from ledger_accounts where owner_user_id is null and shard = 0 and provider is null)`;
  await bulk(
    `insert into ledger_accounts (kind, owner_user_id, name)
     select 'customer_wallet', u.id, u.full_name from users u where u.mobile_no like '4%' and u.role = 'Cust'`,
  );
  // The planner needs the new rows' statistics, or it joins half a million transfers to orders by nested loops.
  await sql.query('analyze orders, order_lines, credit_notes, ledger_accounts');
  await bulk(
    `insert into ledger_transfers (kind, reference, remark, created_at)
     select 'order_payment', o.invoice_no, 'Bench order', o.invoice_date from orders o where o.invoice_no like 'B%'
      order by o.invoice_date, o.id`,
  );
  await sql.query('analyze ledger_transfers');
  await bulk(
    `insert into ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
     select t.id, x.account, x.amount, 0, t.created_at
       from ledger_transfers t
       join orders o on o.invoice_no = t.reference
       join (select order_id, sum(cgst_paise) c, sum(sgst_paise) s, sum(igst_paise) i from order_lines group by order_id) l
         on l.order_id = o.id
       join ledger_accounts w on w.kind = 'customer_wallet' and w.owner_user_id = o.customer_user_id
       cross join ${sys} a
       cross join lateral (values (w.id, -o.total_paise), (a.rev, o.taxable_paise), (a.cg, l.c), (a.sg, l.s), (a.ig, l.i),
                                  (a.tips, o.tip_paise)) x(account, amount)
      where t.kind = 'order_payment' and t.reference like 'B%' and x.amount <> 0
      order by t.created_at, t.id`,
  );
  await bulk(
    `insert into ledger_transfers (kind, reference, remark, created_at)
     select 'order_refund', cn.number, 'Bench credit note', cn.created_at from credit_notes cn where cn.number like 'CNB%'
      order by cn.created_at, cn.id`,
  );
  await sql.query('analyze ledger_transfers');
  await bulk(
    `insert into ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
     select t.id, x.account, x.amount, 0, t.created_at
       from ledger_transfers t
       join credit_notes cn on cn.number = t.reference
       join order_lines l on l.id = cn.order_line_id
       join ledger_accounts w on w.kind = 'customer_wallet' and w.owner_user_id = l.customer_user_id
       cross join ${sys} a
       cross join lateral (values (w.id, cn.total_paise), (a.rev, -cn.taxable_paise), (a.cg, -cn.cgst_paise),
                                  (a.sg, -cn.sgst_paise), (a.ig, -cn.igst_paise)) x(account, amount)
      where t.kind = 'order_refund' and t.reference like 'CNB%' and x.amount <> 0
      order by t.created_at, t.id`,
  );
  // Each bench wallet is topped up a year ago with what it spends, so it ends at zero.
  await bulk(
    `with spent as (
       select e.account_id, -sum(e.amount) as amount from ledger_entries e
         join ledger_accounts w on w.id = e.account_id and w.kind = 'customer_wallet'
         join users u on u.id = w.owner_user_id and u.mobile_no like '4%'
        group by e.account_id having sum(e.amount) < 0),
     t as (
       insert into ledger_transfers (kind, reference, remark, created_at)
       select 'wallet_topup', 'BT' || s.account_id, 'Bench top-up', now() - interval '366 days' from spent s
       returning id, reference, created_at)
     insert into ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
     select t.id, x.account, x.amount, 0, t.created_at
       from t join spent s on 'BT' || s.account_id = t.reference cross join ${sys} a
       cross join lateral (values (s.account_id, s.amount), (a.bank, -s.amount)) x(account, amount)`,
  );
  await bulk(
    `update ledger_accounts a set balance = a.balance + m.amount
       from (select e.account_id, sum(e.amount) as amount from ledger_entries e
               join ledger_transfers t on t.id = e.transfer_id
              where t.remark in ('Bench order', 'Bench credit note', 'Bench top-up')
              group by e.account_id) m
      where m.account_id = a.id`,
  );
  const {
    rows: [{ unbalanced }],
  } = await sql.query(
    `select count(*)::int as unbalanced from (select transfer_id from ledger_entries group by 1 having sum(amount) <> 0) u`,
  );
  if (unbalanced) throw new Error(`${unbalanced} seeded ledger transfers do not balance`);
}

try {
  await seed();

  // Each rollup job's first run over the whole year, its next run (nothing changed: its cost every 5 minutes), and its
  // proof on the last 40 days: the rollup equals the rows (decisions 057, 058, 059).
  const company = loadCompany(process.env);
  const direct = await openDatabase({ databaseUrl: copy.url });
  const rollups: {
    name: string;
    refresh: () => Promise<unknown>;
    against: (from: string, to: string) => Promise<{ rolled: unknown[]; rows: unknown[] }>;
  }[] = [
    {
      name: 'sales',
      refresh: () => refreshSalesRollup(direct.db),
      against: (f, t) => rollupAgainstRows(direct.db, f, t),
    },
    {
      name: 'GST',
      refresh: () => refreshGstRollup(direct.db, company),
      against: (f, t) => gstRollupAgainstRows(direct.db, company, f, t),
    },
    {
      name: 'ledger',
      refresh: () => refreshLedgerRollup(direct.db),
      against: (f, t) => ledgerRollupAgainstRows(direct.db, f, t),
    },
  ];
  let rollupsEqual = true;
  try {
    for (const r of rollups) {
      const t = performance.now();
      await r.refresh();
      const firstMs = performance.now() - t;
      const t2 = performance.now();
      await r.refresh();
      const nextMs = performance.now() - t2;
      const cmp = await r.against(indiaToday(new Date(Date.now() - 40 * 86_400_000)), indiaToday());
      const equal = cmp.rolled.length > 0 && JSON.stringify(cmp.rolled) === JSON.stringify(cmp.rows);
      rollupsEqual &&= equal;
      console.log(
        `${r.name} rollup of the year: ${Math.round(firstMs)} ms, next run ${Math.round(nextMs)} ms; the last 40 days' ${cmp.rolled.length} rollup rows equal the rows: ${equal}`,
      );
    }
  } finally {
    await direct.close();
  }
  await sql.query('vacuum analyze sales_daily');
  await sql.query('vacuum analyze gst_daily');
  await sql.query('vacuum analyze ledger_daily');

  // The accountant reads both reports (the admin signs in through another call).
  const a = DEMO_ACCOUNTS.find((x) => x.role === 'AC')!;
  const token = must(
    'accountant sign-in',
    await api('POST', '/api/Userlogin', { MobileNoOrEmail: a.mobileNo, Password: TEST_PASSWORD }),
  ).data.Token;
  // Last month (India) is a whole month of data; the year is the last 365 days, by month.
  const now = new Date(Date.now() + 330 * 60_000);
  const lastMonth = now.getUTCMonth() === 0 ? 12 : now.getUTCMonth();
  const lastMonthYear = now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  const month = `Type=Month&Month=${lastMonth}&Year=${lastMonthYear}`;
  const year = `Type=Range&FromDate=${indiaToday(new Date(Date.now() - 364 * 86_400_000))}&ToDate=${indiaToday()}`;
  const MONTH_MS = 200;
  const YEAR_MS = 1000;
  const DASHBOARD_MS = 100;
  const monthOnly = `Month=${lastMonth}&Year=${lastMonthYear}`;
  const lastMonthFrom = `${lastMonthYear}-${String(lastMonth).padStart(2, '0')}-01`;
  const lastMonthTo = indiaToday(new Date(Date.UTC(lastMonthYear, lastMonth, 1) - 330 * 60_000 - 1));
  const {
    rows: [{ revenueKey }],
  } = await sql.query(
    `select min(id)::text as "revenueKey" from ledger_accounts where kind = 'revenue' and owner_user_id is null`,
  );
  const cases: Case[] = [
    {
      name: 'service sales, a month, by category',
      path: `/api/Common/SalesReportService?${month}&GroupBy=Category`,
      target: MONTH_MS,
    },
    {
      name: 'service sales, a month, by professional',
      path: `/api/Common/SalesReportService?${month}&GroupBy=Professional`,
      target: MONTH_MS,
    },
    {
      name: 'service sales, a year, by service',
      path: `/api/Common/SalesReportService?${year}&GroupBy=Service`,
      target: YEAR_MS,
    },
    {
      name: 'service sales, a year, by professional',
      path: `/api/Common/SalesReportService?${year}&GroupBy=Professional`,
      target: YEAR_MS,
    },
    {
      name: 'vendor purchases, a month, by vendor',
      path: `/api/Common/PurchaseReportVendor?${month}&GroupBy=Vendor`,
      target: MONTH_MS,
    },
    {
      name: 'vendor purchases, a year, by product',
      path: `/api/Common/PurchaseReportVendor?${year}&GroupBy=Product`,
      target: YEAR_MS,
    },
    {
      name: 'vendor purchases, a year, by vendor',
      path: `/api/Common/PurchaseReportVendor?${year}&GroupBy=Vendor`,
      target: YEAR_MS,
    },
    // The GST returns (decision 058), the books (059), profit per professional (060) and the dashboard (061), the
    // books over the ledger seedLedger posts for the year's orders and credit notes.
    { name: 'GSTR-1, a month', path: `/api/Reports/Gstr1?${monthOnly}`, target: MONTH_MS },
    { name: 'GSTR-3B, a month', path: `/api/Reports/Gstr3b?${monthOnly}`, target: MONTH_MS },
    // This month: its days before today from the rollup, today from the documents.
    { name: 'GSTR-1, this month', path: '/api/Reports/Gstr1?Month=0&Year=0', target: MONTH_MS },
    { name: 'trial balance, today', path: '/api/Reports/TrialBalance', target: MONTH_MS },
    // A month back: the balances less a month of postings.
    {
      name: 'trial balance, end of last month',
      path: `/api/Reports/TrialBalance?AsOf=${lastMonthTo}`,
      target: MONTH_MS,
    },
    {
      name: 'account statement, revenue, a month',
      path: `/api/Reports/AccountStatement?Account=${revenueKey}&FromDate=${lastMonthFrom}&ToDate=${lastMonthTo}`,
      target: MONTH_MS,
    },
    { name: 'day book, a day of last month', path: `/api/Reports/DayBook?Date=${lastMonthFrom}`, target: MONTH_MS },
    {
      name: 'account statement, customer wallets, a month',
      path: `/api/Reports/AccountStatement?Account=customer_wallets&FromDate=${lastMonthFrom}&ToDate=${lastMonthTo}`,
      target: MONTH_MS,
    },
    { name: 'day book, today', path: '/api/Reports/DayBook', target: MONTH_MS },
    {
      name: 'profit per professional, a month',
      path: `/api/Reports/ProfitByProfessional?${monthOnly}`,
      target: MONTH_MS,
    },
    { name: 'admin dashboard', path: '/api/Reports/AdminDashboard', target: DASHBOARD_MS, as: 'admin' },
  ];
  const admin = DEMO_ACCOUNTS.find((x) => x.role === 'A')!;
  const adminToken = must(
    'admin sign-in',
    await api('POST', '/api/adminlogin', { UserName: admin.email, Password: TEST_PASSWORD }),
  ).data.Token;
  const timedGet = async (p: string, as?: 'admin') => {
    const t = performance.now();
    const body = must(p, await api('GET', p, undefined, as === 'admin' ? adminToken : token));
    return { ms: performance.now() - t, body };
  };
  for (const c of cases) for (let i = 0; i < 3; i++) await timedGet(c.path, c.as);

  console.log(`\n## bench:reports (PostgreSQL, one server process)\n`);
  for (const c of cases) {
    const ms: number[] = [];
    let rows = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const { ms: one, body } = await timedGet(c.path, c.as);
      ms.push(one);
      // The rows of the answer's list, whatever the report calls it.
      const list = [body.data?.rows, body.data?.items, body.data?.lines].find(Array.isArray);
      rows = list ? list.length : 0;
    }
    const p95 = quantile(ms, 0.95);
    console.log(
      `- ${c.name}: ${figure(ms)} (${rows} rows; target p95 < ${c.target} ms: ${p95 < c.target ? 'met' : 'NOT met'})`,
    );
  }
  // The first days not yet rolled up are read from the rows: today's share of a month, timed apart.
  const today = `Type=Day&GroupBy=Category`;
  const ms: number[] = [];
  for (let i = 0; i < SAMPLES; i++) ms.push((await timedGet(`/api/Common/SalesReportService?${today}`)).ms);
  console.log(`- service sales, today (read from the rows, not the rollup): ${figure(ms)}`);
  console.log(
    `- load average while measuring: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  if (!rollupsEqual) process.exitCode = 1;
} finally {
  await close();
}
