// A wallet's own page (the vendor's /Wallet/WalletBalanceOfVendor, the customer's /MyAccounts): its balance, the
// top-up, and its history, the same three cards on both.
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, formatDateTime, formatRupees } from '../../../ui';
import { LoadFailure } from '../Loaded';
import { type ReturnPage, TopUpInline } from './TopUp';
import { type useWalletHistory, WalletHistoryTable } from './WalletHistory';
import * as s from './wallet.css';
import { WALLET } from './words';

interface Props {
  balance: UseQueryResult<{ balance: number; asOf: string | null }, Error>;
  returnTo: ReturnPage;
  history: ReturnType<typeof useWalletHistory>;
  balanceTitle: string;
  historyTitle: string;
}

export function WalletPanels({ balance, returnTo, history, balanceTitle, historyTitle }: Props) {
  return (
    <>
      <Card title={balanceTitle}>
        <LoadFailure query={balance} />
        {balance.error && !balance.data ? null : (
          <>
            <p className={s.balance} aria-live="polite">
              {balance.data ? formatRupees(balance.data.balance) : WALLET.loading}
            </p>
            {balance.data?.asOf ? (
              <p className={s.muted}>{WALLET.lastMovement(formatDateTime(balance.data.asOf))}</p>
            ) : null}
          </>
        )}
      </Card>
      <Card title={WALLET.addMoney}>
        <TopUpInline returnTo={returnTo} />
      </Card>
      <Card title={historyTitle}>
        <WalletHistoryTable history={history} caption={WALLET.history} fileName="my-wallet-history" />
      </Card>
    </>
  );
}
