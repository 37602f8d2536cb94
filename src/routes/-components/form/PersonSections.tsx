// Shared by the professional's and the vendor's forms: where the person lives and their identity numbers (PAN,
// Aadhaar), the same fields, words and body values in both.
import { useQuery } from '@tanstack/react-query';
import { citiesQuery, statesQuery } from '../../../api/geo';
import { SelectField, TextField } from '../../../ui/form';
import type { OperationForm } from './useOperationForm';
import { chosenId } from './values';

/** Trimmed text, or null for an optional field left empty. */
export const orNull = (s: string) => (s.trim() ? s.trim() : null);

export interface AddressValues {
  stateId: string;
  cityId: string;
  pinCode: string;
  addressLine1: string;
  addressLine2: string;
}

export interface KycValues {
  panNumber: string;
  aadharNumber: string;
}

/** What a stored person says of their address and numbers (a professional's or a vendor's detail). */
interface StoredPerson {
  stateId: number;
  cityId: number;
  pinCode: string;
  addressLine1: string;
  addressLine2?: string | null;
  panNumber: string;
  aadharNumber: string;
  aadharMasked?: boolean;
  aadharLast4?: string | null;
}

export const ADDRESS_LABELS: Record<keyof AddressValues, string> = {
  stateId: 'State',
  cityId: 'City',
  pinCode: 'Pincode',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
};

export const KYC_LABELS: Record<keyof KycValues, string> = { panNumber: 'PAN', aadharNumber: 'Aadhaar number' };

/** The form's address and numbers of a stored person (empty for a new one). */
export const personValuesOf = (p: StoredPerson | undefined): AddressValues & KycValues => ({
  stateId: p ? String(p.stateId) : '',
  cityId: p ? String(p.cityId) : '',
  pinCode: p?.pinCode ?? '',
  addressLine1: p?.addressLine1 ?? '',
  addressLine2: p?.addressLine2 ?? '',
  panNumber: p?.panNumber ?? '',
  // The full number comes only to the admin and HR; a masked one is never sent back.
  aadharNumber: p && !p.aadharMasked ? p.aadharNumber : '',
});

/** The body's address and numbers; an unchosen state or city sends no field (the schema: "is required"). */
export const personBodyOf = (v: AddressValues & KycValues) => ({
  stateId: chosenId(v.stateId),
  cityId: chosenId(v.cityId),
  pinCode: v.pinCode.trim(),
  addressLine1: v.addressLine1.trim(),
  addressLine2: orNull(v.addressLine2),
  panNumber: v.panNumber.replace(/\s+/g, '').toUpperCase(),
  aadharNumber: v.aadharNumber.replace(/[\s-]+/g, ''),
});

/** State, then a city of that state, the pincode and the two address lines. */
export function AddressFields<V extends AddressValues>({
  form,
  pinCodeHint,
}: {
  form: OperationForm<V>;
  pinCodeHint?: string;
}) {
  const v = form.values;
  const states = useQuery(statesQuery());
  const cities = useQuery(citiesQuery(Number(v.stateId) || 0));
  return (
    <>
      <SelectField
        {...form.field('stateId')}
        placeholder={states.isLoading ? 'Loading states…' : 'Choose a state'}
        options={(states.data ?? []).map((st) => ({ value: String(st.id), label: st.name }))}
        value={v.stateId}
        onChange={(e) => {
          form.set('stateId', e.target.value as V['stateId']);
          form.set('cityId', '' as V['cityId']);
        }}
      />
      <SelectField
        {...form.field('cityId')}
        placeholder={!v.stateId ? 'Choose a state first' : cities.isLoading ? 'Loading cities…' : 'Choose a city'}
        options={(cities.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={v.cityId}
        onChange={(e) => form.set('cityId', e.target.value as V['cityId'])}
        disabled={!v.stateId}
      />
      <TextField {...form.text('pinCode')} inputMode="numeric" autoComplete="off" hint={pinCodeHint} />
      <TextField {...form.text('addressLine1')} autoComplete="off" />
      <TextField {...form.text('addressLine2')} autoComplete="off" />
    </>
  );
}

/** PAN and Aadhaar; a stored Aadhaar shown masked must be typed again to save. */
export function KycFields<V extends KycValues>({ form, stored }: { form: OperationForm<V>; stored?: StoredPerson }) {
  return (
    <>
      <TextField {...form.text('panNumber')} autoComplete="off" hint="5 letters, 4 digits, 1 letter, e.g. ABCDE1234F" />
      <TextField
        {...form.text('aadharNumber')}
        inputMode="numeric"
        autoComplete="off"
        hint={stored?.aadharMasked ? `Ends in ${stored.aadharLast4}; type the full number again to save.` : '12 digits'}
      />
    </>
  );
}
