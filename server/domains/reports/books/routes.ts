import { type Handlers, ok, privateDownload } from '../../../http';
import type { ReportFile } from '../export';
import * as books from './service';

const download = (reply: Parameters<typeof privateDownload>[0], f: ReportFile) =>
  privateDownload(reply, f.type, f.fileName, f.body);

/** The books (decision 059): JSON for the screen, or the same rows as CSV or XLSX with `Format`. */
export const bookHandlers: Handlers = {
  async getTrialBalance(req, reply) {
    const q = req.query;
    if (q.Format === 'csv' || q.Format === 'xlsx') {
      return download(reply, await books.trialBalanceFile(req.server.db, q, q.Format));
    }
    return ok(await books.trialBalance(req.server.db, q));
  },

  async getWalletBalances(req) {
    return ok(await books.walletBalances(req.server.db, req.query));
  },

  async getAccountStatement(req, reply) {
    const q = req.query;
    if (q.Format === 'csv' || q.Format === 'xlsx') {
      return download(reply, await books.accountStatementFile(req.server.db, q, q.Format));
    }
    return ok(await books.accountStatement(req.server.db, q));
  },

  async getDayBook(req, reply) {
    const q = req.query;
    if (q.Format === 'csv' || q.Format === 'xlsx') {
      return download(reply, await books.dayBookFile(req.server.db, q, q.Format));
    }
    return ok(await books.dayBook(req.server.db, q));
  },
};
