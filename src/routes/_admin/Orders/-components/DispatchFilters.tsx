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
import { FilterSelect } from '../../-components/FilterSelect';
import { useCategoryPicker, useZonePicker } from '../../-components/pickers';
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
  const categories = useCategoryPicker(search.categoryId ? String(search.categoryId) : '');
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

  return (
    <div className={s.filters}>
      <FilterSelect
        label="Zone"
        allLabel="All zones"
        value={search.zoneId ? String(search.zoneId) : ''}
        options={zones.options}
        search={zones.search}
        onChange={(v) => onChange({ zoneId: positiveId(v) })}
      />
      <FilterSelect
        label="Category"
        allLabel="All categories"
        value={search.categoryId ? String(search.categoryId) : ''}
        options={categories.options}
        search={categories.search}
        onChange={(v) => onChange({ categoryId: positiveId(v) })}
      />
      {list === 'unassigned' ? null : (
        <FilterSelect
          label="Professional"
          allLabel="All professionals"
          value={search.professionalId ? String(search.professionalId) : ''}
          options={pros.options}
          search={pros.search}
          onChange={(v) => onChange({ professionalId: positiveId(v) })}
        />
      )}
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
      <DateFilter label="Slot from" value={search.from} max={search.to} onChange={(from) => onChange({ from })} />
      <DateFilter label="Slot to" value={search.to} min={search.from} onChange={(to) => onChange({ to })} />
      <DateFilter
        label="Placed from"
        value={search.placedFrom}
        max={search.placedTo}
        onChange={(placedFrom) => onChange({ placedFrom })}
      />
      <DateFilter
        label="Placed to"
        value={search.placedTo}
        min={search.placedFrom}
        onChange={(placedTo) => onChange({ placedTo })}
      />
      {list === 'cancelled' ? (
        <>
          <DateFilter
            label="Cancelled from"
            value={search.cancelledFrom}
            max={search.cancelledTo}
            onChange={(cancelledFrom) => onChange({ cancelledFrom })}
          />
          <DateFilter
            label="Cancelled to"
            value={search.cancelledTo}
            min={search.cancelledFrom}
            onChange={(cancelledTo) => onChange({ cancelledTo })}
          />
        </>
      ) : null}
      <Button variant="secondary" loading={exporting} onClick={exportCsv}>
        Download CSV
      </Button>
    </div>
  );
}
