import type { Server } from 'node:http';

/**
 * Stopping (decision 063) closes the listener only once the connections the kernel already queued have been taken.
 * Node takes one queued connection per turn of its event loop, and closing the listener resets those still queued:
 * on a busy process, a client that connected before the signal would see its request cut, never read. So the
 * listener stays open until no connection has arrived for `quietMs` (at most `maxMs`); /readyz already answers 503,
 * so a load balancer sends no new ones. Call it once at start; `quiet()` resolves when the queue is empty.
 */
export function trackAccepts(server: Server, o: { quietMs: number; maxMs: number }) {
  let lastAccept = 0;
  server.on('connection', () => {
    lastAccept = Date.now();
  });
  return {
    async quiet() {
      const start = Date.now();
      const until = start + o.maxMs;
      // At least `quietMs` from now: the queue may hold connections none of which has been taken yet.
      while (Date.now() < until && Date.now() - Math.max(lastAccept, start) < o.quietMs) {
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}
