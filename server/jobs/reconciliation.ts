import type { FastifyInstance } from 'fastify';
import { retryStaleSourceRefunds } from '../domains/commerce';
import { reconcileOnce } from '../domains/money';

/**
 * The reconciliation job (decision 013): every minute, payment intents still open after the TTL are re-verified with
 * their provider and settled or expired. It runs inside each server process; the claim in the repo (UPDATE over
 * SKIP LOCKED rows) keeps two processes off the same intent, and settle is idempotent besides. Refunds to source
 * the provider never answered (decision 030) are asked again; the provider pays one refund per refund id.
 */
export function startReconciliation(app: FastifyInstance, everyMs = 60_000) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const outcome = await reconcileOnce(app.db, app.payments, app.config.payments.intentTtlMinutes);
      if (outcome.checked) app.log.info({ reconciliation: outcome }, 'payment reconciliation');
      const refunds = await retryStaleSourceRefunds(app.db, app.payments);
      if (refunds.retried) app.log.info({ sourceRefunds: refunds }, 'refunds to source asked again');
    } catch (err) {
      app.log.error({ err }, 'payment reconciliation failed');
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
