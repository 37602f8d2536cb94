// Bench child: a bare server answering the same bytes the app answered, to give the ratio its baseline.
// BARE_KIND=node serves them from node:http itself (the floor of any Node server); otherwise from a bare Fastify.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

const routes = JSON.parse(fs.readFileSync(process.env.BARE_ROUTES!, 'utf8')) as {
  method: 'GET' | 'POST';
  path: string;
  body: string;
}[];

let address: AddressInfo;
if (process.env.BARE_KIND === 'node') {
  const byKey = new Map(routes.map((r) => [`${r.method} ${r.path}`, Buffer.from(r.body)]));
  const server = http.createServer((req, res) => {
    const body = byKey.get(`${req.method} ${req.url}`);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    // A POST body is read to its end, as a real server must before answering.
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = server.address() as AddressInfo;
} else {
  const app = Fastify({ logger: false });
  for (const r of routes) {
    app.route({
      method: r.method,
      url: r.path,
      handler: async (_req, reply) => reply.type('application/json; charset=utf-8').send(r.body),
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  address = app.server.address() as AddressInfo;
}
console.log(`READY ${address.port}`);
