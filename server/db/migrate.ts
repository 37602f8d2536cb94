// `npm run db:migrate`: applies the migrations to DATABASE_URL (or the embedded database) and exits.
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { seedReference } from './seed/reference';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedReference(database.db);
await database.close();
console.log(`Migrated the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database.`);
