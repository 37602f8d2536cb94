// Bench child: the real app on DATABASE_URL or an in-memory PGlite, seeded with the demo accounts.
// Logging is off unless BENCH_LOGGING=default, which keeps the configured (default) level and log output.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDemo } from '../server/db/seed/demo';
import { seedReference } from '../server/db/seed/reference';

const loaded = loadConfig();
const logLevel = process.env.BENCH_LOGGING === 'default' ? loaded.logLevel : 'silent';
const config = { ...loaded, logLevel, rateLimits: false, serveClient: false };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null });
await database.migrate();
await seedReference(database.db);
await seedDemo(database.db, process.env.DEMO_PASSWORD ?? 'Bench-password-1');
if (process.env.BENCH_SEED) await (await import(process.env.BENCH_SEED)).default(database.db);
const app = await buildApp(config, database);
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
// With logs going to a file, the parent learns the port over IPC instead of stdout.
if (process.send) process.send({ ready: port });
else console.log(`READY ${port}`);
