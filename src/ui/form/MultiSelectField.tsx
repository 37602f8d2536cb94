import { type ReactNode, useMemo, useState } from 'react';
import { describedBy, FieldMessages, RequiredMark, useFieldIds } from './Field';
import * as s from './form.css';
import { matchesNote, type ServerSearch, searchNeeded } from './SearchSelectField';
import type { SelectOption } from './SelectField';

export interface MultiSelectFieldProps {
  label: ReactNode;
  name: string;
  options: SelectOption[];
  value: string[];
  onChange(value: string[]): void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  fullWidth?: boolean;
  /** Show the filter box above this many options (default 8). */
  filterThreshold?: number;
  /** The options are the server's matches for the filter box (the chosen ones kept in): nothing is filtered here. */
  search?: ServerSearch;
}

/** Options whose label contains the query, ignoring case and surrounding spaces. */
export function filterOptions(options: SelectOption[], query: string): SelectOption[] {
  const q = query.trim().toLocaleLowerCase();
  return q ? options.filter((o) => o.label.toLocaleLowerCase().includes(q)) : options;
}

/** Toggle one value, keeping the order of `options` so the submitted list is stable. */
export function toggleValue(options: SelectOption[], value: string[], v: string, checked: boolean): string[] {
  const set = new Set(value);
  if (checked) set.add(v);
  else set.delete(v);
  const ordered = options.map((o) => o.value).filter((x) => set.has(x));
  // Keep selected values that are not (or no longer) in the options instead of silently dropping them.
  return [...ordered, ...value.filter((x) => set.has(x) && !ordered.includes(x))];
}

/**
 * A checkbox list in a bordered scroll box: a fieldset whose legend is the label, so screen
 * readers announce the group; every checkbox has its own <label>.
 */
export function MultiSelectField({
  label,
  name,
  options,
  value,
  onChange,
  error,
  hint,
  required,
  disabled,
  id,
  fullWidth,
  filterThreshold = 8,
  search,
}: MultiSelectFieldProps) {
  const ids = useFieldIds(name, id);
  const [localQuery, setLocalQuery] = useState('');
  const query = search ? search.query : localQuery;
  const setQuery = search ? search.onQueryChange : setLocalQuery;
  const visible = useMemo(() => (search ? options : filterOptions(options, query)), [options, query, search]);
  // Checkbox ids follow the option's place in the full list, so filtering never re-labels a box.
  const indexOf = useMemo(() => new Map(options.map((o, i) => [o.value, i])), [options]);
  const selected = useMemo(() => new Set(value), [value]);
  const showFilter = search ? searchNeeded(search) : options.length > filterThreshold;
  const filterId = `${ids.id}-filter`;
  const describe = describedBy(hint && ids.hintId, error && ids.errorId);

  return (
    <fieldset
      id={ids.id}
      className={fullWidth ? `${s.fieldset} ${s.fullWidth}` : s.fieldset}
      aria-describedby={describe}
      disabled={disabled}
    >
      <legend className={s.legend}>
        {label}
        <RequiredMark required={required} />
        {required ? <span className={s.visuallyHidden}> (required)</span> : null}
      </legend>
      <div className={s.multiBox} data-invalid={error ? 'true' : undefined}>
        {showFilter ? (
          <div className={s.multiFilter}>
            <label htmlFor={filterId} className={s.visuallyHidden}>
              {search?.searchLabel ?? 'Filter options'}
            </label>
            <input
              id={filterId}
              type="search"
              dir="auto"
              className={s.control}
              placeholder={search ? `${search.searchLabel}…` : 'Filter…'}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
            />
          </div>
        ) : null}
        <ul className={s.multiList}>
          {visible.map((o) => {
            const optionId = `${ids.id}-${indexOf.get(o.value)}`;
            return (
              <li key={o.value} className={s.checkboxRow}>
                <input
                  id={optionId}
                  type="checkbox"
                  name={name}
                  value={o.value}
                  className={s.checkbox}
                  checked={selected.has(o.value)}
                  disabled={o.disabled}
                  aria-invalid={error ? true : undefined}
                  onChange={(e) => onChange(toggleValue(options, value, o.value, e.target.checked))}
                />
                <label htmlFor={optionId} className={s.checkboxLabel}>
                  <bdi>{o.label}</bdi>
                </label>
              </li>
            );
          })}
          {visible.length === 0 && !search ? <li className={s.hint}>No options match “{query.trim()}”.</li> : null}
        </ul>
        <div className={s.multiMeta} aria-live="polite">
          <span>{value.length} selected</span>
          {search ? (
            <span>{matchesNote(search)}</span>
          ) : showFilter && query ? (
            <span>
              {visible.length} of {options.length} shown
            </span>
          ) : null}
        </div>
      </div>
      <FieldMessages ids={ids} hint={hint} error={error} />
    </fieldset>
  );
}
