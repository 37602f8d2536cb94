/** The tabs of /MyAccounts, in order; `?tab=` names one (wallet when absent, so top-up returns land there). */
export const ACCOUNT_TABS = ['orders', 'wallet', 'addresses', 'favourites', 'queries', 'referrals'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];
// Their names are in ./words.ts (ACCOUNT.tabs): this file runs in the entry chunk (validateSearch), the words do not.

export function validateAccountTab(raw: unknown): { tab?: AccountTab } {
  return typeof raw === 'string' && (ACCOUNT_TABS as readonly string[]).includes(raw) && raw !== 'wallet'
    ? { tab: raw as AccountTab }
    : {};
}
