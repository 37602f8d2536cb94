import { createContext, type ReactNode, useContext } from 'react';
import * as s from './form.css';

/**
 * Fields inside a <Form> get ids built from the form's prefix and their name, so that
 * FormErrorSummary can link to them without every caller passing ids around, and two forms
 * on one page (a dialog over a page) never share ids.
 */
export const FormIdContext = createContext('form');

/** The DOM id of a field: `${prefix}-${name}`. */
export function fieldId(prefix: string, name: string): string {
  return `${prefix}-${name}`;
}

export interface FieldIds {
  id: string;
  hintId: string;
  errorId: string;
}

/** Ids for a field: an explicit id wins, otherwise the form prefix plus the name. */
export function useFieldIds(name: string, explicitId?: string): FieldIds {
  const prefix = useContext(FormIdContext);
  const id = explicitId ?? fieldId(prefix, name);
  return { id, hintId: `${id}-hint`, errorId: `${id}-error` };
}

export interface FieldBaseProps {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** Span every column of the form grid. */
  fullWidth?: boolean;
}

/**
 * What a single-control field gives its FieldShell (`shell`) and its control (`control`: id, name, required and the
 * aria links to hint and error). `describe` adds ids read before (`first`) or after (`last`) the hint and error.
 */
export function useField(
  { label, name, error, hint, fullWidth, id, required }: FieldBaseProps & { id?: string; required?: boolean },
  describe: { first?: unknown; last?: unknown } = {},
) {
  const ids = useFieldIds(name, id);
  return {
    ids,
    shell: { ids, label, required, hint, error, className: fullWidth ? s.fullWidth : undefined },
    control: {
      id: ids.id,
      name,
      required,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(describe.first, hint && ids.hintId, error && ids.errorId, describe.last),
    },
  };
}

/** aria-describedby value joining hint, error and any caller-supplied ids. */
export function describedBy(...ids: unknown[]): string | undefined {
  // Takes `hint && hintId` style expressions, so anything that is not a non-empty string is skipped.
  const joined = ids.filter((x): x is string => typeof x === 'string' && x !== '').join(' ');
  return joined || undefined;
}

export interface FieldMessagesProps {
  ids: FieldIds;
  hint?: ReactNode;
  error?: string;
}

/** Hint and error lines under a control; the ids match the control's aria-describedby. */
export function FieldMessages({ ids, hint, error }: FieldMessagesProps) {
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className={s.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className={s.error}>
          {error}
        </p>
      ) : null}
    </>
  );
}

export function RequiredMark({ required }: { required?: boolean }) {
  // The input carries `required` itself, so screen readers announce it; the star is visual only.
  return required ? <span className={s.requiredMark} aria-hidden="true" /> : null;
}

export interface FieldShellProps {
  ids: FieldIds;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** Extra text read after the label (for example the unit of a NumberField). */
  labelSuffix?: ReactNode;
  children: ReactNode;
}

/** Label above, control, then hint and error: the layout every single-control field shares. */
export function FieldShell({ ids, label, required, hint, error, className, labelSuffix, children }: FieldShellProps) {
  return (
    <div className={className ? `${s.field} ${className}` : s.field}>
      <label htmlFor={ids.id} className={s.label}>
        {label}
        {labelSuffix}
        <RequiredMark required={required} />
      </label>
      {children}
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  );
}
