import type { Handlers } from '../../../http';
import { jsonOrFile } from '../export';
import * as profit from './service';

/** Profit per professional (decision 060): JSON for the screen, or the same rows as CSV or XLSX with `Format`. */
export const profitHandlers: Handlers = {
  getProfitByProfessional: (req, reply) =>
    jsonOrFile(req, reply, profit.profitByProfessionalFile, profit.profitByProfessional),
  getProfitLines: (req, reply) => jsonOrFile(req, reply, profit.profitLinesFile, profit.profitLines),
};
