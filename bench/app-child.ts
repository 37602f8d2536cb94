// Bench child: the real app on DATABASE_URL or an in-memory PGlite, seeded with the demo accounts.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDemo } from '../server/db/seed/demo';
import { seedReference } from '../server/db/seed/reference';

const config = { ...loadConfig(), logLevel: 'silent', rateLimits: false, serveClient: false };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null });
await database.migrate();
await seedReference(database.db);
await seedDemo(database.db, process.env.DEMO_PASSWORD ?? 'Bench-password-1');
if (process.env.BENCH_SEED) await (await import(process.env.BENCH_SEED)).default(database.db);
const app = await buildApp(config, database);
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`READY ${(app.server.address() as AddressInfo).port}`);
