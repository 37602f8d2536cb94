import { forwardRef, type ReactNode } from 'react';
import { FieldShell, useField } from './Field';
import * as s from './form.css';
import type { TextFieldProps } from './TextField';

export type NumberFieldProps = Omit<TextFieldProps, 'type' | 'prefix'> & {
  /** Shown before the value inside the box, e.g. '₹'. */
  prefix?: ReactNode;
  /** Shown after the value inside the box, e.g. '%'. */
  suffix?: ReactNode;
};

/**
 * A text input with a numeric keyboard. Not type="number": that one changes on scroll, hides
 * partial input like "12." from React and cannot show a currency sign.
 */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  { label, name, error, hint, fullWidth, id, className, required, prefix, suffix, disabled, ...input },
  ref,
) {
  const field = useField({ label, name, error, hint, fullWidth, id, required }, { last: input['aria-describedby'] });
  // The adornments are decorative; the unit is added to the label for screen readers.
  const unit = [prefix, suffix].filter((a) => typeof a === 'string' && a).join(' ');
  return (
    <FieldShell {...field.shell} labelSuffix={unit ? <span className={s.visuallyHidden}> ({unit})</span> : null}>
      <div
        className={s.adorned}
        data-invalid={error ? 'true' : undefined}
        data-disabled={disabled ? 'true' : undefined}
      >
        {prefix ? (
          <span className={s.adornment} aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          inputMode="decimal"
          autoComplete="off"
          {...input}
          type="text"
          ref={ref}
          {...field.control}
          disabled={disabled}
          className={className ? `${s.adornedInput} ${className}` : s.adornedInput}
        />
        {suffix ? (
          <span className={s.adornment} aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </div>
    </FieldShell>
  );
});
