// Live updates (decision 015): this process's fan-out hub, the pruning of old events, and closing the streams of a
// session that ends here. The stream itself is the liveStream operation (server/domains/platform/live/routes.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_HUB_OPTIONS, type HubOptions, LiveHub } from './hub';
import { pruneLiveEvents } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/**
 * Operations that can end sessions when they succeed: the caller's (logout), the user's others (password change), or
 * someone else's (switching an account or a professional off). The sweep after them is one query.
 */
const ENDS_SESSIONS = new Set(['logout', 'changePassword', 'forgotPassword', 'toggleActive', 'deleteProfessional']);

export default fp(
  async (app: FastifyInstance, opts: Partial<Omit<HubOptions, 'log'>> & { pruneEveryMs?: number } = {}) => {
    const hub = new LiveHub(app.db, { ...DEFAULT_HUB_OPTIONS, ...opts, log: app.log });
    app.decorate('live', hub);

    // Here at once; a session ended in another process (or an expiry, a deactivation) is found by the hub's sweep.
    app.addHook('onResponse', async (req, reply) => {
      const op = req.routeOptions.config?.operationId;
      if (op && ENDS_SESSIONS.has(op) && reply.statusCode < 300 && hub.size > 0) await hub.sweep();
    });

    // Every process prunes; the delete is idempotent, so running it twice costs one empty statement.
    const prune = setInterval(
      async () => {
        try {
          const gone = await pruneLiveEvents(app.db);
          if (gone) app.log.info({ pruned: gone }, 'live events pruned');
        } catch (err) {
          app.log.warn({ err }, 'live events: pruning failed');
        }
      },
      opts.pruneEveryMs ?? 10 * 60_000,
    );
    prune.unref();

    // Before the server stops accepting: open streams would otherwise hold app.close() forever.
    app.addHook('preClose', async () => {
      clearInterval(prune);
      await hub.stop();
    });
  },
  { name: 'live' },
);
