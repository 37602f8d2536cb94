// A child process for tests/unit/connections.test.ts: an HTTP server that, told to stop, is busy for 300 ms (as a
// server hashing passwords is) while clients connect, then closes its listener: at once ('now'), or once the queued
// connections are taken (plugins/connections.ts, 'quiet').
import http from 'node:http';
import { trackAccepts } from '../../server/plugins/connections';

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => setTimeout(() => res.end('ok'), 20));
});
const accepts = trackAccepts(server, { quietMs: 50, maxMs: 300 });
server.listen(0, '127.0.0.1', () => process.send!((server.address() as { port: number }).port));
process.on('message', async (how) => {
  const busyUntil = Date.now() + 300;
  while (Date.now() < busyUntil) {
    // The event loop is held, as by a long synchronous task.
  }
  if (how === 'quiet') await accepts.quiet();
  server.close(() => process.exit(0));
});
