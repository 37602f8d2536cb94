import type { ProfessionalFilter } from '../../../api/professionals';
import { validateListSearch } from '../../_admin/-components/listSearch';

// Read by the list routes' validateSearch and loader, which stay in the entry chunk: nothing heavy is imported here.

/** The list's URL: paging, search, and the status and type filters. */
export interface ProfessionalListSearch extends ReturnType<typeof validateListSearch> {
  status?: 'active' | 'inactive' | 'all';
  type?: 'Technician' | 'Engineer';
}

export function validateProfessionalSearch(raw: Record<string, unknown>): ProfessionalListSearch {
  return {
    ...validateListSearch(raw),
    status: raw.status === 'inactive' || raw.status === 'all' ? raw.status : undefined,
    type: raw.type === 'Technician' || raw.type === 'Engineer' ? raw.type : undefined,
  };
}

export const filterOf = (
  search: ProfessionalListSearch,
  fixedType?: 'Technician' | 'Engineer',
): ProfessionalFilter => ({
  status: search.status ?? 'all',
  professionalType: fixedType ?? search.type,
});
