import { forwardRef, type SelectHTMLAttributes } from 'react';
import { type FieldBaseProps, FieldShell, useField } from './Field';
import * as s from './form.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectFieldProps = FieldBaseProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'multiple'> & {
    options: SelectOption[];
    /** A first, empty-valued option such as 'Choose a city'. */
    placeholder?: string;
  };

/** A native <select>: the most accessible picker on every platform, including screen readers on phones. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, name, error, hint, fullWidth, id, className, required, options, placeholder, ...select },
  ref,
) {
  const field = useField({ label, name, error, hint, fullWidth, id, required }, { last: select['aria-describedby'] });
  return (
    <FieldShell {...field.shell}>
      <select
        {...select}
        ref={ref}
        {...field.control}
        className={[s.control, s.select, className].filter(Boolean).join(' ')}
      >
        <SelectOptions placeholder={placeholder} options={options} />
      </select>
    </FieldShell>
  );
});

/** A select's options, the placeholder first as the empty choice (also the searchable select's). */
export function SelectOptions({ placeholder, options }: { placeholder?: string; options: SelectOption[] }) {
  return (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </>
  );
}
