// `npm run db:backup [FILE]`: writes the embedded database (DATA_DIR/pglite) to one gzipped tar file (decision 064).
// Run it with the server stopped: PGlite is one process's database. On PostgreSQL use pg_dump (README).
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../server/config';
import { pgliteExtensions } from '../server/db/client';

const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump -Fc (README, "Operating Doorstep").');
  process.exit(2);
}
const dir = path.join(config.dataDir, 'pglite');
if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
  console.error(`No embedded database in ${dir}.`);
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `doorstep-${stamp}.tar.gz`));
const db = new PGlite(dir, { extensions: pgliteExtensions });
try {
  // dumpDataDir before the database is open never settles.
  await db.waitReady;
  const dump = await db.dumpDataDir('gzip');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written beside and renamed: a backup file is either whole or absent.
  fs.writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(`${file}.partial`, file);
} finally {
  await db.close();
}
console.log(`Backed up ${dir} to ${file}`);
