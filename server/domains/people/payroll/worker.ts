import type { FastifyInstance } from 'fastify';
import { advanceRuns } from './service';

/**
 * The salary-run worker (decision 034): every few seconds each server process advances the open runs a batch at a
 * time. Batches are claimed FOR UPDATE SKIP LOCKED inside their transaction, so processes share a run without
 * sharing an employee, and a process that dies mid-batch leaves its items pending for the next one.
 */
export function startPayrollWorker(app: FastifyInstance, everyMs = 5_000) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const batches = await advanceRuns(app.db);
      if (batches) app.log.info({ batches }, 'salary runs advanced');
    } catch (err) {
      app.log.error({ err }, 'salary run worker failed');
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
