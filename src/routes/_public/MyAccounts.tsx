import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { sessionUser, useSession } from '../../api/session';
import { customerBalanceQuery } from '../../api/wallets';
import { buttonClassName, EmptyState, PageHeader } from '../../ui';
import { DASHBOARD } from '../-components/roles';
import * as st from '../-components/storefront/storefront.css';
import { validateHistorySearch, validateReturnSearch } from '../-components/wallet/historySearch';
import { TopUpReturnStatus, useTopUpReturn } from '../-components/wallet/TopUp';
import { useWalletHistory } from '../-components/wallet/WalletHistory';
import { WalletPanels } from '../-components/wallet/WalletPanels';
import * as s from '../-components/wallet/wallet.css';

export const Route = createFileRoute('/_public/MyAccounts')({
  head: () => ({ meta: [{ title: 'My account · Doorstep' }] }),
  // The provider returns a customer's top-up here with ?UID=<our order id>.
  validateSearch: (raw: Record<string, unknown>) => ({ ...validateHistorySearch(raw), ...validateReturnSearch(raw) }),
  // A public-area page for signed-in people: anyone else signs in first and comes back.
  beforeLoad: ({ location }) => {
    if (!sessionUser()) throw redirect({ to: '/Auth', search: { redirect: location.href } });
  },
  component: MyAccounts,
});

function MyAccounts() {
  const user = useSession().context.user;
  if (!user) return null;
  if (user.Role !== 'Cust') {
    return (
      <div className={st.page}>
        <PageHeader title="My account" />
        <EmptyState
          title="This page is for customers"
          description="Staff, vendor and professional accounts are managed from their dashboard."
          action={
            <Link to={DASHBOARD[user.Role]} className={buttonClassName()}>
              Go to my dashboard
            </Link>
          }
        />
      </div>
    );
  }
  return <CustomerAccount fullName={user.FullName} mobileNo={user.MobileNo} email={user.Email} />;
}

function CustomerAccount({ fullName, mobileNo, email }: { fullName: string; mobileNo: string; email: string | null }) {
  const { UID } = Route.useSearch();
  const verification = useTopUpReturn(UID, 'MyAccounts');
  const balance = useQuery(customerBalanceQuery(mobileNo));
  const history = useWalletHistory({ kind: 'customer', mobileNo });
  return (
    <div className={st.page}>
      <div className={s.page}>
        <PageHeader title="My account" description={`${fullName} · ${mobileNo}${email ? ` · ${email}` : ''}`} />
        <TopUpReturnStatus {...verification} />
        <WalletPanels
          balance={balance}
          returnTo="MyAccounts"
          history={history}
          balanceTitle="Wallet balance"
          historyTitle="Wallet history"
        />
      </div>
    </div>
  );
}
