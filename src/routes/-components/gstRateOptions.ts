// Shared by the forms that set a GST rate (a service, a store product). GST rates are data with effective dates: the
// select offers the rates in force today; a record stored at a rate withdrawn since (12 or 28 before 22 September
// 2025) shows it, marked, so the admin sees what to change.
import { useQuery } from '@tanstack/react-query';
import { gstRatesQuery } from '../../api/tips';

/** The rates read, the select's options, and whether `stored` is no longer in force. */
export function useGstRateOptions(stored: number | undefined, whileLoading: number[] = []) {
  const rates = useQuery(gstRatesQuery());
  const inForce = rates.data?.inForce ?? whileLoading;
  const withdrawn = stored !== undefined && rates.data && !inForce.includes(stored) ? [stored] : [];
  return {
    rates,
    withdrawn: withdrawn.length > 0,
    options: [
      ...inForce.map((r) => ({ value: String(r), label: `${r} %` })),
      ...withdrawn.map((r) => ({ value: String(r), label: `${r} % (no longer in force)` })),
    ],
  };
}
