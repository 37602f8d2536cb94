// The migrated and seeded template every test file copies (decision 010). Built once, keyed by a hash of
// everything that shapes its rows, so a changed migration or seed makes a new one and never reuses a stale one.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, pgliteExtensions } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { seedReference } from '../../server/db/seed/reference';

export const TEST_PASSWORD = 'Test-pass-2026';
const STALE_MS = 24 * 3600_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** What the template's rows depend on: the schema, migrations, seeds and the password hashing. */
const INPUTS = [
  'server/db/migrations',
  'server/db/schema',
  'server/db/seed',
  'server/db/client.ts',
  'server/roles.ts',
  'server/domains/platform/auth/passwords.ts',
  'tests/support/template.ts',
  'node_modules/@electric-sql/pglite/package.json',
];

/** Every file under the root-relative paths, sorted. */
function filesUnder(p: string): string[] {
  const abs = path.join(root, p);
  if (!fs.existsSync(abs)) return [];
  if (!fs.statSync(abs).isDirectory()) return [abs];
  return fs
    .readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

/** A hex hash of the files' names and contents under root-relative `inputs` (and `seed`): a cache key. */
export function hashOfFiles(inputs: readonly string[], seed = ''): string {
  const h = createHash('sha256').update(seed);
  for (const file of inputs.flatMap(filesUnder)) {
    h.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file));
  }
  return h.digest('hex');
}

let key: string | undefined;
/** A short hash of the template's inputs (file names and contents). */
export function templateKey(): string {
  key ??= hashOfFiles(INPUTS, TEST_PASSWORD).slice(0, 12);
  return key;
}

export const templateDatabaseName = () => `doorstep_template_${templateKey()}`;

async function migrateAndSeed(database: Awaited<ReturnType<typeof openDatabase>>) {
  await database.migrate();
  await seedReference(database.db);
  await seedDemo(database.db, TEST_PASSWORD);
  for (const statement of RESET_INSTALL) await database.db.execute(sql.raw(statement));
}

/**
 * What puts a worker's database back to the template between test files (decision 041), installed in the template
 * itself: schema `test_seed` holds a copy of every public table's rows, and `test_seed.reset()` restores the tables
 * that changed since the last reset. Sequences are left to count on, as in production: ids only grow, so a server
 * kept across files (its live hub's last event id) never meets an id twice, and no test depends on an id's value.
 *
 * A table has changed when its row count differs or one of its rows was written after the last reset: every insert
 * or update stamps its row's `xmin` with the writing transaction's id, and the reset records the next id as the
 * baseline. Changed tables are emptied with DELETE (TRUNCATE refuses a table that an unchanged one references) and
 * refilled, with triggers and foreign-key checks off (`session_replication_role = replica`, as pg_restore's
 * --disable-triggers): the rows put back are the template's own, and the append-only ledgers' guards would refuse
 * the delete. Generated columns are left out of the copy (they are computed again); identity columns keep their
 * values. Transaction ids are compared modulo 2^32, the width of `xmin`.
 */
const RESET_INSTALL = [
  `create schema test_seed`,
  `create table test_seed.tables (name text primary key, row_count bigint not null, cols text not null)`,
  `create table test_seed.baseline (xid bigint not null)`,
  `do $$
   declare r record; n bigint; probes text[] := '{}';
   begin
     for r in select c.relname, string_agg(quote_ident(a.attname), ', ' order by a.attnum) as cols
                from pg_class c join pg_namespace s on s.oid = c.relnamespace
                join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
               where s.nspname = 'public' and c.relkind = 'r'
               group by c.relname loop
       execute format('create table test_seed.%I as table public.%I', r.relname, r.relname);
       execute format('select count(*) from public.%I', r.relname) into n;
       insert into test_seed.tables values (r.relname, n, r.cols);
       probes := probes || format('select %L as name, count(*) as row_count, coalesce(max(xmin::text::bigint), 0) as newest from public.%I', r.relname, r.relname);
     end loop;
     execute 'create view test_seed.now_rows as ' || array_to_string(probes, ' union all ');
     insert into test_seed.baseline values ((pg_current_xact_id()::text::bigint + 1) % 4294967296);
   end $$`,
  `create function test_seed.reset() returns text language plpgsql as $$
   declare r record; changed text[];
   begin
     select coalesce(array_agg(t.name order by t.name), '{}') into changed
       from test_seed.tables t join test_seed.now_rows n using (name)
      where n.row_count <> t.row_count or n.newest >= (select xid from test_seed.baseline);
     set local session_replication_role = replica;
     for r in select * from test_seed.tables where name = any(changed) loop
       execute format('delete from public.%I', r.name);
       execute format('insert into public.%I (%s) overriding system value select %s from test_seed.%I',
                      r.name, r.cols, r.cols, r.name);
     end loop;
     update test_seed.baseline set xid = (pg_current_xact_id()::text::bigint + 1) % 4294967296;
     return array_to_string(changed, ' ');
   end $$`,
];

/** The PGlite template: a migrated, seeded data directory, copied file by file for each test file. */
export function pgliteTemplateDir(): string {
  return path.join(root, 'node_modules/.cache/doorstep-tests', `pglite-${templateKey()}`);
}

/** Builds the PGlite template unless it exists; answers its path. Safe when several runs race. */
export async function ensurePgliteTemplate(): Promise<string> {
  const dir = pgliteTemplateDir();
  if (fs.existsSync(dir)) return dir;
  const cache = path.dirname(dir);
  fs.mkdirSync(cache, { recursive: true });
  // Built beside the final name and renamed when complete and closed, so nobody copies a half-written one.
  const building = fs.mkdtempSync(path.join(cache, 'building-'));
  const database = await openDatabase({ dataDir: building });
  try {
    await migrateAndSeed(database);
  } finally {
    await database.close();
  }
  try {
    fs.renameSync(path.join(building, 'pglite'), dir);
  } catch (err) {
    if (!fs.existsSync(dir)) throw err; // another run finished first: use theirs
  }
  fs.rmSync(building, { recursive: true, force: true });
  // Templates of other keys go once a day old: a run of another checkout state (a colleague mid-edit, a
  // before/after comparison) may still be copying a recent one.
  for (const old of fs.readdirSync(cache)) {
    const p = path.join(cache, old);
    if (
      old !== path.basename(dir) &&
      /^pglite-[0-9a-f]+$/.test(old) &&
      Date.now() - fs.statSync(p).mtimeMs > STALE_MS
    ) {
      fs.rmSync(p, { recursive: true, force: true });
    }
  }
  return dir;
}

/** Where test databases are copied: memory-backed /dev/shm when there is one (the copy takes about 70 ms there). */
const COPY_ROOT = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
const COPY_PREFIX = 'doorstep-pglite-';

/** A new, empty folder for one file's database copy. */
export function newCopyDir(): string {
  return fs.mkdtempSync(path.join(COPY_ROOT, `${COPY_PREFIX}${process.pid}-`));
}

/** A worker's PostgreSQL database: named by its process, so that a run's teardown finds those whose worker ended. */
export const workerDatabaseName = () =>
  `doorstep_w_${process.pid}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Drops the worker databases whose process has ended (a test worker outlives its files, not the run). */
export async function dropOrphanWorkerDatabases(base: string) {
  await withAdmin(base, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `select datname from pg_database where datname ~ '^doorstep_w_[0-9]+_'`,
    );
    for (const { datname } of rows) {
      if (!isRunning(Number(datname.split('_')[2]))) {
        await c.query(`drop database if exists ${datname} with (force)`).catch(() => {});
      }
    }
  });
}

/** Removes the PGlite copies of test processes that have ended. */
export function removeOrphanCopies() {
  for (const name of fs.readdirSync(COPY_ROOT)) {
    const pid = Number(name.startsWith(COPY_PREFIX) ? name.slice(COPY_PREFIX.length).split('-')[0] : Number.NaN);
    if (!Number.isInteger(pid) || pid <= 0 || isRunning(pid)) continue;
    fs.rmSync(path.join(COPY_ROOT, name), { recursive: true, force: true });
  }
}

/**
 * Copies the template into `target` and opens it. Opening a copied directory measured faster here than loading
 * PGlite's dumpDataDir tarball into memory (about 0.4 s against 0.8 s), and the copy is tens of milliseconds.
 */
export async function pgliteFromTemplate(template: string, target: string): Promise<PGlite> {
  fs.cpSync(template, target, { recursive: true });
  // A test database never outlives its file: no need to wait for the disk.
  const client = new PGlite(target, { relaxedDurability: true, extensions: pgliteExtensions });
  await client.waitReady;
  return client;
}

export function databaseUrlFor(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(base: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Builds the PostgreSQL template database unless it exists; answers its name. Safe when several runs race. */
export async function ensurePostgresTemplate(base: string): Promise<string> {
  const name = templateDatabaseName();
  const exists = async (c: pg.Client, n: string) =>
    (await c.query('select 1 from pg_database where datname = $1', [n])).rowCount === 1;
  if (await withAdmin(base, (c) => exists(c, name))) return name;
  // Built under a private name and renamed when complete, so nobody copies a half-seeded template.
  const building = `${name}_b${process.pid}`;
  await withAdmin(base, (c) => c.query(`create database ${building}`));
  const database = await openDatabase({ databaseUrl: databaseUrlFor(base, building) });
  try {
    await migrateAndSeed(database);
  } finally {
    // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template: close the pool first.
    await database.close();
  }
  await withAdmin(base, async (c) => {
    if (await exists(c, name)) {
      await c.query(`drop database ${building}`);
      return;
    }
    await c.query(`alter database ${building} rename to ${name}`);
    await c.query(`comment on database ${name} is '${new Date().toISOString()}'`);
    // Templates of other keys go once a day old (see ensurePgliteTemplate); the comment holds when each was built.
    const stale = await c.query(
      `select datname, shobj_description(oid, 'pg_database') as built from pg_database
        where datname ~ '^doorstep_template_[0-9a-f]{12}$' and datname <> $1`,
      [name],
    );
    for (const { datname, built } of stale.rows) {
      if (Date.now() - (Date.parse(built ?? '') || 0) > STALE_MS) {
        await c.query(`drop database if exists ${datname}`).catch(() => {});
      }
    }
  });
  return name;
}

/**
 * A new database copied from the template; retried while another session briefly holds the template. A test
 * database commits without waiting for the WAL flush; `durable` keeps PostgreSQL's default (the benches: their
 * figures must be what production gets).
 */
export async function postgresFromTemplate(
  base: string,
  template: string,
  name: string,
  opts: { durable?: boolean } = {},
): Promise<void> {
  await withAdmin(base, async (c) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database ${name} template ${template}`);
        // A test database need not survive a crash: commits skip the wait for the WAL flush (the same transactions,
        // locks and answers; a crash could lose the last commits, which no test database outlives anyway).
        if (!opts.durable) await c.query(`alter database ${name} set synchronous_commit = off`);
        return;
      } catch (err) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + attempt * 50));
      }
    }
  });
}
