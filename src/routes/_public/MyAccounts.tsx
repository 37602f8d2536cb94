import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useLiveUpdates } from '../../api/live';
import { sessionUser, useSession } from '../../api/session';
import { PageHeader, Tabs } from '../../ui';
import { AddressesTab } from '../-components/account/AddressesTab';
import { FavouritesTab } from '../-components/account/FavouritesTab';
import { OrdersTab } from '../-components/account/OrdersTab';
import { validateOrdersSearch } from '../-components/account/ordersSearch';
import { QueriesTab } from '../-components/account/QueriesTab';
import { validateQueryLine } from '../-components/account/queriesSearch';
import { ReferralsTab } from '../-components/account/ReferralsTab';
import { ACCOUNT_TABS, type AccountTab, validateAccountTab } from '../-components/account/tabs';
import { WalletTab } from '../-components/account/WalletTab';
import { ACCOUNT as W } from '../-components/account/words';
import { NotForStaff } from '../-components/CustomersOnly';
import * as st from '../-components/storefront/storefront.css';
import { validateHistorySearch, validateReturnSearch } from '../-components/wallet/historySearch';
import * as s from '../-components/wallet/wallet.css';

export const Route = createFileRoute('/_public/MyAccounts')({
  head: () => ({ meta: [{ title: 'My account · Doorstep' }] }),
  // The provider returns a customer's top-up here with ?UID=<our order id>.
  validateSearch: (raw: Record<string, unknown>) => ({
    ...validateAccountTab(raw.tab),
    ...validateHistorySearch(raw),
    ...validateReturnSearch(raw),
    ...validateOrdersSearch(raw),
    ...validateQueryLine(raw),
  }),
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
        <PageHeader title={W.title} />
        <NotForStaff role={user.Role} words={W} />
      </div>
    );
  }
  return <CustomerAccount fullName={user.FullName} mobileNo={user.MobileNo} email={user.Email} />;
}

function CustomerAccount({ fullName, mobileNo, email }: { fullName: string; mobileNo: string; email: string | null }) {
  // The orders and queries tabs follow assignments, completions and answers live (decision 015).
  useLiveUpdates();
  const { UID, tab = 'wallet', line, list, opage } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const content: Record<AccountTab, ReactNode> = {
    orders: <OrdersTab list={list} page={opage} />,
    wallet: <WalletTab mobileNo={mobileNo} uid={UID} />,
    addresses: <AddressesTab />,
    favourites: <FavouritesTab />,
    queries: <QueriesTab line={line} />,
    referrals: <ReferralsTab />,
  };
  return (
    <div className={st.page}>
      <div className={s.page}>
        <PageHeader title={W.title} description={W.who(fullName, mobileNo, email)} />
        <Tabs
          label={W.title}
          value={tab}
          onValueChange={(next) =>
            // A tab change starts the new tab's own list state afresh.
            navigate({ search: next === 'wallet' ? {} : { tab: next as AccountTab } })
          }
          tabs={ACCOUNT_TABS.map((value) => ({ value, label: W.tabs[value], content: content[value] }))}
        />
      </div>
    </div>
  );
}
