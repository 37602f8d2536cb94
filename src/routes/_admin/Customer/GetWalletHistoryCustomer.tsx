import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Alert, Button, buttonClassName, Card, formatRupees, PageHeader } from '../../../ui';
import { Form, FormActions, TextField } from '../../../ui/form';
import { validateHistorySearch } from '../../-components/wallet/historySearch';
import { useWalletHistory, WalletHistoryTable } from '../../-components/wallet/WalletHistory';
import * as w from '../../-components/wallet/wallet.css';
import * as s from '../-components/admin.css';
import { CustomerBalanceDialog } from './-components/CustomerBalanceDialog';

const MOBILE = /^[6-9]\d{9}$/;

export const Route = createFileRoute('/_admin/Customer/GetWalletHistoryCustomer')({
  head: () => ({ meta: [{ title: 'Customer wallet history · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>) => ({
    ...validateHistorySearch(raw),
    ...(typeof raw.mobile === 'string' || typeof raw.mobile === 'number'
      ? MOBILE.test(String(raw.mobile))
        ? { mobile: String(raw.mobile) }
        : {}
      : {}),
  }),
  component: GetWalletHistoryCustomer,
});

function GetWalletHistoryCustomer() {
  const { mobile = '' } = Route.useSearch();
  const history = useWalletHistory({ kind: 'customer', mobileNo: mobile });
  const [editing, setEditing] = useState(false);
  const data = history.query.data;
  const owner = data?.owner;

  return (
    <div className={s.page}>
      <PageHeader
        title={owner ? `Wallet of ${owner.fullName}` : 'Customer wallet history'}
        description={owner ? `Mobile ${owner.mobileNo}` : 'One customer’s wallet: balance and every movement.'}
        actions={
          <Link to="/Customer/CustomerList" className={buttonClassName({ variant: 'secondary' })}>
            User management
          </Link>
        }
      />
      <MobileLookup key={mobile} mobile={mobile} />
      {mobile && history.query.error && !data ? <Alert tone="danger">{history.query.error.message}</Alert> : null}
      {owner && data ? (
        <>
          <Card
            title="Balance"
            actions={
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Update balance
              </Button>
            }
          >
            <p className={w.balance}>{formatRupees(data.balance)}</p>
          </Card>
          <Card title="History">
            <WalletHistoryTable
              history={history}
              caption={`Wallet history of ${owner.fullName}`}
              fileName={`wallet-${owner.mobileNo}`}
            />
          </Card>
          <CustomerBalanceDialog
            customer={{ fullName: owner.fullName, mobileNo: owner.mobileNo }}
            open={editing}
            onOpenChange={setEditing}
          />
        </>
      ) : mobile && history.query.isPending ? (
        <p className={w.muted}>Loading…</p>
      ) : null}
    </div>
  );
}

/** Which customer: their mobile number goes into the address (?mobile=), so the page can be shared and reloaded. */
function MobileLookup({ mobile }: { mobile: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(mobile);
  const [error, setError] = useState<string>();
  return (
    <Card title="Customer">
      <Form
        aria-label="Find a customer"
        onSubmit={() => {
          const value = text.trim();
          if (!MOBILE.test(value)) return setError('Mobile number must be 10 digits starting with 6, 7, 8 or 9');
          setError(undefined);
          void navigate({ to: '/Customer/GetWalletHistoryCustomer', search: { mobile: value } });
        }}
      >
        <TextField
          label="Mobile number"
          name="mobile"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={error}
          required
        />
        <FormActions>
          <Button type="submit">Show wallet</Button>
        </FormActions>
      </Form>
    </Card>
  );
}
