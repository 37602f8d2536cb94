import { type ListSearch, validateListSearch } from '../../_admin/-components/listSearch';

/** A ratings list's filters in its URL, beside the table's own state. */
export interface RatingSearch extends ListSearch {
  stars?: number;
  hidden?: 'yes' | 'no';
  professionalId?: number;
  professionalName?: string;
  serviceId?: number;
  serviceName?: string;
}

const id = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
};
const label = (v: unknown) => (typeof v === 'string' && v.trim() ? v.slice(0, 120) : undefined);

export function validateRatingSearch(raw: Record<string, unknown>): RatingSearch {
  const stars = Number(raw.stars);
  const professionalId = id(raw.professionalId);
  const serviceId = id(raw.serviceId);
  return {
    ...validateListSearch(raw),
    stars: Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : undefined,
    hidden: raw.hidden === 'yes' || raw.hidden === 'no' ? raw.hidden : undefined,
    professionalId,
    professionalName: professionalId ? label(raw.professionalName) : undefined,
    serviceId,
    serviceName: serviceId ? label(raw.serviceName) : undefined,
  };
}

/** The query's filters for a URL's. */
export const ratingFilters = (s: RatingSearch) => ({
  stars: s.stars,
  hidden: s.hidden === undefined ? undefined : s.hidden === 'yes',
  professionalId: s.professionalId,
  serviceId: s.serviceId,
});
