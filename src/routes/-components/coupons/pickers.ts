// The coupon form's pickers: services and categories a coupon applies to, searched on the server (never a whole
// table); the chosen ones stay listed with the names they were picked (or saved) with.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { categoryChoicesQuery, servicesQuery } from '../../../api/catalogue';
import type { SelectOption } from '../../../ui/form';
import { searchState, useKnownLabels, useSettled } from '../../_admin/-components/pickers';

function optionsOf(found: { id: number; label: string }[], chosen: string[], known: Map<string, string>, noun: string) {
  const list: SelectOption[] = found.map((f) => ({ value: String(f.id), label: f.label }));
  for (const id of chosen) {
    if (!list.some((o) => o.value === id)) list.unshift({ value: id, label: known.get(id) ?? `${noun} ${id}` });
  }
  return list;
}

/** Services whose name contains what is typed (the first 20); `initial`: id → name of those already chosen. */
export function useServicesPicker(chosen: string[], initial: Record<string, string> = {}) {
  const [query, setQuery] = useState('');
  const term = useSettled(query);
  const matches = useQuery(
    servicesQuery({ page: 1, pageSize: 20, search: term, sort: 'heading', order: 'asc' }, 'active'),
  );
  const found = useMemo(() => (matches.data?.items ?? []).map((s) => ({ id: s.id, label: s.heading })), [matches.data]);
  const known = useKnownLabels(initial, found);
  const options = useMemo(() => optionsOf(found, chosen, known, 'Service'), [found, chosen, known]);
  return { options, search: searchState('Find a service', query, setQuery, term, matches) };
}

/** Categories whose name contains what is typed (the first 20). */
export function useCategoriesPicker(chosen: string[], initial: Record<string, string> = {}) {
  const [query, setQuery] = useState('');
  const term = useSettled(query);
  const matches = useQuery(categoryChoicesQuery(term));
  const found = useMemo(
    () => (matches.data?.items ?? []).map((c) => ({ id: c.id, label: c.categoryName })),
    [matches.data],
  );
  const known = useKnownLabels(initial, found);
  const options = useMemo(() => optionsOf(found, chosen, known, 'Category'), [found, chosen, known]);
  return { options, search: searchState('Find a category', query, setQuery, term, matches) };
}
