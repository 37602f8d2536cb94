import { currentUser, type Handlers, ok } from '../../../http';
import * as notifications from './service';

// The person is always the session's: no parameter names anyone (a customer, staff member or professional reads
// only their own).
export const notificationHandlers: Handlers = {
  async getMyNotifications(req) {
    return ok(await notifications.mine(req.server.db, currentUser(req).id, req.query ?? {}));
  },

  async getUnreadNotificationCount(req) {
    return ok({ unread: await notifications.unreadCount(req.server.db, currentUser(req).id) });
  },

  async markNotificationsRead(req) {
    const data = await notifications.markRead(req.server.db, currentUser(req).id, req.body ?? {});
    return ok(
      data,
      data.marked === 1 ? '1 notification marked as read.' : `${data.marked} notifications marked as read.`,
    );
  },
};
