import type { TestProject } from 'vitest/node';
import {
  dropOrphanWorkerDatabases,
  ensurePgliteTemplate,
  ensurePostgresTemplate,
  removeOrphanCopies,
} from './template';

/**
 * Migrates and seeds the template database once per run (or reuses the one whose key still matches), so each
 * worker only copies it (decision 041). Shared by the API projects and the end-to-end project. Its teardown, once
 * the workers have ended, removes their databases.
 */
export default async function setup(project: TestProject) {
  const started = performance.now();
  const onPostgres = project.config.env?.TEST_DB === 'postgres';
  let made: string;
  if (onPostgres) {
    if (!process.env.DATABASE_URL) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    await dropOrphanWorkerDatabases(process.env.DATABASE_URL);
    made = `PostgreSQL database ${await ensurePostgresTemplate(process.env.DATABASE_URL)}`;
  } else {
    removeOrphanCopies();
    made = `PGlite data directory ${await ensurePgliteTemplate()}`;
  }
  console.log(`[${project.name}] template ready in ${Math.round(performance.now() - started)} ms: ${made}`);
  return async () => {
    if (onPostgres) await dropOrphanWorkerDatabases(process.env.DATABASE_URL!);
    else removeOrphanCopies();
  };
}
