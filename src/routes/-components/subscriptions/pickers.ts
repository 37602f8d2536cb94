// The pickers of the discount screens: the server's matches for what the admin types (plans not deleted, services
// of the catalogue), never a whole table in a select; the chosen one always stays among the options.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { servicesQuery } from '../../../api/catalogue';
import { plansPageQuery } from '../../../api/subscriptions';
import type { SelectOption, ServerSearch } from '../../../ui/form';
import { searchState, useSettled } from '../../_admin/-components/pickers';

export interface Picker {
  options: SelectOption[];
  search: ServerSearch;
}

function withChosen(options: SelectOption[], chosen?: SelectOption | null): SelectOption[] {
  if (!chosen || options.some((o) => o.value === chosen.value)) return options;
  return [chosen, ...options];
}

/** Plans not deleted whose name matches what is typed; `chosen` (the plan of a discount being changed) stays. */
export function usePlanPicker(chosen?: SelectOption | null): Picker {
  const [query, setQuery] = useState('');
  const term = useSettled(query);
  const matches = useQuery(
    plansPageQuery({ page: 1, pageSize: 20, search: term, sort: 'subscriptionName', order: 'asc', deleted: 'N' }),
  );
  const options = useMemo(
    () =>
      withChosen(
        (matches.data?.items ?? []).map((p) => ({
          value: String(p.id),
          label: `${p.subscriptionName}${p.status ? '' : ' — off sale'}`,
        })),
        chosen,
      ),
    [matches.data, chosen],
  );
  return { options, search: searchState('Find a plan', query, setQuery, term, matches) };
}

/** Services (on offer or not) whose heading matches what is typed; `chosen` stays. */
export function useServicePicker(chosen?: SelectOption | null): Picker {
  const [query, setQuery] = useState('');
  const term = useSettled(query);
  const matches = useQuery(
    servicesQuery({ page: 1, pageSize: 20, search: term, sort: 'heading', order: 'asc' }, 'all'),
  );
  const options = useMemo(
    () =>
      withChosen(
        (matches.data?.items ?? []).map((sv) => ({
          value: String(sv.id),
          label: `${sv.heading} — ${sv.subCategoryName}${sv.active ? '' : ' (inactive)'}`,
        })),
        chosen,
      ),
    [matches.data, chosen],
  );
  return { options, search: searchState('Find a service', query, setQuery, term, matches) };
}
