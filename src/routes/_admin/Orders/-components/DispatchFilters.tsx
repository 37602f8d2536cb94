import { useId, useMemo, useState } from 'react';
import {
  type DispatchLine,
  type DispatchList,
  dispatchListCsv,
  type DispatchFilters as Filters,
} from '../../../../api/dispatch';
import { Button, toast } from '../../../../ui';
import { control } from '../../../../ui/form/form.css';
import { downloadTextFile } from '../../../../ui/spreadsheet';
import type { DispatchSearch } from '../../../-components/dispatch/dispatchSearch';
import * as s from '../../-components/admin.css';
import { CategoryFilter } from '../../-components/CategoryFilter';
import { FilterSelect, type FilterSelectProps } from '../../-components/FilterSelect';
import { useZonePicker } from '../../-components/pickers';
import { positiveId } from '../../-components/search';
import { professionalLabel, useProfessionalPicker } from './professionalPicker';
import type { FilterPatch } from './useDispatchTable';

function DateFilter(props: { label: string; value?: string; min?: string; max?: string; onChange(v?: string): void }) {
  const id = useId();
  return (
    <div className={s.filterField} style={{ minInlineSize: '9rem' }}>
      <label htmlFor={id} className={s.filterLabel}>
        {props.label}
      </label>
      <input
        id={id}
        type="date"
        className={control}
        value={props.value ?? ''}
        min={props.min}
        max={props.max}
        onChange={(e) => props.onChange(e.target.value || undefined)}
      />
    </div>
  );
}

type IdKey = 'zoneId' | 'professionalId';
type Picker = Pick<FilterSelectProps, 'options' | 'search'>;
type DayKey = 'from' | 'to' | 'placedFrom' | 'placedTo' | 'cancelledFrom' | 'cancelledTo';

/** The first and last day of one kind (slot, placed, cancelled): each bounds the other. */
function DateRange({
  label,
  keys: [first, last],
  search,
  onChange,
}: {
  label: string;
  keys: [DayKey, DayKey];
  search: DispatchSearch;
  onChange(patch: FilterPatch): void;
}) {
  return (
    <>
      <DateFilter
        label={`${label} from`}
        value={search[first]}
        max={search[last]}
        onChange={(v) => onChange({ [first]: v })}
      />
      <DateFilter
        label={`${label} to`}
        value={search[last]}
        min={search[first]}
        onChange={(v) => onChange({ [last]: v })}
      />
    </>
  );
}

export interface DispatchFiltersProps {
  list: DispatchList;
  search: DispatchSearch;
  filters: Filters;
  onChange(patch: FilterPatch): void;
  /** The rows on screen: their professionals name the filter's choice when it came from a link. */
  rows: DispatchLine[];
  /** The CSV file's name, without the date and extension. */
  fileName: string;
}

/** The lists' toolbar: zone, category, professional, slot, placed and cancelled days (in the URL), and the CSV export. */
export function DispatchFilters({ list, search, filters, onChange, rows, fileName }: DispatchFiltersProps) {
  const zones = useZonePicker(search.zoneId ? [String(search.zoneId)] : []);
  const known = useMemo(
    () =>
      new Map(
        rows.flatMap((r) =>
          r.professional ? [[String(r.professional.userId), professionalLabel(r.professional)]] : [],
        ),
      ),
    [rows],
  );
  const pros = useProfessionalPicker(search.professionalId ? String(search.professionalId) : '', known);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const text = await dispatchListCsv(list, filters);
      const span = [filters.from, filters.to].filter(Boolean).join('-to-');
      // The helper adds the byte-order mark Excel needs; the server's own would make two.
      downloadTextFile(`${fileName}${span ? `-${span}` : ''}.csv`, text.replace(/^\uFEFF/, ''));
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  }

  // Zone and professional: one id each, chosen among a picker's options.
  const idFilter = (key: IdKey, label: string, allLabel: string, picker: Picker) => (
    <FilterSelect
      label={label}
      allLabel={allLabel}
      value={search[key] ? String(search[key]) : ''}
      options={picker.options}
      search={picker.search}
      onChange={(v) => onChange({ [key]: positiveId(v) })}
    />
  );

  return (
    <div className={s.filters}>
      {idFilter('zoneId', 'Zone', 'All zones', zones)}
      <CategoryFilter value={search.categoryId} onChange={(categoryId) => onChange({ categoryId })} />
      {list === 'unassigned' ? null : idFilter('professionalId', 'Professional', 'All professionals', pros)}
      {list === 'assigned' ? (
        <FilterSelect
          label="State"
          allLabel="Assigned and accepted"
          value={search.state ?? ''}
          options={[
            { value: 'assigned', label: 'Assigned (not yet accepted)' },
            { value: 'accepted', label: 'Accepted' },
          ]}
          onChange={(v) => onChange({ state: v === 'assigned' || v === 'accepted' ? v : undefined })}
        />
      ) : null}
      <DateRange label="Slot" keys={['from', 'to']} search={search} onChange={onChange} />
      <DateRange label="Placed" keys={['placedFrom', 'placedTo']} search={search} onChange={onChange} />
      {list === 'cancelled' ? (
        <DateRange label="Cancelled" keys={['cancelledFrom', 'cancelledTo']} search={search} onChange={onChange} />
      ) : null}
      <Button variant="secondary" loading={exporting} onClick={exportCsv}>
        Download CSV
      </Button>
    </div>
  );
}
