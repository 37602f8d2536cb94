import { type Handlers, ok } from '../../../http';
import { jsonOrFile } from '../export';
import * as books from './service';

/** The books (decision 059): JSON for the screen, or the same rows as CSV or XLSX with `Format`. */
export const bookHandlers: Handlers = {
  getTrialBalance: (req, reply) => jsonOrFile(req, reply, books.trialBalanceFile, books.trialBalance),

  async getWalletBalances(req) {
    return ok(await books.walletBalances(req.server.db, req.query));
  },

  getAccountStatement: (req, reply) => jsonOrFile(req, reply, books.accountStatementFile, books.accountStatement),
  getDayBook: (req, reply) => jsonOrFile(req, reply, books.dayBookFile, books.dayBook),
};
