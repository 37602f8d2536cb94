// PostgreSQL's backup as the README documents it (decision 064): pg_dump -Fc, pg_restore into a fresh database, then
// the ledger check passes there with the same counts as the database dumped.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../support/run-script';
import { templateCopy } from '../support/server-processes';
import { databaseUrlFor } from '../support/template';

/** pg_dump or pg_restore: on the PATH, else Debian's versioned folders. */
function binary(name: string): string | null {
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || null;
  } catch {
    const dir = '/usr/lib/postgresql';
    const found = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .map((v) => path.join(dir, v, 'bin', name))
          .find((p) => fs.existsSync(p))
      : undefined;
    return found ?? null;
  }
}
const pgDump = binary('pg_dump');
const pgRestore = binary('pg_restore');
const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL'
  : !pgDump || !pgRestore
    ? 'pg_dump and pg_restore are not installed (Debian: postgresql-client)'
    : false;
if (skipped) console.log(`backup-postgres.test.ts skipped: ${skipped}`);

const ledgerCheck = (url: string) => runScript('scripts/ledger-check.ts', [], { ...process.env, DATABASE_URL: url });

describe.skipIf(skipped)('PostgreSQL, dumped and restored', () => {
  const fresh = `doorstep_restore_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(q).finally(() => c.end());
  };
  let copy: Awaited<ReturnType<typeof templateCopy>> | undefined;
  const dumpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-pgdump-'));
  afterAll(async () => {
    await copy?.drop();
    await admin(`drop database if exists ${fresh} with (force)`);
    fs.rmSync(dumpDir, { recursive: true, force: true });
  });

  it('restores a pg_dump into a fresh database where the ledger check passes', async () => {
    copy = await templateCopy(process.env.DATABASE_URL!, 'doorstep_dump');
    const file = path.join(dumpDir, 'doorstep.dump');
    execFileSync(pgDump!, ['-Fc', '--no-owner', '-f', file, copy.url]);
    await admin(`create database ${fresh}`);
    const target = databaseUrlFor(process.env.DATABASE_URL!, fresh);
    execFileSync(pgRestore!, ['--no-owner', '--exit-on-error', '-d', target, file]);

    const [before, after] = await Promise.all([ledgerCheck(copy.url), ledgerCheck(target)]);
    expect(after.code, after.out).toBe(0);
    expect(after.out).toContain('Every invariant holds.');
    const counts = (out: string) => /: (\d+ accounts, \d+ transfers, \d+ entries, \d+ payment intents)/.exec(out)?.[1];
    expect(counts(after.out)).toBeDefined();
    expect(counts(after.out)).toBe(counts(before.out));
  }, 120_000);
});
