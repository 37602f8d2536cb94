import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { type ProgrammeParams, type ReferralProgramme, referralProgrammeQuery } from '../../../api/referrals';
import {
  Alert,
  Button,
  Card,
  formatDateTime,
  formatRupees,
  LoadingPlaceholder,
  PageHeader,
  StatCard,
  StatGrid,
} from '../../../ui';
import { control } from '../../../ui/form/form.css';
import { BarChart, bucketLabel, FiguresTable, Legend, SERIES_COLOURS } from '../marketingDashboard/BarChart';
import { QrCode } from './QrCode';
import * as s from './referrals.css';
import { ShareLink } from './ShareLink';

const count = (n: number) => new Intl.NumberFormat('en-IN').format(n);

let indiaDate: Intl.DateTimeFormat | undefined;
/** Today in India as 'YYYY-MM-DD' (the server's days are India's too). */
const indiaToday = () => {
  indiaDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
  return indiaDate.format(new Date());
};
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

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
      {programme.error ? <Alert tone="danger">{programme.error.message}</Alert> : null}
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
          <RangeForm key={`${search.from}-${search.to}-${search.bucket}`} shown={d} search={search} onApply={onRange} />
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

function RangeForm({
  shown,
  search,
  onApply,
}: {
  shown: { from: string; to: string } | undefined;
  search: ProgrammeParams;
  onApply(next: ProgrammeParams): void;
}) {
  const id = useId();
  const [from, setFrom] = useState(search.from ?? shown?.from ?? '');
  const [to, setTo] = useState(search.to ?? shown?.to ?? '');
  const [bucket, setBucket] = useState<string>(search.bucket ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!from || !to) return setError('Choose the first and the last day.');
    if (from > to) return setError('The first day must be on or before the last day.');
    if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > 366) {
      return setError('The range can cover at most 366 days.');
    }
    setError(null);
    onApply({ from, to, bucket: bucket === 'day' || bucket === 'week' ? bucket : undefined });
  }

  return (
    <form className={s.stack} onSubmit={submit} aria-label="Range (India time)" noValidate>
      <div className={s.rangeForm}>
        <label className={s.field} htmlFor={`${id}-from`}>
          <span className={s.muted}>From</span>
          <input
            id={`${id}-from`}
            type="date"
            className={control}
            value={from}
            min="2000-01-01"
            max="2099-12-31"
            onChange={(e) => setFrom(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </label>
        <label className={s.field} htmlFor={`${id}-to`}>
          <span className={s.muted}>To</span>
          <input
            id={`${id}-to`}
            type="date"
            className={control}
            value={to}
            min="2000-01-01"
            max="2099-12-31"
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </label>
        <label className={s.field} htmlFor={`${id}-bucket`}>
          <span className={s.muted}>Group by</span>
          <select id={`${id}-bucket`} className={control} value={bucket} onChange={(e) => setBucket(e.target.value)}>
            <option value="">Day, or week past 31 days</option>
            <option value="day">Day</option>
            <option value="week">Week (from Monday)</option>
          </select>
        </label>
        <Button type="submit">Show</Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons, not a fieldset of form controls */}
      <div className={s.linkRow} role="group" aria-label="Quick ranges">
        {PRESETS.map((p) => (
          <Button
            key={p.days}
            variant="secondary"
            size="sm"
            onClick={() => {
              const today = indiaToday();
              // The default (12 weeks to today, by week) keeps a clean address.
              onApply(p.days === 84 ? {} : { from: daysBefore(today, p.days - 1), to: today });
            }}
          >
            {p.label}
          </Button>
        ))}
      </div>
    </form>
  );
}
