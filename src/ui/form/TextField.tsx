import { forwardRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { describedBy, FieldShell, useFieldIds } from './Field';
import * as s from './form.css';

export interface FieldBaseProps {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** Span every column of the form grid. */
  fullWidth?: boolean;
}

export type TextFieldProps = FieldBaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>;

/** A labelled text input with hint and error; every other input prop passes through. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, name, error, hint, fullWidth, id, className, required, ...input },
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
      <input
        type="text"
        // What people type (names, addresses) keeps its own direction in a right-to-left page.
        dir="auto"
        {...input}
        ref={ref}
        id={ids.id}
        name={name}
        required={required}
        className={className ? `${s.control} ${className}` : s.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && ids.hintId, error && ids.errorId, input['aria-describedby'])}
      />
    </FieldShell>
  );
});

export type TextAreaProps = FieldBaseProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>;

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, name, error, hint, fullWidth, id, className, required, ...textarea },
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
      <textarea
        rows={4}
        dir="auto"
        {...textarea}
        ref={ref}
        id={ids.id}
        name={name}
        required={required}
        className={[s.control, s.textarea, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && ids.hintId, error && ids.errorId, textarea['aria-describedby'])}
      />
    </FieldShell>
  );
});
