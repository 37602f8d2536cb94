/**
 * The marketing domain's door: home-screen advertisements, subscription plans, referrals and the marketing dashboard.
 * Other domains, the handler table and the seeds import only this file (docs/architecture.md).
 * It may use the doors of platform, catalogue, money; never a domain listed after it.
 */
import type { Handlers } from '../../http';
import { homeScreenAdHandlers } from './homeScreenAds/routes';
import { marketingDashboardHandlers } from './marketingDashboard/routes';
import { referralHandlers } from './referrals/routes';
import { subscriptionHandlers } from './subscriptions/routes';

export { couponTerms } from './homeScreenAds/repo';
export * as homeScreenAds from './homeScreenAds/service';
export * as referrals from './referrals/service';
export { backdateSignupForSeed, setCost } from './referrals/service';
export * as subscriptions from './subscriptions/service';

/** Every operation of the marketing domain, by operationId. */
export const handlers: Handlers = {
  ...homeScreenAdHandlers,
  ...marketingDashboardHandlers,
  ...referralHandlers,
  ...subscriptionHandlers,
};
