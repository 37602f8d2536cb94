// Shared by every admin screen that picks a category or zones: the server's matches for what the person types, the
// chosen ones always kept in the options. No screen loads a whole table to fill a select
// (docs/operation-kit.md, Pickers).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  type Category,
  categoryChoicesQuery,
  categoryQuery,
  type Zone,
  zoneChoicesQuery,
} from '../../../api/catalogue';
import type { SelectOption, ServerSearch } from '../../../ui/form';
import { zoneLabel } from '../Category/-components/zoneLabel';

/** `value`, once it has stopped changing for `ms`: one request per pause in typing, not per key. */
export function useSettled<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The labels of the items a picker has found, remembered by id (starting from `initial`), so a chosen one stays
 * named when a new search no longer matches it.
 */
export function useKnownLabels(initial: Record<string, string>, found: { id: number; label: string }[]) {
  const [known, setKnown] = useState<Map<string, string>>(() => new Map(Object.entries(initial)));
  useEffect(() => {
    if (!found.length) return;
    setKnown((m) => {
      const next = new Map(m);
      for (const f of found) next.set(String(f.id), f.label);
      return next;
    });
  }, [found]);
  return known;
}

const categoryOption = (c: Pick<Category, 'id' | 'categoryName' | 'active'>): SelectOption => ({
  value: String(c.id),
  label: `${c.categoryName}${c.active ? '' : ' — inactive'}`,
});

/** A category picker's options and search; `chosen` is the picked category's id ('' for none). */
export function useCategoryPicker(chosen: string): { options: SelectOption[]; search: ServerSearch } {
  const [query, setQuery] = useState('');
  const term = useSettled(query);
  const matches = useQuery(categoryChoicesQuery(term));
  // The chosen category is read by id only when the matches do not hold it (its label is needed all the same).
  const inMatches = matches.data?.items.some((c) => String(c.id) === chosen) ?? false;
  const picked = useQuery({
    ...categoryQuery(Number(chosen) || 0),
    enabled: Number(chosen) > 0 && !inMatches,
  });
  // The chosen option as last seen, so it stays listed (and selected) while a new search's read by id is on its way.
  const lastChosen = useRef<SelectOption | undefined>(undefined);
  const options = useMemo(() => {
    const list = (matches.data?.items ?? []).map(categoryOption);
    let chosenOption = list.find((o) => o.value === chosen);
    if (!chosenOption && picked.data && String(picked.data.id) === chosen) chosenOption = categoryOption(picked.data);
    if (!chosenOption && lastChosen.current?.value === chosen) chosenOption = lastChosen.current;
    if (chosenOption) lastChosen.current = chosenOption;
    if (chosenOption && !list.includes(chosenOption) && !list.some((o) => o.value === chosen))
      list.unshift(chosenOption);
    return list;
  }, [matches.data, picked.data, chosen]);
  return { options, search: searchState('Find a category', query, setQuery, term, matches) };
}

/** A picker's ServerSearch: what was typed, and how many of the server's matches the options hold. */
export function searchState(
  searchLabel: string,
  query: string,
  onQueryChange: (query: string) => void,
  term: string,
  matches: { data?: { total: number; items: unknown[] }; isFetching: boolean },
): ServerSearch {
  return {
    query,
    onQueryChange,
    total: matches.data?.total,
    shown: matches.data?.items.length ?? 0,
    loading: matches.isFetching || term !== query,
    searchLabel,
  };
}

/**
 * A zones picker's options and search. The labels of chosen zones are remembered as they are picked, so a choice
 * stays listed (and checked) when a new search no longer matches it. `exclude`: zones not to offer.
 */
export function useZonePicker(chosen: string[], exclude?: ReadonlySet<number>) {
  const [query, setQuery] = useState('');
  const term = useSettled(query);
  const matches = useQuery(zoneChoicesQuery(term));
  const [known, setKnown] = useState<Map<string, string>>(() => new Map());
  const found = useMemo(() => (matches.data?.items ?? []).filter((z) => !exclude?.has(z.id)), [matches.data, exclude]);
  useEffect(() => {
    if (!found.length) return;
    setKnown((m) => {
      const next = new Map(m);
      for (const z of found) next.set(String(z.id), zoneLabel(z));
      return next;
    });
  }, [found]);
  const options = useMemo(() => {
    const list: SelectOption[] = found.map((z: Zone) => ({ value: String(z.id), label: zoneLabel(z) }));
    for (const id of chosen) {
      if (!list.some((o) => o.value === id)) list.unshift({ value: id, label: known.get(id) ?? `Zone ${id}` });
    }
    return list;
  }, [found, chosen, known]);
  return { options, search: searchState('Find a zone', query, setQuery, term, matches), error: matches.error };
}
