import { useQuery } from '@tanstack/react-query';
import { customerBalanceQuery } from '../../../api/wallets';
import { TopUpReturnStatus, useTopUpReturn } from '../wallet/TopUp';
import { useWalletHistory } from '../wallet/WalletHistory';
import { WalletPanels } from '../wallet/WalletPanels';
import { WALLET } from '../wallet/words';
import { ACCOUNT } from './words';

/** /MyAccounts?tab=wallet: the customer's balance, top-up and history (decision 013). */
export function WalletTab({ mobileNo, uid }: { mobileNo: string; uid: string | undefined }) {
  const verification = useTopUpReturn(uid, 'MyAccounts');
  const balance = useQuery(customerBalanceQuery(mobileNo));
  const history = useWalletHistory({ kind: 'customer', mobileNo });
  return (
    <>
      <TopUpReturnStatus {...verification} />
      <WalletPanels
        balance={balance}
        returnTo="MyAccounts"
        history={history}
        balanceTitle={ACCOUNT.walletBalance}
        historyTitle={WALLET.history}
      />
    </>
  );
}
