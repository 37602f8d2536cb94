import { useQuery } from '@tanstack/react-query';
import { type ProgrammeParams, type ReferralProgramme, referralProgrammeQuery } from '../../../api/referrals';
import { Card, formatDateTime, formatRupees, LoadingPlaceholder, PageHeader, StatCard, StatGrid } from '../../../ui';
import { DateRangeForm } from '../dateRange/DateRangeForm';
import { LoadFailure } from '../Loaded';
import { BarChart, bucketLabel, FiguresTable, Legend, SERIES_COLOURS } from '../marketingDashboard/BarChart';
import { QrCode } from './QrCode';
import * as s from './referrals.css';
import { ShareLink } from './ShareLink';

const count = (n: number) => new Intl.NumberFormat('en-IN').format(n);

const PRESETS = [
  { label: 'Last 4 weeks', days: 28 },
  { label: 'Last 12 weeks', days: 84 },
  { label: 'Last 6 months', days: 182 },
  { label: 'Last 12 months', days: 365 },
] as const;

/**
 * /share/sharerefral: the referral programme to share (the sign-up link, its QR code, the reward now) and referral
 * sign-ups over time, paid or not yet, as a chart with its figures as a table. The range lives in the URL.
 */
export function ShareReferralPage({
  search,
  onRange,
}: {
  search: ProgrammeParams;
  onRange(next: ProgrammeParams): void;
}) {
  const programme = useQuery(referralProgrammeQuery(search));
  const link = `${window.location.origin}/SignUp`;
  const d = programme.data;
  const rewardText = d ? formatRupees(d.reward) : '…';
  return (
    <div className={s.tab}>
      <PageHeader
        title="Share the referral programme"
        description="Customers who bring a friend earn the referral reward in their wallet when the friend's first visit is completed. Share the sign-up link: friends enter the code a customer gives them (customers find their code and own link in My account)."
      />
      <LoadFailure query={programme} />
      <Card title="The sign-up link">
        <div className={s.share}>
          <div className={s.stack}>
            <p style={{ margin: 0 }}>
              {d
                ? d.reward > 0
                  ? `The reward now: ${rewardText} for each new customer, paid to the customer who referred them at the new customer's first completed visit.`
                  : 'The reward is ₹0 right now: referrals are recorded but pay nothing.'
                : 'Loading the reward…'}
            </p>
            {d?.rewardSetAt ? <p className={s.muted}>Reward set {formatDateTime(d.rewardSetAt)}.</p> : null}
            <ShareLink
              url={link}
              title="Sign-up link"
              text={`Join Doorstep: sign up with a friend's referral code and they earn ${rewardText} when your first visit is done.`}
            />
          </div>
          <QrCode text={link} label="QR code of the Doorstep sign-up link" fileName="doorstep-signup-qr.svg" />
        </div>
      </Card>
      <StatGrid label="Referrals">
        <StatCard label="Reward now" value={rewardText} />
        <StatCard label="Sign-ups in the range" value={d ? count(d.signups) : '…'} />
        <StatCard
          label="Paid (all time)"
          value={d ? count(d.totals.paid) : '…'}
          hint={d ? formatRupees(d.totals.paidAmount) : undefined}
        />
        <StatCard
          label="Waiting for a first visit"
          value={d ? count(d.totals.pending) : '…'}
          hint={d ? `${formatRupees(d.totals.pendingAmount)} to pay` : undefined}
        />
        <StatCard label="Not paid (self-referrals)" value={d ? count(d.totals.refused) : '…'} />
      </StatGrid>
      <Card title="Referral sign-ups over time">
        <div className={s.stack}>
          <DateRangeForm
            key={`${search.from}-${search.to}-${search.bucket}`}
            title="Range (India time)"
            initial={{ from: search.from ?? d?.from, to: search.to ?? d?.to, bucket: search.bucket }}
            autoBucket="Day, or week past 31 days"
            presets={PRESETS}
            onApply={onRange}
            // The default (12 weeks to today, by week) keeps a clean address.
            onPreset={(days, range) => onRange(days === 84 ? {} : range)}
          />
          {!d ? <LoadingPlaceholder /> : <SignupsChart programme={d} />}
        </div>
      </Card>
    </div>
  );
}

function SignupsChart({ programme: d }: { programme: ReferralProgramme }) {
  const starts = d.buckets.map((b) => b.start);
  const series = [
    { key: 'paid', name: 'Paid', color: SERIES_COLOURS[2], values: d.buckets.map((b) => b.paid) },
    {
      key: 'notPaid',
      name: 'Not paid (yet)',
      color: SERIES_COLOURS[0],
      values: d.buckets.map((b) => b.signups - b.paid),
    },
  ];
  const range = `${bucketLabel(d.from, 'day')} to ${bucketLabel(d.to, 'day')}`;
  return (
    <>
      <BarChart
        label={`Referral sign-ups per ${d.bucket}, ${range}: ${count(d.signups)} in all`}
        starts={starts}
        bucket={d.bucket}
        series={series}
        format={(n) => `${count(n)} sign-up${n === 1 ? '' : 's'}`}
        tick={count}
        whole
      />
      <Legend series={series} label="Chart legend" />
      <FiguresTable
        caption={`Referral sign-ups per ${d.bucket}, ${range}`}
        starts={starts}
        bucket={d.bucket}
        columns={series.map((x) => ({ key: x.key, name: x.name, values: x.values, format: count }))}
        total={{ name: 'Sign-ups', keys: series.map((x) => x.key), format: count }}
      />
    </>
  );
}
