import { useState } from 'react';
import { newIdempotencyKey, updateCustomerWalletBalance } from '../../../../api/wallets';
import { Button, Dialog } from '../../../../ui';
import { NumberField, SelectField, TextArea, TextField } from '../../../../ui/form';
import { OperationForm, typedNumber, useOperationForm } from '../../../-components/form';

export const WALLET_ACTIONS = [
  { value: 'Credit', label: 'Credit (add money)' },
  { value: 'Debit', label: 'Debit (take money)' },
];

interface Props {
  /** The customer whose wallet changes; without one, the form asks for a mobile number. */
  customer: { fullName: string; mobileNo: string } | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** UpdateCustomerWalletBalance as a dialog: amount, credit or debit, and the reason kept with the movement. */
export function CustomerBalanceDialog({ customer, open, onOpenChange }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={customer ? `Update balance of ${customer.fullName}` : 'Update a customer balance'}
      description="The movement and its reason are kept in the customer's wallet history. A debit cannot take the wallet below zero."
    >
      {/* Mounted per opening: a fresh form and a fresh idempotency key each time. */}
      {open ? <BalanceForm customer={customer} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function BalanceForm({ customer, onDone }: { customer: Props['customer']; onDone(): void }) {
  // One key per opened form: a double click or a retried request moves the money once.
  const [key] = useState(newIdempotencyKey);
  const form = useOperationForm({
    operation: 'updateCustomerWalletBalance',
    initial: { MobileNo: customer?.mobileNo ?? '', Amount: '', Action: 'Credit', Remark: '' },
    labels: { MobileNo: 'Mobile number', Amount: 'Amount', Action: 'Credit or debit', Remark: 'Reason' },
    toBody: (v) => ({
      MobileNo: v.MobileNo.trim(),
      Amount: typedNumber(v.Amount),
      Action: v.Action as 'Credit' | 'Debit',
      Remark: v.Remark.trim(),
    }),
    send: (body) => updateCustomerWalletBalance(body, key),
    onSaved: onDone,
  });
  return (
    <OperationForm
      form={form}
      label="Update balance"
      submitLabel="Update balance"
      secondaryAction={
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      }
    >
      <TextField {...form.text('MobileNo')} inputMode="numeric" autoComplete="off" readOnly={customer !== null} />
      <NumberField {...form.text('Amount')} prefix="₹" inputMode="decimal" autoComplete="off" />
      <SelectField
        {...form.field('Action')}
        options={WALLET_ACTIONS}
        value={form.values.Action}
        onChange={(e) => form.set('Action', e.target.value)}
      />
      <TextArea {...form.text('Remark')} rows={3} fullWidth />
    </OperationForm>
  );
}
