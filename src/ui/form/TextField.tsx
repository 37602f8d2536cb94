import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { type FieldBaseProps, FieldShell, useField } from './Field';
import * as s from './form.css';

export type { FieldBaseProps };

export type TextFieldProps = FieldBaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>;

/** A labelled text input with hint and error; every other input prop passes through. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, name, error, hint, fullWidth, id, className, required, ...input },
  ref,
) {
  const field = useField({ label, name, error, hint, fullWidth, id, required }, { last: input['aria-describedby'] });
  return (
    <FieldShell {...field.shell}>
      <input
        type="text"
        // What people type (names, addresses) keeps its own direction in a right-to-left page.
        dir="auto"
        {...input}
        ref={ref}
        {...field.control}
        className={className ? `${s.control} ${className}` : s.control}
      />
    </FieldShell>
  );
});

export type TextAreaProps = FieldBaseProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>;

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, name, error, hint, fullWidth, id, className, required, ...textarea },
  ref,
) {
  const field = useField({ label, name, error, hint, fullWidth, id, required }, { last: textarea['aria-describedby'] });
  return (
    <FieldShell {...field.shell}>
      <textarea
        rows={4}
        dir="auto"
        {...textarea}
        ref={ref}
        {...field.control}
        className={[s.control, s.textarea, className].filter(Boolean).join(' ')}
      />
    </FieldShell>
  );
});
