import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button, buttonClassName } from '../../../ui';
import { Form, FormActions, FormErrorSummary } from '../../../ui/form';
import * as s from './OperationForm.css';
import type { OperationForm as Kit } from './useOperationForm';

export interface OperationFormProps<V extends object> {
  form: Kit<V>;
  /** The form's accessible name ("Add category", "Change Plumbing"). */
  label: string;
  submitLabel: string;
  /** Where Cancel goes; without it there is no Cancel. */
  cancelTo?: LinkProps['to'];
  /** Something else beside the submit button. */
  secondaryAction?: ReactNode;
  /**
   * For a change form that sends only what differs: true while the values equal what is stored. The submit button
   * waits (disabled), the form says "Nothing changed" and nothing is sent. Leave it out for forms that always send.
   */
  nothingChanged?: boolean;
  children: ReactNode;
}

/** A form of the kit: the error summary, its fields, then Cancel and a submit button that shows the busy state. */
export function OperationForm<V extends object>({
  form,
  label,
  submitLabel,
  cancelTo,
  secondaryAction,
  nothingChanged,
  children,
}: OperationFormProps<V>) {
  return (
    // An empty change never reaches the server (it would only answer that the body needs a field).
    <Form onSubmit={nothingChanged ? () => undefined : form.submit} aria-label={label}>
      <FormErrorSummary errors={form.errors} />
      {children}
      <FormActions>
        {nothingChanged === undefined ? null : (
          <span role="status" className={s.unchanged}>
            {nothingChanged ? 'Nothing changed' : ''}
          </span>
        )}
        {cancelTo ? (
          <Link to={cancelTo} className={buttonClassName({ variant: 'secondary' })}>
            Cancel
          </Link>
        ) : null}
        {secondaryAction}
        <Button type="submit" loading={form.busy} disabled={nothingChanged}>
          {submitLabel}
        </Button>
      </FormActions>
    </Form>
  );
}
