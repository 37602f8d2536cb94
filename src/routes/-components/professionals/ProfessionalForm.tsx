import { useQuery } from '@tanstack/react-query';
import type { LinkProps } from '@tanstack/react-router';
import { PROFESSIONAL_TYPES } from '../../../api/catalogue';
import { citiesQuery, statesQuery } from '../../../api/geo';
import {
  addProfessional,
  type ProfessionalBody,
  type ProfessionalDetail,
  updateProfessional,
} from '../../../api/professionals';
import { MultiSelectField, SearchSelectField, SelectField, TextField } from '../../../ui/form';
import { useZonePicker } from '../../_admin/-components/pickers';
import { chosenId, OperationForm, useOperationForm } from '../form';
import { useServicePicker, useVendorPicker } from './pickers';

export interface ProfessionalFormProps {
  /** The professional to change; without it the form adds one (with zones and skills). */
  professional?: ProfessionalDetail;
  /** A new professional's type (the shared group's "Add technician" presets Technician). */
  defaultType?: 'Technician' | 'Engineer';
  /** HR's appointed candidate (0 for adds outside recruitment). */
  candidateId?: number;
  /** A new professional's values known beforehand (the appointed candidate's details). */
  prefill?: ProfessionalPrefill;
  cancelTo: LinkProps['to'];
  onSaved(professional: ProfessionalDetail): void;
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

export type ProfessionalPrefill = Partial<
  Record<
    | 'fullName'
    | 'professionalType'
    | 'phone'
    | 'email'
    | 'birthDate'
    | 'joiningDate'
    | 'pinCode'
    | 'addressLine1'
    | 'addressLine2'
    | 'panNumber'
    | 'aadharNumber',
    string
  >
>;

/**
 * Add or change a professional (every field). The contract checks the body (PAN and Aadhaar
 * formats included); the server adds what no schema can say (Aadhaar's check digit, a taken PAN, the city's state).
 */
export function ProfessionalForm({
  professional: p,
  defaultType,
  candidateId = 0,
  prefill,
  cancelTo,
  onSaved,
}: ProfessionalFormProps) {
  const form = useOperationForm({
    operation: p ? 'updateProfessional' : 'addProfessional',
    initial: {
      fullName: p?.fullName ?? '',
      professionalType: (p?.professionalType ?? defaultType ?? 'Technician') as string,
      phone: p?.phone ?? '',
      altContactNo: p?.altContactNo ?? '',
      email: p?.email ?? '',
      birthDate: p?.birthDate ?? '',
      joiningDate: p?.joiningDate ?? '',
      stateId: p ? String(p.stateId) : '',
      cityId: p ? String(p.cityId) : '',
      pinCode: p?.pinCode ?? '',
      addressLine1: p?.addressLine1 ?? '',
      addressLine2: p?.addressLine2 ?? '',
      // The full number comes only to the admin and HR; a masked one is not sent back.
      panNumber: p?.panNumber ?? '',
      aadharNumber: p && !p.aadharMasked ? p.aadharNumber : '',
      vendorId: p?.vendorId ? String(p.vendorId) : '',
      zones: [] as string[],
      services: [] as string[],
      ...(p ? {} : prefill),
    },
    labels: {
      fullName: 'Full name',
      professionalType: 'Type',
      phone: 'Mobile number',
      altContactNo: 'Alternative contact number',
      email: 'E-mail',
      birthDate: 'Birth date',
      joiningDate: 'Joining date',
      stateId: 'State',
      cityId: 'City',
      pinCode: 'Pincode',
      addressLine1: 'Address line 1',
      addressLine2: 'Address line 2',
      panNumber: 'PAN',
      aadharNumber: 'Aadhaar number',
      vendorId: 'Vendor',
      zones: 'Zones',
      services: 'Skills (services)',
    },
    alias: { professionalZoneDetailsList: 'zones', professionalServicesDetailsList: 'services' },
    toBody: (v): ProfessionalBody => ({
      fullName: v.fullName.trim(),
      professionalType: v.professionalType as ProfessionalBody['professionalType'],
      phone: v.phone.trim(),
      altContactNo: orNull(v.altContactNo),
      email: orNull(v.email),
      birthDate: orNull(v.birthDate),
      // Empty: today on an add (or the candidate's date), unchanged on an update (decision 033).
      joiningDate: orNull(v.joiningDate),
      stateId: chosenId(v.stateId),
      cityId: chosenId(v.cityId),
      pinCode: v.pinCode.trim(),
      addressLine1: v.addressLine1.trim(),
      addressLine2: orNull(v.addressLine2),
      panNumber: v.panNumber.replace(/\s+/g, '').toUpperCase(),
      aadharNumber: v.aadharNumber.replace(/[\s-]+/g, ''),
      vendorId: v.vendorId ? Number(v.vendorId) : 0,
      // The service id is 0 on normal adds; the skills are the list.
      serviceId: 0,
      ...(p
        ? {}
        : {
            professionalZoneDetailsList: v.zones.map((id) => ({ zoneId: Number(id) })),
            professionalServicesDetailsList: v.services.map((id) => ({ serviceId: Number(id) })),
          }),
    }),
    send: (body) => (p ? updateProfessional(p.id, body) : addProfessional(body, candidateId)),
    savedMessage: p ? 'Professional saved.' : 'Professional added.',
    onSaved: (reply) => onSaved(reply.data),
  });
  const v = form.values;
  const states = useQuery(statesQuery());
  const cities = useQuery(citiesQuery(Number(v.stateId) || 0));
  const zones = useZonePicker(v.zones);
  const services = useServicePicker(v.services, v.professionalType);
  const vendors = useVendorPicker(v.vendorId, p?.vendorName);

  return (
    <OperationForm
      form={form}
      label={p ? `Change ${p.fullName}` : 'Add professional'}
      submitLabel={p ? 'Save changes' : 'Add professional'}
      cancelTo={cancelTo}
    >
      <TextField {...form.text('fullName')} autoComplete="off" />
      <SelectField
        {...form.field('professionalType')}
        options={PROFESSIONAL_TYPES.map((t) => ({ value: t, label: t }))}
        value={v.professionalType}
        onChange={(e) => {
          form.set('professionalType', e.target.value);
          // Skills are services of the professional's type.
          form.set('services', []);
        }}
        hint="Technicians and engineers both sign in to the professional's app."
      />
      <TextField
        {...form.text('phone')}
        inputMode="numeric"
        autoComplete="off"
        hint="They sign in with it; a one-time password is sent to it."
      />
      <TextField {...form.text('altContactNo')} inputMode="numeric" autoComplete="off" />
      <TextField {...form.text('email')} type="email" autoComplete="off" />
      <TextField {...form.text('birthDate')} type="date" />
      <TextField
        {...form.text('joiningDate')}
        type="date"
        hint={
          p
            ? 'Attendance counts from this day; the days before it read "Not joined".'
            : 'Attendance counts from this day. Leave it empty for today.'
        }
      />
      <SelectField
        {...form.field('stateId')}
        placeholder={states.isLoading ? 'Loading states…' : 'Choose a state'}
        options={(states.data ?? []).map((st) => ({ value: String(st.id), label: st.name }))}
        value={v.stateId}
        onChange={(e) => {
          form.set('stateId', e.target.value);
          form.set('cityId', '');
        }}
      />
      <SelectField
        {...form.field('cityId')}
        placeholder={!v.stateId ? 'Choose a state first' : cities.isLoading ? 'Loading cities…' : 'Choose a city'}
        options={(cities.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={v.cityId}
        onChange={(e) => form.set('cityId', e.target.value)}
        disabled={!v.stateId}
      />
      <TextField
        {...form.text('pinCode')}
        inputMode="numeric"
        autoComplete="off"
        hint="Their home zone is the zone of this pincode."
      />
      <TextField {...form.text('addressLine1')} autoComplete="off" />
      <TextField {...form.text('addressLine2')} autoComplete="off" />
      <TextField {...form.text('panNumber')} autoComplete="off" hint="5 letters, 4 digits, 1 letter, e.g. ABCDE1234F" />
      <TextField
        {...form.text('aadharNumber')}
        inputMode="numeric"
        autoComplete="off"
        hint={p?.aadharMasked ? `Ends in ${p.aadharLast4}; type the full number again to save.` : '12 digits'}
      />
      <SearchSelectField
        {...form.field('vendorId')}
        placeholder="No vendor"
        options={vendors.options}
        search={vendors.search}
        value={v.vendorId}
        onChange={(id) => form.set('vendorId', id)}
        hint="The vendor who supplies this professional, if any."
      />
      {p ? null : (
        <>
          <MultiSelectField
            {...form.field('zones')}
            fullWidth
            options={zones.options}
            search={zones.search}
            value={v.zones}
            onChange={(next) => form.set('zones', next)}
            hint="Where they take jobs. You can change this later on their page."
          />
          <MultiSelectField
            {...form.field('services')}
            fullWidth
            options={services.options}
            search={services.search}
            value={v.services}
            onChange={(next) => form.set('services', next)}
            hint={`Services for a ${v.professionalType.toLowerCase()} they can carry out.`}
          />
        </>
      )}
    </OperationForm>
  );
}
