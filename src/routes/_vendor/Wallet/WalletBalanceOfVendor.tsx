import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '../../../api/session';
import { myBalanceQuery } from '../../../api/wallets';
import { Alert, Card, formatDateTime, formatRupees, PageHeader } from '../../../ui';
import { validateHistorySearch, validateReturnSearch } from '../../-components/wallet/historySearch';
import { TopUpInline, TopUpReturnStatus, useTopUpReturn } from '../../-components/wallet/TopUp';
import { useWalletHistory, WalletHistoryTable } from '../../-components/wallet/WalletHistory';
import * as s from '../../-components/wallet/wallet.css';

export const Route = createFileRoute('/_vendor/Wallet/WalletBalanceOfVendor')({
  head: () => ({ meta: [{ title: 'My wallet · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>) => ({ ...validateHistorySearch(raw), ...validateReturnSearch(raw) }),
  loader: ({ context }) => context.queryClient.prefetchQuery(myBalanceQuery()),
  component: WalletBalanceOfVendor,
});

function WalletBalanceOfVendor() {
  const { UID } = Route.useSearch();
  const verification = useTopUpReturn(UID, 'WalletBalanceOfVendor');
  const me = useSession().context.user;
  const balance = useQuery(myBalanceQuery());
  // The vendor's own history: the server refuses any other id (x-owner).
  const history = useWalletHistory({ kind: 'vendor', id: me?.Id ?? 0 });

  return (
    <div className={s.page}>
      <PageHeader title="My wallet" description="Your wallet's balance, money you add, and every movement." />
      <TopUpReturnStatus {...verification} />
      <Card title="Balance">
        {balance.error ? (
          <Alert tone="danger">{balance.error.message}</Alert>
        ) : (
          <>
            <p className={s.balance} aria-live="polite">
              {balance.data ? formatRupees(balance.data.balance) : 'Loading…'}
            </p>
            {balance.data?.asOf ? <p className={s.muted}>Last movement {formatDateTime(balance.data.asOf)}</p> : null}
          </>
        )}
      </Card>
      <Card title="Add money">
        <TopUpInline returnTo="WalletBalanceOfVendor" />
      </Card>
      <Card title="History">
        <WalletHistoryTable history={history} caption="Wallet history" fileName="my-wallet-history" />
      </Card>
    </div>
  );
}
