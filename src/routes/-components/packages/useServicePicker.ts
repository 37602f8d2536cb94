// The services a package can take: the server's matches for what the person types (active services only), never a
// whole table in a select.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { servicesQuery } from '../../../api/catalogue';
import type { SelectOption, ServerSearch } from '../../../ui/form';
import { searchState, useSettled } from '../../_admin/-components/pickers';

export function useServicePicker(exclude: ReadonlySet<number>): { options: SelectOption[]; search: ServerSearch } {
  const [query, setQuery] = useState('');
  const term = useSettled(query);
  const matches = useQuery(
    servicesQuery({ page: 1, pageSize: 50, search: term, sort: 'heading', order: 'asc' }, 'active'),
  );
  const options = useMemo(
    () =>
      (matches.data?.items ?? [])
        .filter((sv) => !exclude.has(sv.id))
        .map((sv) => ({ value: String(sv.id), label: `${sv.heading} — ${sv.subCategoryName}` })),
    [matches.data, exclude],
  );
  return { options, search: searchState('Find a service', query, setQuery, term, matches) };
}
