import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../ui';
import { control } from '../../../ui/form/form.css';
import * as s from './dateRange.css';
import { daySpan, indiaToday, shiftDay } from './days';

/** The server's longest range, for the marketing dashboard (decision 025) and the referral chart alike. */
const MAX_DAYS = 366;

const NO_PRESETS: readonly DateRangePreset[] = [];

export type Bucket = 'day' | 'week';

export interface DateRange {
  from: string;
  to: string;
  bucket?: Bucket;
}

export interface DateRangePreset {
  label: string;
  days: number;
}

export interface DateRangeFormProps {
  /** The form's name: shown as its heading with `showTitle`, else only its accessible name. */
  title: string;
  showTitle?: boolean;
  /** The fields' first values (the address's range, else what the server shows). */
  initial: { from?: string; to?: string; bucket?: Bucket };
  /** The words of "Group by"'s automatic choice (the server's rule for its page); without them, no "Group by". */
  autoBucket?: string;
  /** Quick ranges; none: no row of them. */
  presets?: readonly DateRangePreset[];
  /** The longest range checked here; null: the server's own check (the recruitment log's). */
  maxDays?: number | null;
  /** Labels in bold, as the marketing dashboard has them. */
  strongLabels?: boolean;
  /** Show: a checked range, its grouping left out when automatic. */
  onApply(range: DateRange): void;
  /** A quick range: the last `days` days to today, already in the fields. */
  onPreset?(days: number, range: DateRange): void;
  /** More fields, before Show (each a DateRangeField). */
  children?: ReactNode;
}

/** A labelled field of the range form's row. */
export function DateRangeField({
  id,
  label,
  strong,
  children,
}: {
  id: string;
  label: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={s.field}>
      <label className={strong ? s.strongLabel : s.label} htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * From and to, and where the page groups its figures day or week, checked before they are applied; presets for the
 * usual ranges. The one date-range form: the dashboards' charts and the recruitment log alike.
 */
export function DateRangeForm({
  title,
  showTitle,
  initial,
  autoBucket,
  presets = NO_PRESETS,
  maxDays = MAX_DAYS,
  strongLabels,
  onApply,
  onPreset,
  children,
}: DateRangeFormProps) {
  const id = useId();
  const [from, setFrom] = useState(initial.from ?? '');
  const [to, setTo] = useState(initial.to ?? '');
  const [bucket, setBucket] = useState<string>(initial.bucket ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!from || !to) return setError('Choose the first and the last day.');
    if (from > to) return setError('The first day must be on or before the last day.');
    if (maxDays !== null && daySpan(from, to) > maxDays)
      return setError(`The range can cover at most ${maxDays} days.`);
    setError(null);
    onApply({ from, to, bucket: bucket === 'day' || bucket === 'week' ? bucket : undefined });
  }

  function preset(days: number) {
    const today = indiaToday();
    const start = shiftDay(today, -(days - 1));
    setFrom(start);
    setTo(today);
    setBucket('');
    setError(null);
    onPreset?.(days, { from: start, to: today });
  }

  const invalid = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
  const dayField = (name: 'from' | 'to', label: string, value: string, set: (day: string) => void) => (
    <DateRangeField id={`${id}-${name}`} label={label} strong={strongLabels}>
      <input
        id={`${id}-${name}`}
        type="date"
        className={control}
        value={value}
        min="2000-01-01"
        max="2099-12-31"
        onChange={(e) => set(e.target.value)}
        {...invalid}
      />
    </DateRangeField>
  );
  return (
    <form
      className={s.form}
      onSubmit={submit}
      aria-labelledby={showTitle ? `${id}-title` : undefined}
      aria-label={showTitle ? undefined : title}
      noValidate
    >
      {showTitle ? (
        <h2 id={`${id}-title`} className={s.title}>
          {title}
        </h2>
      ) : null}
      <div className={s.fields}>
        {dayField('from', 'From', from, setFrom)}
        {dayField('to', 'To', to, setTo)}
        {autoBucket === undefined ? null : (
          <DateRangeField id={`${id}-bucket`} label="Group by" strong={strongLabels}>
            <select id={`${id}-bucket`} className={control} value={bucket} onChange={(e) => setBucket(e.target.value)}>
              <option value="">{autoBucket}</option>
              <option value="day">Day</option>
              <option value="week">Week (from Monday)</option>
            </select>
          </DateRangeField>
        )}
        {children}
        <Button type="submit">Show</Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
      {presets.length ? (
        // biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons, not a fieldset of form controls
        <div className={s.presets} role="group" aria-label="Quick ranges">
          {presets.map((p) => (
            <Button key={p.days} variant="secondary" size="sm" onClick={() => preset(p.days)}>
              {p.label}
            </Button>
          ))}
        </div>
      ) : null}
    </form>
  );
}
