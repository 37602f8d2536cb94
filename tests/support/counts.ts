import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

/** Row counts of every table, to prove that a refused request wrote nothing. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const out: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const r = (await db.execute(sql.raw(`select count(*)::int as n from "${table_name}"`))) as unknown as {
      rows: { n: number }[];
    };
    out[table_name] = r.rows[0].n;
  }
  return out;
}
