import { and, eq, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { users } from './schema';

/**
 * Reads and writes that repos share over a table they name: the links of a profile (its zones, its services), the
 * unique keys of a person record and the account beside it (decision 050). The repo stays the one that knows its table.
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
 * The link writes above for one link table, named by the keys of its owner's and its linked thing's columns: the
 * repo that knows the table says only which they are.
 */
export function linkTable<T extends PgTable & { id: PgColumn }>(
  table: T,
  owner: keyof T & keyof T['$inferInsert'] & string,
  target: keyof T & keyof T['$inferInsert'] & string,
) {
  const l: Links = {
    id: table.id,
    owner: table[owner] as unknown as PgColumn,
    target: table[target] as unknown as PgColumn,
  };
  return {
    insert: (exec: Executor, ownerId: number, targetIds: number[]) =>
      insertLinks(
        exec,
        table,
        table.id,
        targetIds.map((t) => ({ [owner]: ownerId, [target]: t }) as T['$inferInsert']),
      ),
    /** Removes the owner's links to anything not in `keep`. */
    prune: (exec: Executor, ownerId: number, keep: number[]) => pruneLinks(exec, table, l, ownerId, keep),
    remove: (exec: Executor, id: number) => deleteLink(exec, table, l, id),
  };
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

// ---------------------------------------------------------------- the account beside a profile

/** Who an account is and how to reach them: the first columns of every list and detail of people. */
export const accountContact = {
  id: users.id,
  fullName: users.fullName,
  mobileNo: users.mobileNo,
  email: users.email,
};

/** An account by id, with whether it has a profile in the table of `profileUserId` (the seeds ask before adding one). */
export async function accountWithProfile(exec: Executor, userId: number, profileUserId: PgColumn) {
  const rows = await exec
    .select({
      id: users.id,
      role: users.role,
      mobileNo: users.mobileNo,
      email: users.email,
      hasProfile: sql<boolean>`${profileUserId} is not null`,
    })
    .from(users)
    .leftJoin(profileUserId.table, eq(profileUserId, users.id))
    .where(eq(users.id, userId));
  return rows[0] ?? null;
}

/** Flips the account's active flag where `isProfile` (the repo's test of its kind) holds; the update locks the row. */
export async function flipAccountActive(exec: Executor, userId: number, isProfile: SQL) {
  const rows = await exec
    .update(users)
    .set({ active: sql`not ${users.active}` })
    .where(and(eq(users.id, userId), isProfile))
    .returning({ id: users.id, active: users.active });
  return rows[0] ?? null;
}
