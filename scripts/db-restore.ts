// `npm run db:restore FILE`: brings back a `npm run db:backup` file as the embedded database (decision 064), with the
// server stopped. The database it replaces is kept beside it (pglite.replaced-<time>), not deleted.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../server/config';
import { pgliteExtensions } from '../server/db/client';

const config = loadConfig();
const file = process.argv[2];
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (README, "Operating Doorstep").');
  process.exit(2);
}
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run db:restore FILE (a file written by npm run db:backup)');
  process.exit(2);
}
const dir = path.join(config.dataDir, 'pglite');
let keptAs: string | null = null;
if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
  keptAs = `${dir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  fs.renameSync(dir, keptAs);
}
fs.mkdirSync(dir, { recursive: true });
const db = new PGlite({
  dataDir: dir,
  loadDataDir: new Blob([fs.readFileSync(file)]),
  extensions: pgliteExtensions,
});
try {
  await db.waitReady;
  // A restored database that cannot answer is no restore: fail here, not at the next start.
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
  console.log(`Restored ${file} into ${dir}: ${rows[0].n} users.`);
} finally {
  await db.close();
}
if (keptAs) console.log(`The database it replaced is kept in ${keptAs}.`);
