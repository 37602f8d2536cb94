// Backing up and restoring the embedded database (decision 064): `npm run db:backup` writes one file, `npm run
// db:restore FILE` brings it back into an empty data directory, the ledger check passes there and the demo signs in.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { runScript } from '../support/run-script';
import { accountOf, TEST_PASSWORD } from '../support/server';
import { ensurePgliteTemplate } from '../support/template';

/** A script as its npm run line starts it, with DATA_DIR set and no DATABASE_URL (the embedded database). */
function run(script: string, args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return runScript(script, args, env);
}

describe('the embedded database, backed up and restored', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-backup-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('restores one backup file into a fresh data directory where the ledger check passes and the demo signs in', async () => {
    const source = tempDir();
    fs.cpSync(await ensurePgliteTemplate(), path.join(source, 'pglite'), { recursive: true });
    const file = path.join(tempDir(), 'doorstep.tar.gz');

    const backup = await run('scripts/db-backup.ts', [file], source);
    expect(backup.code, backup.out).toBe(0);
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    const target = tempDir();
    const restore = await run('scripts/db-restore.ts', [file], target);
    expect(restore.code, restore.out).toBe(0);

    const [before, after] = await Promise.all([
      run('scripts/ledger-check.ts', [], source),
      run('scripts/ledger-check.ts', [], target),
    ]);
    expect(after.code, after.out).toBe(0);
    expect(after.out).toContain('Every invariant holds.');
    // The same accounts, transfers, entries and intents as the database backed up.
    const counts = (out: string) => /: (\d+ accounts, \d+ transfers, \d+ entries, \d+ payment intents)/.exec(out)?.[1];
    expect(counts(after.out)).toBeDefined();
    expect(counts(after.out)).toBe(counts(before.out));

    const database = await openDatabase({ dataDir: target });
    const app = await buildApp(
      { ...loadConfig({}), dataDir: target, logLevel: 'silent', serveClient: false },
      database,
    );
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/adminlogin',
        payload: { UserName: accountOf('A').email, Password: TEST_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  }, 300_000);

  it('refuses to back up or restore the embedded database when DATABASE_URL names PostgreSQL', async () => {
    const dir = tempDir();
    const { code, out } = await runScript('scripts/db-backup.ts', [], {
      ...process.env,
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(code).toBe(2);
    expect(out).toContain('pg_dump');
  }, 60_000);
});
