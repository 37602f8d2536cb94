import { type Handlers, ok } from '../../../http';
import * as marketingDashboard from './service';

/** The marketing dashboard's figures (decision 025). */
export const marketingDashboardHandlers: Handlers = {
  async getMarketingDashboard(req) {
    return ok(await marketingDashboard.dashboard(req.server.db, req.query));
  },
};
