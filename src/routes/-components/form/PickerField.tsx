// A form's one id chosen from a picker's server matches (a service's category, a discount's plan, a professional's
// vendor): the field's name, label and error from the form, the options and search from the picker.
import type { ReactNode } from 'react';
import { SearchSelectField, type SelectOption, type ServerSearch } from '../../../ui/form';
import type { OperationForm } from './useOperationForm';

/** The form fields that hold one id (as text, '' for none). */
export type IdKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export interface PickerFieldProps<V extends object> {
  form: OperationForm<V>;
  name: IdKey<V>;
  picker: { options: SelectOption[]; search: ServerSearch };
  placeholder: string;
  hint?: ReactNode;
  /** Where the form asks for it although the contract does not (the body is built from the choice). */
  required?: boolean;
  disabled?: boolean;
  /** The fields chosen within this choice (a category's sub-category), emptied when it changes. */
  clears?: IdKey<V>[];
}

export function PickerField<V extends object>({
  form,
  name,
  picker,
  clears = [],
  required,
  ...props
}: PickerFieldProps<V>) {
  const { onChange, ...field } = form.control(name);
  return (
    <SearchSelectField
      {...field}
      {...props}
      required={required ?? field.required}
      value={field.value as string}
      options={picker.options}
      search={picker.search}
      onChange={(id) => {
        onChange(id as V[typeof name]);
        for (const inside of clears) form.set(inside, '' as V[typeof inside]);
      }}
    />
  );
}
