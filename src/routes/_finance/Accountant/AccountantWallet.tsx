import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { accountWalletHistoryQuery, addMoneyToAccWallet, newIdempotencyKey } from '../../../api/wallets';
import { Card, formatRupees } from '../../../ui';
import { NumberField, TextArea, TextField } from '../../../ui/form';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { OperationForm, typedNumber, useOperationForm } from '../../-components/form';
import { LoadFailure } from '../../-components/Loaded';
import { historyStateOf, validateHistorySearch } from '../../-components/wallet/historySearch';
import { useWalletHistory, WalletHistoryTable } from '../../-components/wallet/WalletHistory';
import * as s from '../../-components/wallet/wallet.css';

export const Route = createFileRoute('/_finance/Accountant/AccountantWallet')({
  head: () => ({ meta: [{ title: 'Add balance · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>) => validateHistorySearch(raw),
  loaderDeps: ({ search }) => historyStateOf(search),
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(accountWalletHistoryQuery(deps)),
  component: AccountantWallet,
});

function AccountantWallet() {
  const history = useWalletHistory({ kind: 'account' });
  // A new form (and idempotency key) after each recorded payment.
  const [round, setRound] = useState(0);
  const data = history.query.data;
  return (
    <StaffPage
      title="Add balance"
      description="Record money paid into the company's bank: it is credited to the account wallet with its bank reference."
      className={s.page}
    >
      <Card title="Account wallet balance">
        {data ? (
          <p className={s.balance}>{formatRupees(data.balance)}</p>
        ) : history.query.error ? (
          <LoadFailure query={history.query} />
        ) : (
          <p className={s.muted}>Loading…</p>
        )}
      </Card>
      <Card title="Record a payment in">
        <AddMoneyForm key={round} onSaved={() => setRound((n) => n + 1)} />
      </Card>
      <Card title="History">
        <WalletHistoryTable
          history={history}
          caption="Account wallet history"
          fileName="account-wallet-history"
          emptyMessage="No money recorded yet."
        />
      </Card>
    </StaffPage>
  );
}

function AddMoneyForm({ onSaved }: { onSaved(): void }) {
  const [key] = useState(newIdempotencyKey);
  const form = useOperationForm({
    operation: 'addMoneyToAccWallet',
    initial: { TransAmount: '', BankReference: '', Remark: '' },
    labels: { TransAmount: 'Amount', BankReference: 'Bank reference', Remark: 'Remark' },
    toBody: (v) => ({
      Action: 'Credit' as const,
      TransAmount: typedNumber(v.TransAmount),
      BankReference: v.BankReference.trim(),
      ...(v.Remark.trim() ? { Remark: v.Remark.trim() } : {}),
    }),
    send: (body) => addMoneyToAccWallet(body, key),
    onSaved,
  });
  return (
    <OperationForm form={form} label="Record a payment in" submitLabel="Add balance">
      <NumberField {...form.text('TransAmount')} prefix="₹" inputMode="decimal" autoComplete="off" />
      <TextField
        {...form.text('BankReference')}
        autoComplete="off"
        hint="The UTR or cheque number: letters, digits, spaces, / _ -"
      />
      <TextArea {...form.text('Remark')} rows={3} fullWidth />
    </OperationForm>
  );
}
