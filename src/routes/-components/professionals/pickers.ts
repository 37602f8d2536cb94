// The professional form's pickers: services (of the professional's type) and vendors, searched on the server.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { servicesQuery } from '../../../api/catalogue';
import { vendorChoicesQuery } from '../../../api/professionals';
import type { SelectOption } from '../../../ui/form';
import { searchState, useKnownLabels, useSettled } from '../../_admin/-components/pickers';

const NO_LABELS: Record<string, string> = {};

/** Services whose name contains what is typed, of one professional type; chosen ones stay listed. */
export function useServicePicker(chosen: string[], professionalType: string, exclude?: ReadonlySet<number>) {
  const [query, setQuery] = useState('');
  const term = useSettled(query);
  const matches = useQuery(
    servicesQuery({ page: 1, pageSize: 50, search: term, sort: 'heading', order: 'asc' }, 'all'),
  );
  const found = useMemo(
    () => (matches.data?.items ?? []).filter((s) => s.professionalType === professionalType && !exclude?.has(s.id)),
    [matches.data, professionalType, exclude],
  );
  const known = useKnownLabels(
    NO_LABELS,
    useMemo(() => found.map((s) => ({ id: s.id, label: s.heading })), [found]),
  );
  const options = useMemo(() => {
    const list: SelectOption[] = found.map((s) => ({
      value: String(s.id),
      label: `${s.heading}${s.active ? '' : ' — inactive'}`,
    }));
    for (const id of chosen) {
      if (!list.some((o) => o.value === id)) list.unshift({ value: id, label: known.get(id) ?? `Service ${id}` });
    }
    return list;
  }, [found, chosen, known]);
  return { options, search: searchState('Find a service', query, setQuery, term, matches), error: matches.error };
}

/** Vendors (role VE) by name or mobile number; the chosen one stays listed. */
export function useVendorPicker(chosen: string, chosenLabel?: string | null) {
  const [query, setQuery] = useState('');
  const term = useSettled(query);
  const matches = useQuery(vendorChoicesQuery(term));
  const options = useMemo(() => {
    const list: SelectOption[] = (matches.data?.items ?? []).map((v) => ({
      value: String(v.id),
      label: `${v.fullName} (${v.mobileNo})`,
    }));
    if (chosen && !list.some((o) => o.value === chosen))
      list.unshift({ value: chosen, label: chosenLabel ?? `Vendor ${chosen}` });
    return list;
  }, [matches.data, chosen, chosenLabel]);
  return { options, search: searchState('Find a vendor', query, setQuery, term, matches), error: matches.error };
}
