import { createFileRoute } from '@tanstack/react-router';
import { accountWalletHistoryQuery } from '../../../api/wallets';
import { Alert, Card, formatRupees, StatCard, StatGrid } from '../../../ui';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { Counts, ProfileCard } from '../../-components/Dashboard';
import { PayrollFigures } from '../../-components/payroll/PayrollFigures';
import { historyStateOf, validateHistorySearch } from '../../-components/wallet/historySearch';
import { useWalletHistory, WalletHistoryTable } from '../../-components/wallet/WalletHistory';
import * as s from '../../-components/wallet/wallet.css';

export const Route = createFileRoute('/_accountant/Dashboard/AccountDashboard')({
  head: () => ({ meta: [{ title: 'Accounts dashboard · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>) => validateHistorySearch(raw),
  loaderDeps: ({ search }) => historyStateOf(search),
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(accountWalletHistoryQuery(deps)),
  component: AccountDashboard,
});

function AccountDashboard() {
  const history = useWalletHistory({ kind: 'account' });
  const data = history.query.data;
  const figure = (n: number | undefined) => (n === undefined ? '…' : formatRupees(n));
  return (
    <StaffPage
      title="Accounts dashboard"
      related={{ to: '/PayModule/EmployeeSalaryList', label: 'Pay salaries' }}
      add={{ to: '/Accountant/AccountantWallet', label: 'Add balance' }}
      className={s.page}
    >
      {history.query.error && !data ? <Alert tone="danger">{history.query.error.message}</Alert> : null}
      <StatGrid label="Account wallet">
        <StatCard label="Account wallet balance" value={figure(data?.balance)} />
        <StatCard label="Credited this month" value={figure(data?.monthCredits)} hint="since the 1st, India time" />
        <StatCard label="Debited this month" value={figure(data?.monthDebits)} hint="since the 1st, India time" />
      </StatGrid>
      <PayrollFigures details={false} />
      <Card title="Account wallet history">
        <WalletHistoryTable
          history={history}
          caption="Account wallet history"
          fileName="account-wallet-history"
          emptyMessage="No money recorded yet."
        />
      </Card>
      <Counts />
      <ProfileCard />
    </StaffPage>
  );
}
