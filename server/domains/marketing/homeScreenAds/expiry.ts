import type { FastifyInstance } from 'fastify';
import { expireDue } from './service';

/**
 * The coupon expiry sweep (decision 021): every minute, approved and switched-off coupons past the end of their
 * validity get the system's EXPIRE. Reads also expire due coupons first (service.expireDue), so the state is right
 * between sweeps; each coupon is re-checked under its row lock, so two processes never expire one twice.
 */
export function startCouponExpiry(app: FastifyInstance, everyMs = 60_000) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const expired = await expireDue(app.db);
      if (expired) app.log.info({ expired }, 'coupons expired');
    } catch (err) {
      app.log.error({ err }, 'coupon expiry failed');
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
