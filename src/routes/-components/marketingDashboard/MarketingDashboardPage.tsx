// /Dashboard/MarketingDashboard (decision 025): marketing's and the admin's picture of the promotions.
// One read (GetMarketingDashboard) brings every figure, each an SQL aggregate over the chosen India days.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  type MarketingDashboard,
  type MarketingDashboardBucket,
  marketingDashboardQuery,
} from '../../../api/marketingDashboard';
import { useSession } from '../../../api/session';
import { Button, Card, formatDate, formatDateTime, formatRupees, PageHeader, StatCard, StatGrid } from '../../../ui';
import { ProfileCard } from '../Dashboard';
import { LoadFailure } from '../Loaded';
import {
  BarChart,
  bucketLabel,
  type ChartSeries,
  count,
  countTick,
  FiguresTable,
  Legend,
  plural,
  REST_COLOUR,
  rupeeTick,
  SERIES_COLOURS,
} from './BarChart';
import * as s from './marketingDashboard.css';
import { RangeForm } from './RangeForm';
import type { MarketingDashboardSearch } from './search';

const values = (buckets: MarketingDashboardBucket[], of: 'count' | 'amount') => buckets.map((b) => b[of]);

function rangeText(d: MarketingDashboard) {
  return `${formatDate(d.from)} to ${formatDate(d.to)}, by ${d.bucket}`;
}

function Now({ d }: { d: MarketingDashboard | undefined }) {
  return (
    <StatGrid label="Now">
      <StatCard label="Live coupons" value={d?.coupons.live ?? '…'} hint="approved and within their validity" />
      <StatCard label="Coupons waiting for approval" value={d?.coupons.pending.count ?? '…'} />
      <StatCard
        label="Active advertisements"
        value={d?.advertisements.active ?? '…'}
        hint={d ? `switched on, of ${count(d.advertisements.total)}` : undefined}
      />
      <StatCard
        label="Active packages"
        value={d?.packages.active ?? '…'}
        hint={d ? `not expired, of ${count(d.packages.total)}` : undefined}
      />
      <StatCard label="Subscriptions running" value={d?.subscriptions.activeNow ?? '…'} hint="paid plans in force" />
      <StatCard
        label="Referral rewards owed"
        value={d ? formatRupees(d.referrals.pendingAmount) : '…'}
        hint="if every pending referral orders"
      />
    </StatGrid>
  );
}

function CouponStates({ d }: { d: MarketingDashboard }) {
  const c = d.coupons;
  return (
    <Card title="Coupons by state">
      <div className={s.stack}>
        <StatGrid label="Coupons by state">
          {c.byState.map((x) => (
            <StatCard key={x.state} label={x.label} value={x.count} />
          ))}
        </StatGrid>
        <p className={s.muted}>
          {plural(c.total, 'coupon', 'coupons')} in all. Of the approved, {count(c.live)} live now and{' '}
          {count(c.scheduled)} not started yet.
        </p>
      </div>
    </Card>
  );
}

function Pending({ d, isAdmin }: { d: MarketingDashboard; isAdmin: boolean }) {
  const p = d.coupons.pending;
  // The admin decides on their own coupon pages; marketing follows its coupons on its own.
  const review = isAdmin ? (
    <Link to="/Advertisement/MarketingCoupons" search={{ action: 'Pending' }}>
      Approve or reject coupons
    </Link>
  ) : (
    <Link to="/Coupons/CouponsList" search={{ action: 'Pending' }}>
      Coupons waiting for approval
    </Link>
  );
  const couponLink = (id: number, code: string) =>
    isAdmin ? (
      <Link to="/Advertisement/MarketingCouponDetail" search={{ id }}>
        <bdi>{code}</bdi>
      </Link>
    ) : (
      <Link to="/Coupons/CouponDetail" search={{ id }}>
        <bdi>{code}</bdi>
      </Link>
    );
  return (
    <Card title={`Waiting for approval (${count(p.count)})`} actions={p.count > 0 ? review : undefined}>
      {p.count === 0 ? (
        <p className={s.muted}>No coupon is waiting for approval.</p>
      ) : (
        <div className={s.stack}>
          <p className={s.muted}>
            {isAdmin
              ? 'An admin who did not make a coupon approves or rejects it.'
              : 'An admin approves or rejects these; you can still edit them.'}{' '}
            {p.count > p.oldest.length ? `The ${p.oldest.length} that have waited longest:` : 'Longest waiting first:'}
          </p>
          <ul className={s.list} aria-label="Coupons waiting longest">
            {p.oldest.map((c) => (
              <li key={c.id} className={s.item}>
                <strong>{couponLink(c.id, c.code)}</strong>
                <span>
                  <bdi>{c.description}</bdi>
                </span>
                <span className={s.muted}>
                  Made by <bdi>{c.makerName}</bdi> · waiting since {formatDateTime(c.waitingSince)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

function Redemptions({ d }: { d: MarketingDashboard }) {
  const [metric, setMetric] = useState<'amount' | 'count'>('amount');
  const r = d.redemptions;
  const starts = r.buckets.map((b) => b.start);
  const named = r.coupons.map(
    (c, i): ChartSeries => ({
      key: `coupon-${c.couponId}`,
      name: c.code,
      color: SERIES_COLOURS[i % SERIES_COLOURS.length],
      values: values(c.buckets, metric),
    }),
  );
  const rest = r.buckets.map((b, i) => b[metric] - r.coupons.reduce((n, c) => n + c.buckets[i][metric], 0));
  // Rupees: the difference of sums of whole paise, kept to whole paise.
  const restValues = metric === 'amount' ? rest.map((v) => Math.round(v * 100) / 100) : rest;
  const series: ChartSeries[] = restValues.some((v) => v > 0)
    ? [...named, { key: 'rest', name: 'Other coupons', color: REST_COLOUR, values: restValues }]
    : named;
  const format = metric === 'amount' ? formatRupees : count;
  const what = metric === 'amount' ? 'Discount given' : 'Redemptions';
  const peak = r.buckets.reduce<MarketingDashboardBucket | null>(
    (best, b) => (b[metric] > 0 && (!best || b[metric] > best[metric]) ? b : best),
    null,
  );
  return (
    <Card title="Redemptions and discount given">
      <div className={s.stack}>
        <p className={s.muted}>
          Coupons used on orders placed {rangeText(d)}. A redemption released (the payment failed or the order was
          cancelled) is not counted.
        </p>
        <StatGrid label="Redemptions in the range">
          <StatCard label="Redemptions" value={r.count} />
          <StatCard label="Discount given" value={formatRupees(r.discount)} />
        </StatGrid>
        {r.count === 0 ? (
          <p className={s.muted}>No coupon was redeemed in this range.</p>
        ) : (
          <>
            {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not a fieldset of form controls */}
            <div className={s.metricSwitch} role="group" aria-label="What the chart shows">
              <Button
                size="sm"
                variant={metric === 'amount' ? 'primary' : 'secondary'}
                aria-pressed={metric === 'amount'}
                onClick={() => setMetric('amount')}
              >
                Discount given
              </Button>
              <Button
                size="sm"
                variant={metric === 'count' ? 'primary' : 'secondary'}
                aria-pressed={metric === 'count'}
                onClick={() => setMetric('count')}
              >
                Redemptions
              </Button>
            </div>
            <BarChart
              label={`${what} per ${d.bucket} and coupon, ${rangeText(d)}`}
              starts={starts}
              bucket={d.bucket}
              series={series}
              format={format}
              tick={metric === 'amount' ? rupeeTick : countTick}
              whole={metric === 'count'}
            />
            <Legend series={series} label="Coupons in the chart" />
            {peak ? (
              <p className={s.muted}>
                The most in one {d.bucket}: {format(peak[metric])} ({bucketLabel(peak.start, d.bucket)}).
              </p>
            ) : null}
            <FiguresTable
              caption={`${what} per ${d.bucket} and coupon, ${rangeText(d)}`}
              starts={starts}
              bucket={d.bucket}
              columns={series.map((x) => ({ key: x.key, name: x.name, values: x.values, format }))}
              total={{ name: 'All coupons', keys: series.map((x) => x.key), format }}
            />
          </>
        )}
      </div>
    </Card>
  );
}

function Subscriptions({ d }: { d: MarketingDashboard }) {
  const x = d.subscriptions;
  const starts = x.buckets.map((b) => b.start);
  return (
    <Card title="Subscriptions sold">
      <div className={s.stack}>
        <p className={s.muted}>Plans bought and paid, {rangeText(d)}.</p>
        <StatGrid label="Subscriptions sold in the range">
          <StatCard label="Plans sold" value={x.sold} />
          <StatCard label="Revenue" value={formatRupees(x.revenue)} hint="plan prices paid" />
        </StatGrid>
        {x.sold === 0 ? (
          <p className={s.muted}>No plan was sold in this range.</p>
        ) : (
          <>
            <BarChart
              label={`Subscription revenue per ${d.bucket}, ${rangeText(d)}`}
              starts={starts}
              bucket={d.bucket}
              series={[
                { key: 'revenue', name: 'Revenue', color: SERIES_COLOURS[0], values: values(x.buckets, 'amount') },
              ]}
              format={formatRupees}
              tick={rupeeTick}
            />
            <FiguresTable
              caption={`Subscriptions sold per ${d.bucket}, ${rangeText(d)}`}
              starts={starts}
              bucket={d.bucket}
              columns={[
                { key: 'sold', name: 'Plans sold', values: values(x.buckets, 'count'), format: count },
                { key: 'revenue', name: 'Revenue', values: values(x.buckets, 'amount'), format: formatRupees },
              ]}
            />
          </>
        )}
      </div>
    </Card>
  );
}

function Referrals({ d }: { d: MarketingDashboard }) {
  const x = d.referrals;
  const starts = x.buckets.map((b) => b.start);
  return (
    <Card title="Referrals">
      <div className={s.stack}>
        <p className={s.muted}>
          Customers who signed up with a referral code, {rangeText(d)}, and the rewards paid in the same days.
        </p>
        <StatGrid label="Referrals in the range">
          <StatCard label="Sign-ups" value={x.signups} />
          {x.byStatus.map((b) => (
            <StatCard key={b.status} label={b.label} value={b.count} hint="of these sign-ups" />
          ))}
          <StatCard
            label="Rewards paid"
            value={formatRupees(x.paidAmount)}
            hint={plural(x.paid, 'payout', 'payouts')}
          />
        </StatGrid>
        {x.signups === 0 ? (
          <p className={s.muted}>No one signed up with a referral code in this range.</p>
        ) : (
          <>
            <BarChart
              label={`Referral sign-ups per ${d.bucket}, ${rangeText(d)}`}
              starts={starts}
              bucket={d.bucket}
              series={[
                { key: 'signups', name: 'Sign-ups', color: SERIES_COLOURS[2], values: values(x.buckets, 'count') },
              ]}
              format={count}
              tick={countTick}
              whole
            />
            <FiguresTable
              caption={`Referral sign-ups per ${d.bucket}, ${rangeText(d)}`}
              starts={starts}
              bucket={d.bucket}
              columns={[{ key: 'signups', name: 'Sign-ups', values: values(x.buckets, 'count'), format: count }]}
            />
          </>
        )}
      </div>
    </Card>
  );
}

export interface MarketingDashboardPageProps {
  search: MarketingDashboardSearch;
  onSearch(next: MarketingDashboardSearch): void;
}

export function MarketingDashboardPage({ search, onSearch }: MarketingDashboardPageProps) {
  const session = useSession();
  const isAdmin = session.context.user?.Role === 'A';
  const q = useQuery(marketingDashboardQuery(search));
  const d = q.data;
  return (
    <div className={s.page}>
      <PageHeader
        title="Marketing dashboard"
        description="Coupons, their redemptions, advertisements, packages, subscriptions and referrals. Days are India time."
      />
      <Card>
        <RangeForm
          // A new range (or the server's defaults arriving) resets the fields to what is shown.
          key={`${JSON.stringify(search)} ${d?.from} ${d?.to}`}
          shown={d}
          search={search}
          onApply={(next) => onSearch(next)}
        />
      </Card>
      <LoadFailure query={q} />
      <Now d={d} />
      {d ? (
        <>
          <div className={s.cards}>
            <CouponStates d={d} />
            <Pending d={d} isAdmin={isAdmin} />
          </div>
          <Redemptions d={d} />
          <div className={s.cards}>
            <Subscriptions d={d} />
            <Referrals d={d} />
          </div>
        </>
      ) : null}
      <ProfileCard />
    </div>
  );
}
