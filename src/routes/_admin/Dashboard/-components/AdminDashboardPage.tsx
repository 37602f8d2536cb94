// /Dashboard/AdminDashboard (decision 061): one read (GetAdminDashboard) brings every figure, each an SQL aggregate
// over India days. Every figure that counts rows of a staff list links to that list with its filter in the URL.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { type AdminDashboard, adminDashboardQuery } from '../../../../api/adminDashboard';
import { Card, formatDate, formatDateTime, formatRupees, PageHeader } from '../../../../ui';
import { Counts, ProfileCard } from '../../../-components/Dashboard';
import { LoadFailure } from '../../../-components/Loaded';
import {
  BarChart,
  count,
  FiguresTable,
  plural,
  rupeeTick,
  SERIES_COLOURS,
} from '../../../-components/marketingDashboard/BarChart';
import * as m from '../../../-components/marketingDashboard/marketingDashboard.css';
import * as s from './adminDashboard.css';

/** One figure and what it counts; `link` is the list showing those rows. */
function Figure({ label, value, link }: { label: string; value: string; link?: ReactNode }) {
  return (
    <div className={s.figure}>
      <span className={s.label}>{label}</span>
      <span className={s.value} dir="auto">
        {value}
      </span>
      {link}
    </div>
  );
}

function TodayOrders({ d }: { d: AdminDashboard }) {
  const day = { placedFrom: d.today, placedTo: d.today };
  const l = d.todayOrders.lines;
  return (
    <Card title="Today's orders">
      <div className={m.stack}>
        <div className={s.figures}>
          <Figure label="Orders paid today" value={count(d.todayOrders.orders)} />
          <Figure label="Their value" value={formatRupees(d.todayOrders.value)} />
        </div>
        <p className={m.muted}>Their lines, in the list that holds each now:</p>
        <ul className={s.links} aria-label="Lines of today's orders">
          <li>
            <Link to="/Orders/PendingOrders" search={day}>
              {plural(l.unassigned, 'unassigned line', 'unassigned lines')} placed today
            </Link>
          </li>
          <li>
            <Link to="/Orders/AssignedOrders" search={day}>
              {plural(l.assigned, 'assigned line', 'assigned lines')} placed today
            </Link>
          </li>
          <li>
            <Link to="/Orders/CompletedOrders" search={day}>
              {plural(l.completed, 'completed line', 'completed lines')} placed today
            </Link>
          </li>
          <li>
            <Link to="/Orders/CancelledOrders" search={day}>
              {plural(l.cancelled, 'cancelled line', 'cancelled lines')} placed today
            </Link>
          </li>
        </ul>
      </div>
    </Card>
  );
}

function Unassigned({ d }: { d: AdminDashboard }) {
  const u = d.unassigned;
  return (
    <Card
      title="Unassigned lines by age"
      actions={<Link to="/Orders/PendingOrders">{plural(u.total, 'unassigned line', 'unassigned lines')}</Link>}
    >
      <div className={m.stack}>
        <p className={m.muted}>Paid lines no professional holds, by the India days since they were placed.</p>
        <ul className={s.links} aria-label="Unassigned lines by age">
          {u.byAge.map((a) => (
            <li key={a.age} className={s.row}>
              <span>{a.label}</span>
              <Link
                to="/Orders/PendingOrders"
                search={{ placedTo: a.placedTo, ...(a.placedFrom ? { placedFrom: a.placedFrom } : {}) }}
                aria-label={`${plural(a.count, 'unassigned line', 'unassigned lines')} ${a.label.toLowerCase()}`}
              >
                {count(a.count)}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

function Cancellations({ d }: { d: AdminDashboard }) {
  const c = d.cancellations;
  return (
    <Card
      title="Cancellations, last 30 days"
      actions={
        <Link to="/Orders/CancelledOrders" search={{ cancelledFrom: d.from, cancelledTo: d.to }}>
          {plural(c.count, 'line cancelled', 'lines cancelled')}
        </Link>
      }
    >
      {c.count === 0 ? (
        <p className={m.muted}>No line was cancelled in the last 30 days.</p>
      ) : (
        <ul className={s.links} aria-label="Cancellations by reason">
          {c.byReason.map((r) => (
            <li key={r.reason} className={s.row}>
              <bdi>{r.reason}</bdi>
              <span className={s.num}>{count(r.count)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function WalletFloat({ d }: { d: AdminDashboard }) {
  const f = d.walletFloat;
  const byBalance = { sort: 'balance', order: 'desc' } as const;
  return (
    <Card title="Wallet float">
      <div className={m.stack}>
        <Figure label="Held for customers and vendors" value={formatRupees(f.total)} />
        <ul className={s.links} aria-label="Wallet float by owner">
          <li className={s.row}>
            <Link to="/Customer/CustomerList" search={byBalance}>
              Customer wallets
            </Link>
            <span className={s.num}>
              {formatRupees(f.customers.amount)} in {plural(f.customers.wallets, 'wallet', 'wallets')}
            </span>
          </li>
          <li className={s.row}>
            <Link to="/Vendor/VendorWalletHistory" search={byBalance}>
              Vendor wallets
            </Link>
            <span className={s.num}>
              {formatRupees(f.vendors.amount)} in {plural(f.vendors.wallets, 'wallet', 'wallets')}
            </span>
          </li>
        </ul>
      </div>
    </Card>
  );
}

function Approvals({ d }: { d: AdminDashboard }) {
  const a = d.approvals;
  return (
    <Card title="Waiting for your approval">
      <ul className={s.links} aria-label="Waiting for your approval">
        <li className={s.row}>
          <Link to="/Advertisement/MarketingCoupons" search={{ action: 'Pending' }}>
            Coupons
          </Link>
          <span className={s.num}>{count(a.coupons)}</span>
        </li>
        <li className={s.row}>
          <Link to="/RequestsForProducts/ProductRequestForVendor">Product requests</Link>
          <span className={s.num}>{count(a.productRequests)}</span>
        </li>
        <li className={s.row}>
          <Link to="/Employee/CandidateListHR">Candidates</Link>
          <span className={s.num}>{count(a.candidates)}</span>
        </li>
      </ul>
    </Card>
  );
}

/** The top services or zones: no staff list shows lines of every state by service, so the rows are not links. */
function Ranked({ title, rows, what }: { title: string; rows: AdminDashboard['topServices']; what: string }) {
  return (
    <Card title={title}>
      {rows.length === 0 ? (
        <p className={m.muted}>Nothing sold in the last 30 days.</p>
      ) : (
        <table className={m.table}>
          <thead>
            <tr>
              <th scope="col" className={m.th}>
                {what}
              </th>
              <th scope="col" className={`${m.th} ${m.num}`}>
                Lines
              </th>
              <th scope="col" className={`${m.th} ${m.num}`}>
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id ?? 'none'}>
                <th scope="row" className={s.rankedName}>
                  <bdi>{r.name}</bdi>
                </th>
                <td className={`${m.td} ${m.num}`}>{count(r.lines)}</td>
                <td className={`${m.td} ${m.num}`}>{formatRupees(r.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function Trend({ d }: { d: AdminDashboard }) {
  const starts = d.trend.map((t) => t.day);
  const range = `${formatDate(d.from)} to ${formatDate(d.to)}`;
  const orders = d.trend.map((t) => t.orders);
  const value = d.trend.map((t) => t.value);
  return (
    <Card title="Orders, last 30 days">
      <div className={s.trend}>
        <div className={m.stack}>
          <p className={m.muted}>
            Orders paid per India day, {range}:{' '}
            {plural(
              orders.reduce((a, b) => a + b, 0),
              'order',
              'orders',
            )}{' '}
            worth {formatRupees(value.reduce((a, b) => a + b, 0))}.
          </p>
          <BarChart
            label={`Value of orders paid per day, ${range}`}
            starts={starts}
            bucket="day"
            series={[{ key: 'value', name: 'Value', color: SERIES_COLOURS[0], values: value }]}
            format={formatRupees}
            tick={rupeeTick}
          />
        </div>
        <FiguresTable
          caption={`Orders and their value per day, ${range}`}
          starts={starts}
          bucket="day"
          columns={[
            { key: 'orders', name: 'Orders', values: orders, format: count },
            { key: 'value', name: 'Value', values: value, format: formatRupees },
          ]}
          open
        />
      </div>
    </Card>
  );
}

export function AdminDashboardPage() {
  const q = useQuery(adminDashboardQuery());
  const d = q.data;
  return (
    <div className={m.page}>
      <PageHeader
        title="Admin dashboard"
        description={
          d ? `India time. Today is ${formatDate(d.today)}; figures as of ${formatDateTime(d.now)}.` : 'India time.'
        }
      />
      <LoadFailure query={q} />
      {d ? (
        <>
          <div className={m.cards}>
            <TodayOrders d={d} />
            <Unassigned d={d} />
            <Cancellations d={d} />
            <WalletFloat d={d} />
            <Approvals d={d} />
          </div>
          <Trend d={d} />
          <div className={m.cards}>
            <Ranked title="Top services, last 30 days" rows={d.topServices} what="Service" />
            <Ranked title="Top zones, last 30 days" rows={d.topZones} what="Zone" />
          </div>
        </>
      ) : q.isPending ? (
        <p className={m.muted}>Loading the figures…</p>
      ) : null}
      <Counts />
      {/* Every staff dashboard ends with the signed-in person's profile (RoleDashboard). */}
      <ProfileCard />
    </div>
  );
}
