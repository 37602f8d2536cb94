import { and, eq, inArray, ne, notInArray, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * Reads and writes that repos share over a table they name: the links of a profile (its zones, its services) and the
 * unique keys of a person record (decision 050). The repo stays the one that knows its table.
 */

/** A link table: its id, the owner's column and the linked thing's column. */
interface Links {
  id: PgColumn;
  owner: PgColumn;
  target: PgColumn;
}

/** Adds the links in `rows` that are not there yet; the ids of those added. */
export async function insertLinks<T extends PgTable>(
  exec: Executor,
  table: T,
  id: PgColumn,
  rows: T['$inferInsert'][],
) {
  if (rows.length === 0) return [];
  const added = await exec.insert(table).values(rows).onConflictDoNothing().returning({ id });
  return added as { id: number }[];
}

/** Removes the owner's links to anything not in `keep`. */
export async function pruneLinks(exec: Executor, table: PgTable, l: Links, ownerId: number, keep: number[]) {
  await exec.delete(table).where(and(eq(l.owner, ownerId), keep.length ? notInArray(l.target, keep) : undefined));
}

/** Removes one link; its owner, or undefined when there was none. */
export async function deleteLink(exec: Executor, table: PgTable, l: Links, id: number) {
  const [row] = await exec.delete(table).where(eq(l.id, id)).returning({ userId: l.owner });
  return row as { userId: number } | undefined;
}

/**
 * Which of these values other rows of the table already hold, by key: each key is a column and the values asked
 * about; `except` leaves out the owner's own row.
 */
export async function valuesTaken<K extends string>(
  exec: Executor,
  table: PgTable,
  owner: PgColumn,
  keys: Record<K, [PgColumn, string[]]>,
  except?: number,
): Promise<Record<K, Set<string>>> {
  const entries = Object.entries(keys) as [K, [PgColumn, string[]]][];
  const asked = entries.filter(([, [, values]]) => values.length > 0);
  const rows = asked.length
    ? await exec
        .select(Object.fromEntries(entries.map(([k, [column]]) => [k, column])) as Record<K, PgColumn>)
        .from(table)
        .where(
          and(
            or(...asked.map(([, [column, values]]) => inArray(column, values))),
            except ? ne(owner, except) : undefined,
          ),
        )
    : [];
  const held = (k: K) => new Set(rows.map((r) => (r as Record<K, string | null>)[k]).filter((v): v is string => !!v));
  return Object.fromEntries(entries.map(([k]) => [k, held(k)])) as Record<K, Set<string>>;
}
