// A form's list of ids chosen from a picker's server matches (a person's zones, a professional's skills, a coupon's
// services): the field's name, label and error from the form, the options and search from the picker.
import type { ReactNode } from 'react';
import { MultiSelectField, type SelectOption, type ServerSearch } from '../../../ui/form';
import type { OperationForm } from './useOperationForm';

/** The form fields that hold a list of ids. */
type ListKey<V> = { [K in keyof V]: V[K] extends string[] ? K : never }[keyof V] & string;

export function PickerListField<V extends object>({
  form,
  name,
  picker,
  hint,
  fullWidth,
}: {
  form: OperationForm<V>;
  name: ListKey<V>;
  picker: { options: SelectOption[]; search: ServerSearch };
  hint?: ReactNode;
  fullWidth?: boolean;
}) {
  return (
    <MultiSelectField
      {...form.field(name)}
      fullWidth={fullWidth}
      options={picker.options}
      search={picker.search}
      value={form.values[name] as string[]}
      onChange={(next) => form.set(name, next as V[typeof name])}
      hint={hint}
    />
  );
}
