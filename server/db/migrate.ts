// `npm run db:migrate`: applies the migrations to DATABASE_URL (or the embedded database) and exits.
import { loadConfig } from '../config';
import { installJobSchema } from '../jobs/queue';
import { openDatabase } from './client';
import { seedReference } from './seed/reference';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// Under the migration lock: processes that start together migrate once (decision 063).
await database.migrate(() => seedReference(database.db));
// The job runner's own tables (pg-boss makes and migrates them; decision 065).
await installJobSchema(database.db);
await database.close();
console.log(`Migrated the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database.`);
