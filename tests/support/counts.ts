import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

type Rows<T> = { rows: T[] };
// Every test database is a copy of one template, so the table names are read once.
let tables: Promise<string[]> | undefined;

/** Row counts of every table, to prove that a refused request wrote nothing (one query). */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  tables ??= (
    db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ) as unknown as Promise<Rows<{ table_name: string }>>
  ).then((r) => r.rows.map((t) => t.table_name));
  const names = await tables;
  const query = names.map((n) => `select '${n}' as t, count(*)::int as n from "${n}"`).join(' union all ');
  const r = (await db.execute(sql.raw(query))) as unknown as Rows<{ t: string; n: number }>;
  return Object.fromEntries(r.rows.map((row) => [row.t, row.n]));
}

/**
 * The next transaction id the database will hand out. PostgreSQL gives an id only to a transaction that writes, so
 * while this stays the same nothing was written (by anyone on the server: other databases' writes move it too, which
 * only means counting again).
 */
export async function writeMark(db: Db): Promise<string> {
  const r = (await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`)) as unknown as Rows<{
    x: string;
  }>;
  return r.rows[0].x;
}
