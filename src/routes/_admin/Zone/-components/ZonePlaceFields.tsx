import { useQuery } from '@tanstack/react-query';
import { citiesQuery, statesQuery } from '../../../../api/geo';
import { SelectField, TextField } from '../../../../ui/form';

export interface ZonePlace {
  zoneName: string;
  /** Select values: the id as a string, '' when none is chosen. */
  stateId: string;
  cityId: string;
}

export interface ZonePlaceFieldsProps {
  values: ZonePlace;
  errors: Record<string, string>;
  onChange(field: keyof ZonePlace, value: string): void;
  disabled?: boolean;
}

/** Zone name, then state, then a city of that state: the fields the add and update screens share. */
export function ZonePlaceFields({ values, errors, onChange, disabled }: ZonePlaceFieldsProps) {
  const states = useQuery(statesQuery());
  const cities = useQuery(citiesQuery(Number(values.stateId) || 0));
  return (
    <>
      <TextField
        label="Zone name"
        name="zoneName"
        maxLength={100}
        autoComplete="off"
        value={values.zoneName}
        onChange={(e) => onChange('zoneName', e.target.value)}
        error={errors.zoneName}
        hint="Unique within its city, e.g. Koramangala"
        required
        disabled={disabled}
        fullWidth
      />
      <SelectField
        label="State"
        name="stateId"
        placeholder={states.isLoading ? 'Loading states…' : 'Choose a state'}
        options={(states.data ?? []).map((st) => ({ value: String(st.id), label: st.name }))}
        value={values.stateId}
        onChange={(e) => {
          onChange('stateId', e.target.value);
          onChange('cityId', '');
        }}
        error={errors.stateId}
        required
        disabled={disabled}
      />
      <SelectField
        label="City"
        name="cityId"
        placeholder={!values.stateId ? 'Choose a state first' : cities.isLoading ? 'Loading cities…' : 'Choose a city'}
        options={(cities.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={values.cityId}
        onChange={(e) => onChange('cityId', e.target.value)}
        error={errors.cityId}
        required
        disabled={disabled || !values.stateId}
      />
    </>
  );
}

/** The checks the browser can make before sending; the server checks the rest (unique name, city of state). */
export function checkZonePlace(values: ZonePlace): Record<string, string> {
  const e: Record<string, string> = {};
  const name = values.zoneName.trim();
  if (!name) e.zoneName = 'Enter the zone name';
  else if (name.length > 100) e.zoneName = 'Use at most 100 characters';
  if (!values.stateId) e.stateId = 'Choose the state';
  if (!values.cityId) e.cityId = 'Choose the city';
  return e;
}

export const zonePlaceBody = (values: ZonePlace) => ({
  zoneName: values.zoneName.trim(),
  stateId: Number(values.stateId),
  cityId: Number(values.cityId),
});
