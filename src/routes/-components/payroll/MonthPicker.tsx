// The payroll month of a page: a month and a year, kept in the URL (`?month=&year=`, the current month left out).
import { useId } from 'react';
import { control } from '../../../ui/form/form.css';
import { MONTH_NAMES } from '../../../ui/format';
import { useListFilter } from '../../_admin/-components/useServerTable';
import * as s from './payroll.css';
import { currentMonth, type MonthSearch, monthSearchOf } from './search';

export interface MonthPickerProps {
  value: { month: number; year: number };
  /** What the month is for ('Payroll month'): the group's accessible name. */
  label?: string;
}

/** Years from five back to one ahead of now, always including the one shown. */
function yearsAround(shown: number) {
  const now = currentMonth().year;
  const years = new Set<number>([shown]);
  for (let y = now - 5; y <= now + 1; y += 1) years.add(y);
  return [...years].sort((a, b) => b - a);
}

export function MonthPicker({ value, label = 'Month' }: MonthPickerProps) {
  const id = useId();
  const setFilter = useListFilter<MonthSearch>();
  // A new month starts its list again at page 1.
  const go = (next: { month: number; year: number }) => setFilter(monthSearchOf(next));
  return (
    <fieldset className={s.filters} style={{ border: 0, padding: 0, margin: 0 }} aria-label={label}>
      <div className={s.filterField}>
        <label htmlFor={`${id}-m`} className={s.filterLabel}>
          Month
        </label>
        <select
          id={`${id}-m`}
          className={control}
          value={value.month}
          onChange={(e) => go({ ...value, month: Number(e.target.value) })}
        >
          {MONTH_NAMES.map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className={s.filterField}>
        <label htmlFor={`${id}-y`} className={s.filterLabel}>
          Year
        </label>
        <select
          id={`${id}-y`}
          className={control}
          value={value.year}
          onChange={(e) => go({ ...value, year: Number(e.target.value) })}
        >
          {yearsAround(value.year).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
