import { type FieldBaseProps, FieldShell, useField, useFieldIds } from './Field';
import * as s from './form.css';
import { type SelectOption, SelectOptions } from './SelectField';

/** A picker whose options are the server's matches for what the person types (the first page of them). */
export interface ServerSearch {
  query: string;
  onQueryChange(query: string): void;
  /** How many rows match on the server, and how many of them the options hold (the first ones). */
  total?: number;
  shown: number;
  loading?: boolean;
  /** The search box's name, e.g. "Find a category". */
  searchLabel: string;
}

/**
 * Whether a picker needs its search box: only while the server holds more matches than the list shows, or once
 * something is typed. A short list (a few zones) is just a drop-down, never a search box and a drop-down.
 */
export const searchNeeded = (search: ServerSearch) =>
  search.query !== '' || (search.total !== undefined && search.total > search.shown);

/** "20 of 312 shown: type to narrow them." when the server holds more matches than the picker shows. */
export function matchesNote(search: ServerSearch): string | undefined {
  if (search.loading) return 'Searching…';
  if (search.total === undefined) return undefined;
  if (search.total === 0) return search.query.trim() ? `Nothing matches “${search.query.trim()}”.` : 'None yet.';
  return search.total > search.shown ? `${search.shown} of ${search.total} shown: type to narrow them.` : undefined;
}

/** The search box of a server-searched picker: what is typed goes to `search.onQueryChange`. */
export function SearchBox({
  search,
  controls,
  disabled,
}: {
  search: ServerSearch;
  controls: string;
  disabled?: boolean;
}) {
  return (
    <input
      type="search"
      dir="auto"
      className={s.control}
      aria-label={search.searchLabel}
      aria-controls={controls}
      placeholder={`${search.searchLabel}…`}
      autoComplete="off"
      value={search.query}
      disabled={disabled}
      onChange={(e) => search.onQueryChange(e.target.value)}
    />
  );
}

export type SearchSelectFieldProps = FieldBaseProps & {
  options: SelectOption[];
  value: string;
  onChange(value: string): void;
  search: ServerSearch;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
};

/**
 * A native <select> of the server's matches, with a search box above it that asks the server for others: no list is
 * ever loaded whole. The chosen option stays in the list whatever the search (the parent keeps it in `options`).
 */
export function SearchSelectField({
  label,
  name,
  error,
  hint,
  fullWidth,
  options,
  value,
  onChange,
  search,
  placeholder,
  required,
  disabled,
}: SearchSelectFieldProps) {
  const ids = useFieldIds(name);
  const note = matchesNote(search);
  const noteId = `${ids.id}-matches`;
  const field = useField({ label, name, error, hint, fullWidth, required }, { first: note && noteId });
  return (
    <FieldShell {...field.shell}>
      <div className={s.searchStack}>
        {searchNeeded(search) ? <SearchBox search={search} controls={ids.id} disabled={disabled} /> : null}
        <select
          {...field.control}
          disabled={disabled}
          className={`${s.control} ${s.select}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <SelectOptions placeholder={placeholder} options={options} />
        </select>
        {note ? (
          <span id={noteId} className={s.hint} aria-live="polite">
            {note}
          </span>
        ) : null}
      </div>
    </FieldShell>
  );
}
