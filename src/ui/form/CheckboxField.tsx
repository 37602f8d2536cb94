import { forwardRef, type InputHTMLAttributes } from 'react';
import { describedBy, FieldMessages, RequiredMark, useFieldIds } from './Field';
import * as s from './form.css';
import type { FieldBaseProps } from './TextField';

export type CheckboxFieldProps = FieldBaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type'>;

/** A checkbox with its label beside it (clicking the label toggles it). */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, name, error, hint, fullWidth, id, className, required, ...input },
  ref,
) {
  const ids = useFieldIds(name, id);
  return (
    <div className={fullWidth ? `${s.field} ${s.fullWidth}` : s.field}>
      <div className={s.checkboxRow}>
        <input
          {...input}
          type="checkbox"
          ref={ref}
          id={ids.id}
          name={name}
          required={required}
          className={className ? `${s.checkbox} ${className}` : s.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && ids.hintId, error && ids.errorId, input['aria-describedby'])}
        />
        <label htmlFor={ids.id} className={s.checkboxLabel}>
          {label}
          <RequiredMark required={required} />
        </label>
      </div>
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  );
});
