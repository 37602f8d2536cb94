import { TextField } from './TextField';
import type { UseForm } from './useForm';

/** The confirmation's mistake, if any: the one check of a new password no schema makes (the form's own field). */
export function confirmMismatch(password: string, confirm: string): { confirm?: string } {
  return confirm === password ? {} : { confirm: 'The passwords do not match' };
}

/** A new password and its confirmation (form field `confirm`), as on sign-up, reset and change of password. */
export function NewPasswordFields<T extends { confirm: string }, K extends keyof T & string>({
  form,
  field,
  label,
}: {
  /** An operation form's `rule` gives the contract's minimum, shown as the hint. */
  form: UseForm<T> & { rule?(name: K): { minLength?: number } };
  field: K;
  label: string;
}) {
  const minLength = form.rule?.(field).minLength;
  return (
    <>
      <TextField
        label={label}
        name={field}
        type="password"
        autoComplete="new-password"
        value={String(form.values[field])}
        onChange={(e) => form.set(field, e.target.value as T[K])}
        error={form.errors[field]}
        hint={minLength ? `At least ${minLength} characters` : undefined}
        required
      />
      <TextField
        label={`Confirm ${label.toLowerCase()}`}
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={form.values.confirm}
        onChange={(e) => form.set('confirm', e.target.value as T['confirm'])}
        error={form.errors.confirm}
        required
      />
    </>
  );
}
