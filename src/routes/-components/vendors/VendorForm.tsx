import type { LinkProps } from '@tanstack/react-router';
import { addVendor, updateVendor, type VendorBody, type VendorDetail, type VendorPatch } from '../../../api/vendors';
import { type FileValue, ImageField, SCANNED_PAPER, TextField } from '../../../ui/form';
import { useZonePicker } from '../../_admin/-components/pickers';
import { OperationForm, useOperationForm } from '../form';
import {
  ADDRESS_LABELS,
  AddressFields,
  type AddressValues,
  KYC_LABELS,
  KycFields,
  type KycValues,
  orNull,
  personBodyOf,
  personValuesOf,
} from '../form/PersonSections';
import { PickerListField } from '../form/PickerListField';

export interface VendorFormProps {
  /** The vendor to change; without it the form adds one. */
  vendor?: VendorDetail;
  cancelTo: LinkProps['to'];
  /** The reply's vendor, with the one-time password on an add. */
  onSaved(vendor: VendorDetail & { oneTimePassword?: string }): void;
}

type Values = {
  firstName: string;
  lastName: string;
  mobileNo: string;
  email: string;
  birthDate: string;
} & AddressValues &
  KycValues & {
    gstno: string;
    proof: FileValue | null;
    zones: string[];
  };

/** The complete body of the form's values (AddVendor's), before an update keeps only what changed. */
function bodyOf(v: Values): VendorBody {
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    mobileNo: v.mobileNo.trim(),
    email: orNull(v.email),
    birthDate: orNull(v.birthDate),
    ...personBodyOf(v),
    gstno: v.gstno.replace(/\s+/g, '').toUpperCase() || null,
    ...(v.proof ? { aadharProof: v.proof.data, aadharFileName: v.proof.fileName } : {}),
    vendorZoneList: v.zones.map((id) => ({ zoneId: Number(id) })),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Add or change a vendor. The contract checks the formats (PAN, Aadhaar, GSTIN's shape); the server
 * adds what no schema can say (Aadhaar's check digit, the GSTIN's check character and state, a taken number). A
 * change sends only the fields that differ (UpdateVendor is a PATCH) and never a password.
 */
export function VendorForm({ vendor: d, cancelTo, onSaved }: VendorFormProps) {
  const initial: Values = {
    firstName: d?.firstName ?? '',
    lastName: d?.lastName ?? '',
    mobileNo: d?.mobileNo ?? '',
    email: d?.email ?? '',
    birthDate: d?.birthDate ?? '',
    ...personValuesOf(d),
    gstno: d?.gstno ?? '',
    proof: null,
    zones: (d?.vendorZoneList ?? []).map((z) => String(z.zoneId)),
  };
  /** What an update sends: only the fields that differ from the stored vendor. */
  const changesOf = (v: Values): VendorPatch => {
    const before = bodyOf(initial) as Record<string, unknown>;
    const patch: Record<string, unknown> = {};
    for (const [k, value] of Object.entries(bodyOf(v))) if (!same(value, before[k])) patch[k] = value;
    return patch as VendorPatch;
  };
  const form = useOperationForm({
    operation: d ? 'updateVendor' : 'addVendor',
    initial,
    labels: {
      firstName: 'First name',
      lastName: 'Last name',
      mobileNo: 'Mobile number',
      email: 'E-mail',
      birthDate: 'Birth date',
      ...ADDRESS_LABELS,
      ...KYC_LABELS,
      gstno: 'GSTIN',
      proof: 'Aadhaar proof',
      zones: 'Zones',
    },
    alias: { vendorZoneList: 'zones', aadharProof: 'proof', aadharFileName: 'proof' },
    toBody: (v): VendorBody & VendorPatch => (d ? changesOf(v) : bodyOf(v)) as VendorBody & VendorPatch,
    send: (body) => (d ? updateVendor(d.id, body as VendorPatch) : addVendor(body as VendorBody)),
    savedMessage: d ? 'Vendor saved.' : 'Vendor added.',
    onSaved: (reply) => onSaved(reply.data),
  });
  const v = form.values;
  const zones = useZonePicker(v.zones);

  return (
    <OperationForm
      form={form}
      label={d ? `Change ${d.fullName}` : 'Add vendor'}
      submitLabel={d ? 'Save changes' : 'Add vendor'}
      cancelTo={cancelTo}
      nothingChanged={d ? Object.keys(changesOf(v)).length === 0 : undefined}
    >
      <TextField {...form.text('firstName')} autoComplete="off" />
      <TextField {...form.text('lastName')} autoComplete="off" />
      <TextField
        {...form.text('mobileNo')}
        inputMode="numeric"
        autoComplete="off"
        hint={
          d
            ? 'Their sign-in number: a change takes effect at once.'
            : 'They sign in with it; a one-time password is sent to it.'
        }
      />
      <TextField {...form.text('email')} type="email" autoComplete="off" />
      <TextField {...form.text('birthDate')} type="date" />
      <AddressFields form={form} />
      <KycFields form={form} stored={d} />
      <TextField
        {...form.text('gstno')}
        autoComplete="off"
        hint="Optional. 15 characters starting with the GST code of the state above, e.g. 27ABCDE1234F1Z5."
      />
      <ImageField
        {...form.control('proof')}
        {...SCANNED_PAPER}
        hint={
          d?.hasAadharProof
            ? `On file: ${d.aadharFileName ?? 'a proof'}. Choose a file only to replace it.`
            : 'A PDF, JPEG or PNG of at most 5 MB.'
        }
      />
      <PickerListField form={form} name="zones" picker={zones} fullWidth hint="The zones this vendor supplies." />
    </OperationForm>
  );
}
