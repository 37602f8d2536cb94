import { type Handlers, ok } from '../../../http';
import { dashboardCounts } from './service';

export const dashboardHandlers: Handlers = {
  getDashboardCount: async (req) => ok(await dashboardCounts(req.server.db)),
};
