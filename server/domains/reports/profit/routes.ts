import { type Handlers, ok, privateDownload } from '../../../http';
import * as profit from './service';

/** Profit per professional (decision 060): JSON for the screen, or the same rows as CSV or XLSX with `Format`. */
export const profitHandlers: Handlers = {
  async getProfitByProfessional(req, reply) {
    const q = req.query;
    if (q.Format === 'csv' || q.Format === 'xlsx') {
      const f = await profit.profitByProfessionalFile(req.server.db, q, q.Format);
      return privateDownload(reply, f.type, f.fileName, f.body);
    }
    return ok(await profit.profitByProfessional(req.server.db, q));
  },

  async getProfitLines(req, reply) {
    const q = req.query;
    if (q.Format === 'csv' || q.Format === 'xlsx') {
      const f = await profit.profitLinesFile(req.server.db, q, q.Format);
      return privateDownload(reply, f.type, f.fileName, f.body);
    }
    return ok(await profit.profitLines(req.server.db, q));
  },
};
