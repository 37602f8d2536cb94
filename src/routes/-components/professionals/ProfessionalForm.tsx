import type { LinkProps } from '@tanstack/react-router';
import { PROFESSIONAL_TYPES } from '../../../api/catalogue';
import {
  addProfessional,
  type ProfessionalBody,
  type ProfessionalDetail,
  updateProfessional,
} from '../../../api/professionals';
import { SelectField, TextField } from '../../../ui/form';
import { useZonePicker } from '../../_admin/-components/pickers';
import { OperationForm, useOperationForm } from '../form';
import {
  ADDRESS_LABELS,
  AddressFields,
  KYC_LABELS,
  KycFields,
  orNull,
  personBodyOf,
  personValuesOf,
} from '../form/PersonSections';
import { PickerField } from '../form/PickerField';
import { PickerListField } from '../form/PickerListField';
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
      ...personValuesOf(p),
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
      ...ADDRESS_LABELS,
      ...KYC_LABELS,
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
      ...personBodyOf(v),
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
      <AddressFields form={form} pinCodeHint="Their home zone is the zone of this pincode." />
      <KycFields form={form} stored={p} />
      <PickerField
        form={form}
        name="vendorId"
        picker={vendors}
        placeholder="No vendor"
        hint="The vendor who supplies this professional, if any."
      />
      {p ? null : (
        <>
          <PickerListField
            form={form}
            name="zones"
            picker={zones}
            fullWidth
            hint="Where they take jobs. You can change this later on their page."
          />
          <PickerListField
            form={form}
            name="services"
            picker={services}
            fullWidth
            hint={`Services for a ${v.professionalType.toLowerCase()} they can carry out.`}
          />
        </>
      )}
    </OperationForm>
  );
}
