// Bench child: a bare Fastify answering the same bytes the app answered, to give the ratio its baseline.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

const routes = JSON.parse(fs.readFileSync(process.env.BARE_ROUTES!, 'utf8')) as {
  method: 'GET' | 'POST';
  path: string;
  body: string;
}[];
const app = Fastify({ logger: false });
for (const r of routes) {
  app.route({
    method: r.method,
    url: r.path,
    handler: async (_req, reply) => reply.type('application/json; charset=utf-8').send(r.body),
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`READY ${(app.server.address() as AddressInfo).port}`);
