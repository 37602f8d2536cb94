import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { invalidateAfter } from '../../../api/invalidate';
import { type ReferralCost, setReferralCost } from '../../../api/referrals';
import { Button, toast } from '../../../ui';
import { Form, FormActions, FormErrorSummary, NumberField } from '../../../ui/form';

const LABEL = 'New referral cost';

/** The browser's check of what SetReferralCost takes: rupees from 0 to 10,000 with at most 2 decimals. */
export function costError(text: string): string | undefined {
  const v = text.trim();
  if (!v) return `${LABEL} is required`;
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return `${LABEL} must be an amount in rupees with at most 2 decimals`;
  if (Number(v) > 10000) return `${LABEL} must be at most 10000`;
  return undefined;
}

/**
 * Sets the referral cost (SetReferralCost: its amount is a query parameter, so this form checks it itself). A new
 * cost applies to people who sign up from now on; referrals already made keep theirs.
 */
export function ReferralCostForm({ current, onSaved }: { current: number; onSaved?(cost: ReferralCost): void }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    const mistake = costError(amount);
    setError(mistake);
    if (mistake) return;
    setBusy(true);
    try {
      const reply = await setReferralCost(Number(amount.trim()));
      await invalidateAfter(queryClient, 'setReferralCost');
      toast.success(reply.message || 'Referral cost set.');
      setAmount('');
      onSaved?.(reply.data);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setError(e.message);
      else if (e instanceof ApiError && e.errors.length) {
        setError(e.errors.map((x) => (x.field === 'ReferralCost' ? `${LABEL} ${x.message}` : x.message)).join('; '));
      } else toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form onSubmit={submit} aria-label="Set referral cost">
      <FormErrorSummary errors={error ? { referralCost: error } : {}} />
      <NumberField
        label={LABEL}
        name="referralCost"
        prefix="₹"
        inputMode="decimal"
        required
        placeholder={String(current || 100)}
        value={amount}
        error={error}
        onChange={(e) => {
          setAmount(e.target.value);
          setError(undefined);
        }}
        hint="Rupees, 0 to 10,000. Paid to the referrer's wallet when the customer they referred has their first visit completed. 0 pays nothing."
      />
      <FormActions>
        <Button type="submit" loading={busy}>
          Set cost
        </Button>
      </FormActions>
    </Form>
  );
}
