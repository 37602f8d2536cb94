// Shared by every admin list with a filter: a compact labelled <select> for the table's toolbar.
import { useId } from 'react';
import { srOnly } from '../../../ui';
import { matchesNote, SearchBox, type ServerSearch, searchNeeded } from '../../../ui/form';
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
  /** The options are the server's matches for a search box above the select (useCategoryPicker). */
  search?: ServerSearch;
}

export function FilterSelect({ label, value, onChange, options, allLabel, disabled, search }: FilterSelectProps) {
  const id = useId();
  const note = search ? matchesNote(search) : undefined;
  return (
    <div className={s.filterField}>
      <label htmlFor={id} className={s.filterLabel}>
        {label}
      </label>
      {search && searchNeeded(search) ? <SearchBox search={search} controls={id} /> : null}
      <select
        id={id}
        className={`${control} ${select}`}
        value={value}
        disabled={disabled}
        aria-describedby={note ? `${id}-matches` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {note ? (
        <span id={`${id}-matches`} className={srOnly} aria-live="polite">
          {note}
        </span>
      ) : null}
    </div>
  );
}
