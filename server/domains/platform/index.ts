/**
 * The platform domain's door: who someone is (accounts, sessions, passwords), where (states, cities, zones, pincodes), telling people (notices, SMS), live updates and document numbers.
 * Other domains, the handler table and the seeds import only this file (docs/architecture.md).
 * It is the lowest domain: it uses no other domain.
 */
import type { Handlers } from '../../http';
import { authHandlers } from './auth/routes';
import { dashboardHandlers } from './dashboard/routes';
import { geoHandlers } from './geo/routes';
import { liveHandlers } from './live/routes';
import { notificationHandlers } from './notifications/routes';

export { hashPassword } from './auth/passwords';
export * as auth from './auth/service';
export { contactsTaken, createAccount, customerOf } from './auth/service';
export {
  checkedDocumentNumber,
  nextDocumentNumber,
  planDocumentNumber,
} from './documents/service';
export * as geo from './geo/service';
export { default as livePlugin } from './live/plugin';
export { type LiveEvent, planLiveEvent, publishLive } from './live/service';
export {
  type NoticeBody,
  notifyPerson,
  notifyUser,
  type PersonNotification,
  type PlannedNotice,
  type PlannedPerson,
  planNotice,
} from './notifications/service';

/** Every operation of the platform domain, by operationId. */
export const handlers: Handlers = {
  ...authHandlers,
  ...dashboardHandlers,
  ...geoHandlers,
  ...liveHandlers,
  ...notificationHandlers,
};
