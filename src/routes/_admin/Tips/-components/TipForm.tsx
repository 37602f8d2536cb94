import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../../../api/client';
import { invalidateAfter } from '../../../../api/invalidate';
import { addTip, type Tip, updateTip } from '../../../../api/tips';
import { Button, buttonClassName, toast } from '../../../../ui';
import { Form, FormActions, FormErrorSummary, NumberField } from '../../../../ui/form';

const LABEL = 'Tip amount';

/** The browser's check of what CrudTipsManage takes: whole rupees from 1 to 1,00,000 (the server says the same). */
function amountError(text: string): string | undefined {
  if (!text.trim()) return `${LABEL} is required`;
  const n = Number(text.trim());
  if (!Number.isFinite(n) || !/^\d+(\.\d+)?$/.test(text.trim())) return `${LABEL} must be a whole number`;
  if (!Number.isInteger(n)) return `${LABEL} must be a whole number`;
  if (n < 1) return `${LABEL} must be at least 1`;
  if (n > 100000) return `${LABEL} must be at most 100000`;
  return undefined;
}

export interface TipFormProps {
  /** The tip to change; without it the form adds one. */
  tip?: Tip;
  onSaved(tip: Tip): void;
}

/** Add or change a tip amount (CrudTipsManage: its amount is a query parameter, so this form checks it itself). */
export function TipForm({ tip, onSaved }: TipFormProps) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(tip ? String(tip.amount) : '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    const mistake = amountError(amount);
    setError(mistake);
    if (mistake) return;
    setBusy(true);
    try {
      const value = Number(amount.trim());
      const reply = tip ? await updateTip(tip.id, value) : await addTip(value);
      await invalidateAfter(queryClient, 'crudTipsManage');
      toast.success(reply.message || 'Tip saved.');
      onSaved(reply.data);
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) {
        setError(e.errors.map((x) => (x.field === 'TipAmnt' ? `${LABEL} ${x.message}` : x.message)).join('; '));
        // A 409's message is a whole sentence ("A tip of ₹50 already exists."), not a field rule.
        if (e.status === 409) setError(e.message);
      } else {
        toast.error((e as Error).message);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form onSubmit={submit} aria-label={tip ? 'Change tip' : 'Add tip'}>
      <FormErrorSummary errors={error ? { amount: error } : {}} />
      <NumberField
        label={LABEL}
        name="amount"
        prefix="₹"
        inputMode="numeric"
        required
        placeholder="50"
        value={amount}
        error={error}
        onChange={(e) => {
          setAmount(e.target.value);
          setError(undefined);
        }}
        hint="Whole rupees, 1 to 1,00,000. Customers pick one at checkout, or none; a tip is not taxed."
      />
      <FormActions>
        <Link to="/Tips/TipsList" className={buttonClassName({ variant: 'secondary' })}>
          Cancel
        </Link>
        <Button type="submit" loading={busy}>
          {tip ? 'Save changes' : 'Add tip'}
        </Button>
      </FormActions>
    </Form>
  );
}
