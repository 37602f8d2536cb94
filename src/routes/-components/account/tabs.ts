/** The tabs of /MyAccounts, in order; `?tab=` names one (wallet when absent, so top-up returns land there). */
export const ACCOUNT_TABS = ['orders', 'wallet', 'addresses', 'favourites', 'queries', 'referrals'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export const ACCOUNT_TAB_LABELS: Record<AccountTab, string> = {
  orders: 'Orders',
  wallet: 'Wallet',
  addresses: 'Addresses',
  favourites: 'Favourites',
  queries: 'Queries',
  referrals: 'Referrals',
};

export function validateAccountTab(raw: unknown): { tab?: AccountTab } {
  return typeof raw === 'string' && (ACCOUNT_TABS as readonly string[]).includes(raw) && raw !== 'wallet'
    ? { tab: raw as AccountTab }
    : {};
}
