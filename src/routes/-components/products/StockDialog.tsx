// Receive stock or adjust it with a reason (Vendor/AddStockMovement): the movement goes into the stock ledger; the
// server refuses anything that would take stock below zero or below the units held for requests.
import { useState } from 'react';
import { addStockMovement, type Product } from '../../../api/products';
import { newIdempotencyKey } from '../../../api/wallets';
import { Dialog } from '../../../ui';
import { NumberField, SelectField, TextField } from '../../../ui/form';
import { OperationForm, typedNumber, useOperationForm } from '../form';

export interface StockDialogProps {
  product: Product | null;
  onClose(): void;
}

const KINDS = [
  { value: 'received', label: 'Receive stock (a delivery)' },
  { value: 'adjusted', label: 'Adjust (a count, damage, a mistake)' },
];

export function StockDialog({ product, onClose }: StockDialogProps) {
  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={product ? `Stock of ${product.productName}` : 'Stock'}
      description={
        product
          ? `${product.onHand} on hand, ${product.reserved} held for requests, ${product.available} free.`
          : undefined
      }
    >
      {product ? <StockForm key={product.id} product={product} onDone={onClose} /> : null}
    </Dialog>
  );
}

function StockForm({ product, onDone }: { product: Product; onDone(): void }) {
  // One key per opened dialog: a double click or a retry after a lost answer records the movement once.
  const [key] = useState(newIdempotencyKey);
  const form = useOperationForm({
    operation: 'addStockMovement',
    initial: { kind: 'received' as 'received' | 'adjusted', quantity: '', reason: '' },
    labels: { kind: 'Movement', quantity: 'Quantity', reason: 'Reason' },
    alias: { productId: 'quantity' },
    toBody: (v) => ({
      productId: product.id,
      kind: v.kind,
      quantity: typedNumber(v.quantity),
      ...(v.reason.trim() ? { reason: v.reason.trim() } : {}),
    }),
    precheck: (v) =>
      v.kind === 'adjusted' && v.reason.trim().length < 3
        ? { reason: 'Say why the stock changes (at least 3 characters)' }
        : {},
    send: (body) => addStockMovement(body, key),
    onSaved: onDone,
  });
  const kind = form.values.kind;
  return (
    <OperationForm form={form} label={`Stock movement of ${product.productName}`} submitLabel="Save movement">
      <SelectField
        {...form.field('kind')}
        options={KINDS}
        value={form.values.kind}
        onChange={(e) => form.set('kind', e.target.value as 'received' | 'adjusted')}
      />
      <NumberField
        {...form.text('quantity')}
        inputMode="numeric"
        hint={
          kind === 'received'
            ? 'Units delivered to the store.'
            : `Units more (+) or fewer (−) than the ledger says; at most −${product.onHand - product.reserved} (the free units).`
        }
      />
      <TextField
        {...form.text('reason')}
        required={kind === 'adjusted'}
        fullWidth
        placeholder={kind === 'received' ? 'Supplier invoice number (optional)' : 'Monthly count: 2 cartons damaged'}
      />
    </OperationForm>
  );
}
