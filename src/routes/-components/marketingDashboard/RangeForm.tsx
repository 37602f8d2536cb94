import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui';
import { control } from '../../../ui/form/form.css';
import * as s from './marketingDashboard.css';
import type { MarketingDashboardSearch } from './search';

const DAY_MS = 86_400_000;
/** The server's limit (decision 025). */
const MAX_DAYS = 366;

let indiaDate: Intl.DateTimeFormat | undefined;
/** Today in India as 'YYYY-MM-DD' (the server's days are India's too). */
export function indiaToday(now = new Date()) {
  indiaDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
  return indiaDate.format(now);
}
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const span = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

const PRESETS = [
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'Last 90 days', days: 90 },
  { label: 'Last 12 months', days: 365 },
] as const;

export interface RangeFormProps {
  /** The range shown now (the server's answer, defaults filled in). */
  shown: { from: string; to: string; bucket: 'day' | 'week'; top: number } | undefined;
  search: MarketingDashboardSearch;
  onApply(next: MarketingDashboardSearch): void;
}

/** From, to, day or week and how many coupons the chart names; presets for the usual ranges. */
export function RangeForm({ shown, search, onApply }: RangeFormProps) {
  const id = useId();
  const [from, setFrom] = useState(search.from ?? shown?.from ?? '');
  const [to, setTo] = useState(search.to ?? shown?.to ?? '');
  const [bucket, setBucket] = useState<string>(search.bucket ?? '');
  const [top, setTop] = useState(String(search.top ?? shown?.top ?? 5));
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!from || !to) return setError('Choose the first and the last day.');
    if (from > to) return setError('The first day must be on or before the last day.');
    if (span(from, to) > MAX_DAYS) return setError(`The range can cover at most ${MAX_DAYS} days.`);
    setError(null);
    onApply({
      from,
      to,
      bucket: bucket === 'day' || bucket === 'week' ? bucket : undefined,
      top: Number(top) === 5 ? undefined : Number(top),
    });
  }

  function preset(days: number) {
    const today = indiaToday();
    const start = shift(today, -(days - 1));
    setFrom(start);
    setTo(today);
    setBucket('');
    setError(null);
    // The default range (30 days to today) keeps a clean address.
    onApply(days === 30 ? { top: search.top } : { from: start, to: today, top: search.top });
  }

  return (
    <form className={s.stack} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className={s.formTitle}>
        Range (India time)
      </h2>
      <div className={s.rangeForm}>
        <div className={s.rangeField}>
          <label className={s.rangeLabel} htmlFor={`${id}-from`}>
            From
          </label>
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
        </div>
        <div className={s.rangeField}>
          <label className={s.rangeLabel} htmlFor={`${id}-to`}>
            To
          </label>
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
        </div>
        <div className={s.rangeField}>
          <label className={s.rangeLabel} htmlFor={`${id}-bucket`}>
            Group by
          </label>
          <select id={`${id}-bucket`} className={control} value={bucket} onChange={(e) => setBucket(e.target.value)}>
            <option value="">Day, or week past 92 days</option>
            <option value="day">Day</option>
            <option value="week">Week (from Monday)</option>
          </select>
        </div>
        <div className={s.rangeField}>
          <label className={s.rangeLabel} htmlFor={`${id}-top`}>
            Coupons named in the chart
          </label>
          <select id={`${id}-top`} className={control} value={top} onChange={(e) => setTop(e.target.value)}>
            {[...new Set([3, 5, 10, Number(top)])]
              .sort((a, b) => a - b)
              .map((n) => (
                <option key={n} value={n}>
                  Top {n}
                </option>
              ))}
          </select>
        </div>
        <Button type="submit">Show</Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons, not a fieldset of form controls */}
      <div className={s.presets} role="group" aria-label="Quick ranges">
        {PRESETS.map((p) => (
          <Button key={p.days} variant="secondary" size="sm" onClick={() => preset(p.days)}>
            {p.label}
          </Button>
        ))}
      </div>
    </form>
  );
}
