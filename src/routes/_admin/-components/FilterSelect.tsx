// Shared by every admin list with a filter: a compact labelled <select> for the table's toolbar.
import { useId } from 'react';
import { control, select } from '../../../ui/form/form.css';
import * as s from './admin.css';

export interface FilterSelectProps {
  label: string;
  value: string;
  onChange(value: string): void;
  options: { value: string; label: string }[];
  /** The first option, meaning "no filter" (value ''). */
  allLabel: string;
  disabled?: boolean;
}

export function FilterSelect({ label, value, onChange, options, allLabel, disabled }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={s.filterField}>
      <label htmlFor={id} className={s.filterLabel}>
        {label}
      </label>
      <select
        id={id}
        className={`${control} ${select}`}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
