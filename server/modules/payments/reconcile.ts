import type { FastifyInstance } from 'fastify';
import { reconcileOnce } from './service';

/**
 * The reconciliation job (decision 013): every minute, payment intents still open after the TTL are re-verified with
 * their provider and settled or expired. It runs inside each server process; the claim in the repo (UPDATE over
 * SKIP LOCKED rows) keeps two processes off the same intent, and settle is idempotent besides.
 */
export function startReconciliation(app: FastifyInstance, everyMs = 60_000) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const outcome = await reconcileOnce(app.db, app.payments, app.config.payments.intentTtlMinutes);
      if (outcome.checked) app.log.info({ reconciliation: outcome }, 'payment reconciliation');
    } catch (err) {
      app.log.error({ err }, 'payment reconciliation failed');
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
