import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button, buttonClassName } from '../../../ui';
import { Form, FormActions, FormErrorSummary } from '../../../ui/form';
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
  children: ReactNode;
}

/** A form of the kit: the error summary, its fields, then Cancel and a submit button that shows the busy state. */
export function OperationForm<V extends object>({
  form,
  label,
  submitLabel,
  cancelTo,
  secondaryAction,
  children,
}: OperationFormProps<V>) {
  return (
    <Form onSubmit={form.submit} aria-label={label}>
      <FormErrorSummary errors={form.errors} />
      {children}
      <FormActions>
        {cancelTo ? (
          <Link to={cancelTo} className={buttonClassName({ variant: 'secondary' })}>
            Cancel
          </Link>
        ) : null}
        {secondaryAction}
        <Button type="submit" loading={form.busy}>
          {submitLabel}
        </Button>
      </FormActions>
    </Form>
  );
}
