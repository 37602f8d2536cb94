// Shared by the professional's query cards and the admin's query dialog: one form answers a customer's query
// (ResponseCustomerQuery), in the same words for both.
import { type CustomerQuery, responseCustomerQuery } from '../../../api/queries';
import { Button } from '../../../ui';
import { Form, FormActions, FormErrorSummary, TextArea } from '../../../ui/form';
import { useOperationForm } from '../form';

export interface AnswerQueryFormProps {
  q: CustomerQuery;
  /** The form's accessible name. */
  formLabel: string;
  /** The answer field's label. */
  fieldLabel: string;
  rows: number;
  onCancel(): void;
  /** The query as the server has it after the answer. */
  onSaved(answered: CustomerQuery): void;
}

export function AnswerQueryForm({ q, formLabel, fieldLabel, rows, onCancel, onSaved }: AnswerQueryFormProps) {
  const form = useOperationForm({
    operation: 'responseCustomerQuery',
    initial: { QueryAns: '' },
    labels: { QueryAns: fieldLabel },
    toBody: (v) => ({ QueryAns: v.QueryAns.trim() }),
    send: (body) => responseCustomerQuery(q.id, body),
    onSaved: (reply) => onSaved(reply.data),
  });
  return (
    <Form onSubmit={form.submit} aria-label={formLabel}>
      <FormErrorSummary errors={form.errors} />
      <TextArea
        {...form.text('QueryAns')}
        rows={rows}
        hint="The customer sees it in My account and is notified."
        fullWidth
      />
      <FormActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={form.busy}>
          Send answer
        </Button>
      </FormActions>
    </Form>
  );
}
