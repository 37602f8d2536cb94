import { type Handlers, ok } from '../../../http';
import * as adminDashboard from './service';

/** The admin's dashboard (decision 061). */
export const adminDashboardHandlers: Handlers = {
  async getAdminDashboard(req) {
    return ok(await adminDashboard.dashboard(req.server.db));
  },
};
