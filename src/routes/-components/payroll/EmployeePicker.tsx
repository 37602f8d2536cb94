// Chooses an employee (a professional) by name or mobile number, searched on the server; the choice lives in the URL
// (`?emp=`), so Back, reload and a shared link keep it. The chosen employee stays listed whatever the search.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { salaryStructuresQuery } from '../../../api/payroll';
import { SearchSelectField, type SelectOption } from '../../../ui/form';
import { useSettled } from '../../_admin/-components/pickers';
import { useListFilter } from '../../_admin/-components/useServerTable';
import { InPageLink } from '../InPageLink';

export interface EmployeePickerProps {
  value?: number;
  label?: string;
  hint?: string;
  /** Instead of the URL: a form's own employee field. */
  onChange?(id: number | undefined): void;
  error?: string;
  name?: string;
}

export function EmployeePicker({
  value,
  label = 'Employee',
  hint,
  onChange,
  error,
  name = 'emp',
}: EmployeePickerProps) {
  const setFilter = useListFilter();
  const [query, setQuery] = useState('');
  const term = useSettled(query);
  const matches = useQuery(salaryStructuresQuery({ page: 1, pageSize: 50, search: term.trim() || undefined }));
  const [known, setKnown] = useState<Map<number, string>>(() => new Map());
  const found = matches.data?.items ?? [];
  useEffect(() => {
    if (!found.length) return;
    setKnown((m) => {
      const next = new Map(m);
      for (const e of found) next.set(e.empId, `${e.empName} (${e.mobileNo})`);
      return next;
    });
  }, [found]);
  const options = useMemo(() => {
    const list: SelectOption[] = found.map((e) => ({ value: String(e.empId), label: `${e.empName} (${e.mobileNo})` }));
    if (value && !list.some((o) => o.value === String(value))) {
      list.unshift({ value: String(value), label: known.get(value) ?? `Employee ${value}` });
    }
    return list;
  }, [found, value, known]);
  const choose = (v: string) => {
    const id = Number(v) > 0 ? Number(v) : undefined;
    if (onChange) onChange(id);
    else setFilter({ emp: id });
  };
  return (
    <SearchSelectField
      label={label}
      name={name}
      hint={hint}
      placeholder="Choose an employee"
      options={options}
      value={value ? String(value) : ''}
      onChange={choose}
      error={error ?? (matches.error ? `Could not be loaded: ${matches.error.message}` : undefined)}
      search={{
        query,
        onQueryChange: setQuery,
        total: matches.data?.total,
        shown: found.length,
        loading: matches.isFetching || term !== query,
        searchLabel: 'Find an employee',
      }}
    />
  );
}

/** Closes the chosen employee's card: `?emp=` leaves the URL, the rest of the page's state stays. */
export function CloseEmployee() {
  return (
    <InPageLink set={{ emp: undefined }} variant="secondary" size="sm">
      Close
    </InPageLink>
  );
}
