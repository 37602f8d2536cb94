import { useQuery } from '@tanstack/react-query';
import { citiesQuery, statesQuery } from '../../../../api/geo';
import { SelectField, TextField } from '../../../../ui/form';
import { chosenId } from '../../../-components/form';

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
  /** The contract's limit on the name (form.rule('zoneName').maxLength). */
  nameMaxLength?: number;
}

/** Zone name, then state, then a city of that state: the fields the add and update screens share. */
export function ZonePlaceFields({ values, errors, onChange, disabled, nameMaxLength }: ZonePlaceFieldsProps) {
  const states = useQuery(statesQuery());
  const cities = useQuery(citiesQuery(Number(values.stateId) || 0));
  return (
    <>
      <TextField
        label="Zone name"
        name="zoneName"
        maxLength={nameMaxLength}
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

/** The zone's place as the body's fields; an unchosen state or city sends no field (the schema: "is required"). */
export const zonePlaceBody = (values: ZonePlace) => ({
  zoneName: values.zoneName.trim(),
  stateId: chosenId(values.stateId),
  cityId: chosenId(values.cityId),
});

export const ZONE_PLACE_LABELS = { zoneName: 'Zone name', stateId: 'State', cityId: 'City' };
