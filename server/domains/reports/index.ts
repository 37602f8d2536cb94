/**
 * The reports domain's door (decision 055): what the business reads back from everything it records. It writes only
 * its own rollup (decision 057) and sits above every other domain: it may use the doors of every domain listed before
 * it. The handler table, the jobs and the seeds import only this file (docs/architecture.md).
 */
import type { Handlers } from '../../http';
import { bookHandlers } from './books/routes';
import { adminDashboardHandlers } from './dashboard/routes';
import { gstHandlers } from './gst/routes';
import { profitHandlers } from './profit/routes';
import { purchaseReportHandlers } from './purchases/routes';
import { salesReportHandlers } from './sales/routes';

export { ledgerRollupAgainstRows, refreshLedgerRollup } from './books/service';
export { gstRollupAgainstRows, refreshGstRollup } from './gst/service';
export { type Period, type PeriodQuery, resolvePeriod } from './period';
export { refreshSalesRollup, rollupAgainstRows } from './sales/service';

/** Every operation of the reports domain, by operationId. */
export const handlers: Handlers = {
  ...adminDashboardHandlers,
  ...bookHandlers,
  ...gstHandlers,
  ...profitHandlers,
  ...purchaseReportHandlers,
  ...salesReportHandlers,
};
