// The professional filter's options: the server's first 20 active professionals matching what is typed
// (GetActivateTechsEngg), the chosen one always kept. Never a whole table (docs/operation-kit.md, Pickers).
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type ActiveProfessional, activeProfessionalsQuery } from '../../../../api/dispatch';
import type { SelectOption, ServerSearch } from '../../../../ui/form';
import { searchState, useKnownLabels, useSettled } from '../../-components/pickers';

export const professionalLabel = (p: Pick<ActiveProfessional, 'fullName' | 'mobileNo'>) =>
  `${p.fullName} · ${p.mobileNo}`;

/** With what the admin weighs when choosing by hand: the 'Available' switch and today's jobs (the server's). */
const detailedLabel = (p: ActiveProfessional) =>
  `${professionalLabel(p)} · ${p.available ? 'available' : 'not available'} · ${p.todayJobs} ${
    p.todayJobs === 1 ? 'job' : 'jobs'
  } today`;

const NONE: ReadonlyMap<string, string> = new Map();
const NO_LABELS: Record<string, string> = {};

/**
 * `chosen`: the picked professional's user id ('' for none). Labels are remembered as they are seen, so the choice
 * stays listed when a new search no longer matches it. `known` names professionals seen elsewhere (the list's rows).
 */
export function useProfessionalPicker(
  chosen: string,
  known: ReadonlyMap<string, string> = NONE,
  detailed = false,
): { options: SelectOption[]; search: ServerSearch } {
  const [query, setQuery] = useState('');
  const term = useSettled(query);
  const matches = useQuery(activeProfessionalsQuery({ page: 1, pageSize: 20, search: term }));
  const seen = useKnownLabels(
    NO_LABELS,
    useMemo(
      () => (matches.data?.items ?? []).map((p) => ({ id: p.userId, label: professionalLabel(p) })),
      [matches.data],
    ),
  );
  const options = useMemo(() => {
    const list: SelectOption[] = (matches.data?.items ?? []).map((p) => ({
      value: String(p.userId),
      label: detailed ? detailedLabel(p) : professionalLabel(p),
    }));
    if (chosen && !list.some((o) => o.value === chosen)) {
      list.unshift({ value: chosen, label: seen.get(chosen) ?? known.get(chosen) ?? `Professional ${chosen}` });
    }
    return list;
  }, [matches.data, chosen, seen, known, detailed]);
  return { options, search: searchState('Find a professional', query, setQuery, term, matches) };
}
