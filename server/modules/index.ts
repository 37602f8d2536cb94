import type { Handlers } from '../http';
import { addressHandlers } from './addresses/routes';
import { attendanceHandlers } from './attendance/routes';
import { authHandlers } from './auth/routes';
import { bannerHandlers } from './banners/routes';
import { callDeskHandlers } from './callDesk/routes';
import { cartHandlers } from './cart/routes';
import { catalogueHandlers } from './catalogue/routes';
import { dashboardHandlers } from './dashboard/routes';
import { dispatchHandlers } from './dispatch/routes';
import { favouriteHandlers } from './favourites/routes';
import { geoHandlers } from './geo/routes';
import { homeScreenAdHandlers } from './homeScreenAds/routes';
import { liveHandlers } from './live/routes';
import { marketingDashboardHandlers } from './marketingDashboard/routes';
import { notificationHandlers } from './notifications/routes';
import { orderLineHandlers } from './orderLines/routes';
import { orderHandlers } from './orders/routes';
import { packageHandlers } from './packages/routes';
import { paymentHandlers } from './payments/routes';
import { payrollHandlers } from './payroll/routes';
import { productRequestHandlers } from './productRequests/routes';
import { productHandlers } from './products/routes';
import { professionalJobHandlers } from './professionalJobs/routes';
import { professionalHandlers } from './professionals/routes';
import { queryHandlers } from './queries/routes';
import { ratingHandlers } from './ratings/routes';
import { recruitmentHandlers } from './recruitment/routes';
import { referralHandlers } from './referrals/routes';
import { subscriptionHandlers } from './subscriptions/routes';
import { taxHandlers } from './tax/routes';
import { tipHandlers } from './tips/routes';
import { vendorHandlers } from './vendors/routes';
import { walletHandlers } from './wallets/routes';

/** Every operation's handler, keyed by the operationId in openapi.yaml. */
export const handlers: Handlers = {
  ...authHandlers,
  ...attendanceHandlers,
  ...geoHandlers,
  ...liveHandlers,
  ...dashboardHandlers,
  ...catalogueHandlers,
  ...bannerHandlers,
  ...walletHandlers,
  ...paymentHandlers,
  ...cartHandlers,
  ...addressHandlers,
  ...queryHandlers,
  ...notificationHandlers,
  ...tipHandlers,
  ...taxHandlers,
  ...favouriteHandlers,
  ...orderLineHandlers,
  ...orderHandlers,
  ...professionalJobHandlers,
  ...dispatchHandlers,
  ...professionalHandlers,
  ...ratingHandlers,
  ...callDeskHandlers,
  ...homeScreenAdHandlers,
  ...packageHandlers,
  ...subscriptionHandlers,
  ...referralHandlers,
  ...marketingDashboardHandlers,
  ...vendorHandlers,
  ...productHandlers,
  ...productRequestHandlers,
  ...recruitmentHandlers,
  ...payrollHandlers,
};
