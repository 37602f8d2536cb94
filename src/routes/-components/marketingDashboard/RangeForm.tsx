import { useId, useState } from 'react';
import { control } from '../../../ui/form/form.css';
import { DateRangeField, DateRangeForm } from '../dateRange/DateRangeForm';
import type { MarketingDashboardSearch } from './search';

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

/** The date range form with how many coupons the chart names. */
export function RangeForm({ shown, search, onApply }: RangeFormProps) {
  const topId = useId();
  const [top, setTop] = useState(String(search.top ?? shown?.top ?? 5));
  return (
    <DateRangeForm
      title="Range (India time)"
      showTitle
      strongLabels
      initial={{ from: search.from ?? shown?.from, to: search.to ?? shown?.to, bucket: search.bucket }}
      autoBucket="Day, or week past 92 days"
      presets={PRESETS}
      onApply={(range) => onApply({ ...range, top: Number(top) === 5 ? undefined : Number(top) })}
      // The default range (30 days to today) keeps a clean address.
      onPreset={(days, range) => onApply(days === 30 ? { top: search.top } : { ...range, top: search.top })}
    >
      <DateRangeField id={topId} label="Coupons named in the chart" strong>
        <select id={topId} className={control} value={top} onChange={(e) => setTop(e.target.value)}>
          {[...new Set([3, 5, 10, Number(top)])]
            .sort((a, b) => a - b)
            .map((n) => (
              <option key={n} value={n}>
                Top {n}
              </option>
            ))}
        </select>
      </DateRangeField>
    </DateRangeForm>
  );
}
