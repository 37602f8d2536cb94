// Shared by the admin lists that keep a filter in their URL beside the table's state (a status, a plan, a service).
import { useNavigate, useSearch } from '@tanstack/react-router';
import { FilterSelect, type FilterSelectProps } from './FilterSelect';
import { type ServerTable, useListFilter } from './useServerTable';

export interface UrlFilterProps extends Omit<FilterSelectProps, 'value' | 'onChange'> {
  /** The key of the route's search the filter is kept in. */
  name: string;
  /** The URL value of a chosen option (a number for an id); by default the option's value, or none for ''. */
  parse?: (value: string) => unknown;
  /**
   * The list's table, where a choice goes back to its first page and then takes the place of the current history
   * entry (the catalogue and marketing lists); without it, a choice is a new entry that Back undoes (useListFilter).
   */
  table?: Pick<ServerTable<unknown>, 'onStateChange'>;
}

/** A FilterSelect that reads its value from the URL and writes the choice back there. */
export function UrlFilter({ name, parse = (v) => v || undefined, table, ...select }: UrlFilterProps) {
  const value = (useSearch({ strict: false }) as Record<string, unknown>)[name];
  const navigate = useNavigate();
  const setFilter = useListFilter();
  const onChange = (chosen: string) => {
    const patch = { [name]: parse(chosen) };
    if (!table) return setFilter(patch);
    table.onStateChange((st) => ({ ...st, page: 1 }));
    void navigate({
      to: '.',
      search: ((prev: Record<string, unknown>) => ({ ...prev, ...patch })) as never,
      replace: true,
    });
  };
  return <FilterSelect {...select} value={value === undefined ? '' : String(value)} onChange={onChange} />;
}
