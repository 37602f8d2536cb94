import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { nameStatements } from './prepared';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repos accept either the database or an open transaction. */
export type Executor = Db | Tx;

/**
 * Independent reads: at once on the pool (each on a connection of its own), one after another in a transaction (a
 * transaction is one connection, and node-postgres refuses a query sent while another runs on it: deprecated in
 * pg 8, an error in pg 9). A failure answers as the first failing read in the list's order.
 */
export async function readTogether<T extends readonly unknown[]>(
  exec: Executor,
  reads: readonly [...{ [K in keyof T]: () => Promise<T[K]> }],
): Promise<T> {
  if (!(exec instanceof PgTransaction)) {
    const settled = await Promise.allSettled(reads.map((read) => read()));
    // The first failure in the list's order, whichever failed first in time: an answer must not depend on timing.
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
  }
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}

/**
 * A statement whose text is made once, straight to the driver: drizzle's builder is skipped, which on the hottest
 * calls (placing an order) cost more of the server's time than the statement's round trip (decision 040). Values go
 * as the driver takes them (Date for timestamps); rows come back as the driver parses them (timestamps as Date,
 * bigint as text on PostgreSQL), so `rowOf` or casts in the text make them typed.
 */
export async function queryText<T>(exec: Executor, text: string, values: unknown[]): Promise<T[]> {
  const client = (exec as unknown as { session: { client: unknown } }).session.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    // A config object, so the connection names the statement (decision 035).
    return (await (client as pg.Pool).query<T & pg.QueryResultRow>({ text, values })).rows;
  }
  // PGlite, or a PGlite transaction.
  return (await (client as PGlite).query<T>(text, values)).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations, then `andThen` (the reference seed), as one process at a time (decision 063). */
  migrate(andThen?: () => Promise<unknown>): Promise<void>;
  close(): Promise<void>;
}

/** The extensions the migrations create; PGlite loads them when it opens (PostgreSQL ships them in contrib). */
export const pgliteExtensions = { pg_trgm };

/** The advisory lock key that migrating processes take in turn ('door' in ASCII). */
export const MIGRATION_LOCK = 0x646f6f72;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Ends the pool once its connections have closed: pg-pool's end() resolves as soon as it has asked them to close, and
 * a database dropped (or a server stopped) right after would cut them off mid-goodbye.
 */
async function endPool(pool: pg.Pool) {
  let open = pool.totalCount;
  const closed = new Promise<void>((done) => {
    if (open === 0) done();
    pool.on('remove', () => {
      if (--open === 0) done();
    });
  });
  await pool.end();
  await closed;
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite under dataDir (or in memory). */
export async function openDatabase(opts: { databaseUrl?: string | null; dataDir?: string | null }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.PG_POOL_MAX ?? 10) });
    // An idle connection that dies (server restart, terminated by an admin) is dropped by the pool and replaced on
    // demand; without a listener the pool's 'error' event would crash the process.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    // Named statements (decision 035), unless a transaction-pooling proxy that cannot keep them sits in between.
    if (process.env.PG_NAMED_STATEMENTS !== 'off') pool.on('connect', nameStatements);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async (andThen) => {
        // A session lock on a connection of its own: processes starting together wait here, and each later one
        // finds the migrations applied. Released by the unlock, or by PostgreSQL when a holder dies.
        const lock = new pg.Client({ connectionString: opts.databaseUrl! });
        await lock.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(db as never, { migrationsFolder });
          await andThen?.();
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          await lock.end();
        }
      },
      close: () => endPool(pool),
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  // One options object: PGlite ignores the second argument when the first (the directory) is undefined.
  const client = new PGlite({ dataDir: dir, extensions: pgliteExtensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process owns an embedded database: nobody to wait for.
    migrate: async (andThen) => {
      await migratePglite(db as never, { migrationsFolder });
      await andThen?.();
    },
    close: () => client.close(),
  };
}

/** What a dedicated listener reports: each notification's payload, and each (re)subscription (catch up then). */
export interface NotificationHandlers {
  notify(payload: string): void;
  subscribed(): void;
  lost?(err: Error): void;
}

/**
 * LISTEN on `channel` through a connection of its own (decision 015): on PostgreSQL a `pg` Client beside the pool,
 * reconnected with backoff when it drops; on PGlite the instance's own listen (one process). Resolves once listening;
 * the returned function stops it.
 */
export async function listenForNotifications(
  db: Db,
  channel: string,
  on: NotificationHandlers,
): Promise<() => Promise<void>> {
  const underlying = (db as unknown as { $client: unknown }).$client;
  if (underlying instanceof PGlite) {
    const stop = await underlying.listen(channel, on.notify);
    on.subscribed();
    return () => stop();
  }
  const options = (underlying as pg.Pool).options;
  let stopped = false;
  let client: pg.Client | null = null;
  let delay = 500;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (first = false): Promise<void> => {
    const c = new pg.Client({ ...options, keepAlive: true });
    client = c;
    const lost = (err: Error) => {
      if (client !== c) return;
      client = null;
      c.removeAllListeners('notification');
      c.end().catch(() => {});
      if (stopped) return;
      on.lost?.(err);
      retry = setTimeout(() => {
        retry = null;
        connect().catch(() => {});
      }, delay);
      retry.unref();
      delay = Math.min(delay * 2, 15_000);
    };
    c.on('error', lost);
    c.on('end', () => lost(new Error('listening connection ended')));
    c.on('notification', (n) => {
      if (n.channel === channel) on.notify(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      // The first attempt's failure is the caller's to report; later ones retry in the background.
      if (first) stopped = true;
      lost(err as Error);
      if (first) throw err;
      return;
    }
    delay = 500;
    on.subscribed();
  };
  await connect(true);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

/** NOTIFY `channel` with `payload` in a statement of its own: every listener of every process gets it at once. */
export async function notifyChannel(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * How the job runner (server/jobs/queue.ts) reaches this database: the embedded PGlite instance itself, or the
 * pool's connection settings for a small pool of its own on PostgreSQL.
 */
export function queueConnectionOf(
  db: Db,
): { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; options: { connectionString?: string } & pg.PoolConfig } {
  const underlying = (db as unknown as { $client: unknown }).$client;
  if (underlying instanceof PGlite) return { kind: 'pglite', client: underlying };
  const { connectionString, host, port, user, database, password } = (underlying as pg.Pool).options;
  return { kind: 'postgres', options: { connectionString, host, port, user, database, password } };
}
