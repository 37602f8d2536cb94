import { type Handlers, ok } from '../../../http';
import * as callDesk from './service';

/** The call desk's reads (decision 018): nothing here writes. */
export const callDeskHandlers: Handlers = {
  async getCallDeskSummary(req) {
    return ok(await callDesk.summary(req.server.db));
  },

  async searchCallDeskOrders(req) {
    const data = await callDesk.search(req.server.db, req.query);
    return ok(data, data.total ? `${data.total} order${data.total === 1 ? '' : 's'} found.` : 'No order found.');
  },
};
