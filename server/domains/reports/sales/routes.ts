import { type Handlers, ok } from '../../../http';
import * as sales from './service';

/** The service sales report (decision 057). */
export const salesReportHandlers: Handlers = {
  async salesReportService(req) {
    return ok(await sales.salesReport(req.server.db, req.query));
  },
};
