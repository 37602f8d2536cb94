import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '../../../api/session';
import { myBalanceQuery } from '../../../api/wallets';
import { PageHeader } from '../../../ui';
import { validateHistorySearch, validateReturnSearch } from '../../-components/wallet/historySearch';
import { TopUpReturnStatus, useTopUpReturn } from '../../-components/wallet/TopUp';
import { useWalletHistory } from '../../-components/wallet/WalletHistory';
import { WalletPanels } from '../../-components/wallet/WalletPanels';
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
      <WalletPanels
        balance={balance}
        returnTo="WalletBalanceOfVendor"
        history={history}
        balanceTitle="Balance"
        historyTitle="History"
      />
    </div>
  );
}
