import { useState } from 'react';
import { adminPayForVendorWallet, newIdempotencyKey } from '../../../../api/wallets';
import { Button, Dialog } from '../../../../ui';
import { NumberField, SelectField, TextArea, TextField } from '../../../../ui/form';
import { OperationForm, typedNumber, useOperationForm } from '../../../-components/form';
import { WALLET_ACTIONS } from '../../Customer/-components/CustomerBalanceDialog';

interface Props {
  /** The vendor picked from the list (sent by id); null: the form asks for the vendor's phone. */
  vendor: { id: number; fullName: string } | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** AdminPayForVendorWallet as a dialog: a top-up (credit) or a correction (debit), with its reason. */
export function VendorWalletDialog({ vendor, open, onOpenChange }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={vendor ? `Top up or adjust ${vendor.fullName}` : 'Top up a vendor by phone'}
      description="The movement and its reason are kept in the vendor's wallet history. A debit cannot take the wallet below zero."
    >
      {/* Mounted per opening: a fresh form and a fresh idempotency key each time. */}
      {open ? <VendorWalletForm vendor={vendor} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function VendorWalletForm({ vendor, onDone }: { vendor: Props['vendor']; onDone(): void }) {
  const [key] = useState(newIdempotencyKey);
  const form = useOperationForm({
    operation: 'adminPayForVendorWallet',
    initial: { Phone: '', Amount: '', Action: 'Credit', Remark: '' },
    labels: { Phone: 'Vendor phone', Amount: 'Amount', Action: 'Credit or debit', Remark: 'Reason' },
    toBody: (v) => ({
      ...(vendor ? { id: vendor.id } : { Phone: v.Phone.trim() }),
      Amount: typedNumber(v.Amount),
      Action: v.Action as 'Credit' | 'Debit',
      Remark: v.Remark.trim(),
    }),
    // Neither id nor Phone is required by the schema alone (one of them is): say so on the field.
    precheck: (v): Partial<Record<'Phone', string>> =>
      !vendor && !v.Phone.trim() ? { Phone: 'Vendor phone must not be empty' } : {},
    send: (body) => adminPayForVendorWallet(body, key),
    onSaved: onDone,
  });
  return (
    <OperationForm
      form={form}
      label="Top up or adjust a vendor wallet"
      submitLabel="Save"
      secondaryAction={
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      }
    >
      {vendor ? null : <TextField {...form.text('Phone')} required inputMode="numeric" autoComplete="off" />}
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
