import { type Handlers, ok } from '../../../http';
import * as purchases from './service';

/** The vendor purchase report (decision 057). */
export const purchaseReportHandlers: Handlers = {
  async purchaseReportVendor(req) {
    return ok(await purchases.purchaseReport(req.server.db, req.query));
  },
};
