import { forwardRef, type SelectHTMLAttributes } from 'react';
import { describedBy, FieldShell, useFieldIds } from './Field';
import * as s from './form.css';
import type { FieldBaseProps } from './TextField';

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
  const ids = useFieldIds(name, id);
  return (
    <FieldShell
      ids={ids}
      label={label}
      required={required}
      hint={hint}
      error={error}
      className={fullWidth ? s.fullWidth : undefined}
    >
      <select
        {...select}
        ref={ref}
        id={ids.id}
        name={name}
        required={required}
        className={[s.control, s.select, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && ids.hintId, error && ids.errorId, select['aria-describedby'])}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
});
