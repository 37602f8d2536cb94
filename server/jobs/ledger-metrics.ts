import type { FastifyInstance } from 'fastify';
import { wallets } from '../domains/money';
import { registerLedgerCheck } from '../plugins/operations';

/**
 * The ledger check's last result in /metrics (decision 062): the check `npm run ledger:check` runs (decision 013),
 * at most every 15 minutes, started by a scrape. The job runner may run it as a job instead and report the same way.
 */
export function registerLedgerMetrics(app: FastifyInstance) {
  registerLedgerCheck(app, async () => {
    const report = await wallets.checkLedger(app.db);
    return { ok: report.ok, breaches: report.checks.reduce((n, c) => n + c.breaches.length, 0) };
  });
}
