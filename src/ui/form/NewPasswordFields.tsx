import { TextField } from './TextField';
import type { UseForm } from './useForm';

/** The server's minimum (openapi.yaml Password schema). */
const MIN_PASSWORD_LENGTH = 8;

/** Adds the errors of a new password `field` and its `confirm` to `errors`. */
export function checkNewPassword(errors: Record<string, string>, field: string, password: string, confirm: string) {
  if (password.length < MIN_PASSWORD_LENGTH) errors[field] = `Use at least ${MIN_PASSWORD_LENGTH} characters`;
  if (confirm !== password) errors.confirm = 'The passwords do not match';
}

/** A new password and its confirmation (form field `confirm`), as on sign-up, reset and change of password. */
export function NewPasswordFields<T extends { confirm: string }, K extends keyof T & string>({
  form,
  field,
  label,
}: {
  form: UseForm<T>;
  field: K;
  label: string;
}) {
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
        hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
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
