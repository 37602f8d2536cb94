import { type AnyColumn, asc, type Column, desc, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';

export interface PageQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

export function pageOf(q: PageQuery) {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** ORDER BY for a whitelisted sort key (the contract's enum), with the id as a stable tie-breaker. */
export function orderOf<C extends Record<string, AnyColumn | SQL>>(
  q: PageQuery,
  columns: C,
  fallback: keyof C,
  tieBreaker: AnyColumn,
): SQL[] {
  const key = q.sort && q.sort in columns ? q.sort : fallback;
  const dir = q.order === 'desc' ? desc : asc;
  return [dir(columns[key]), asc(tieBreaker)];
}

/** `%term%` for ILIKE, with the wildcard characters of the term escaped. */
export const likeTerm = (s: string) => `%${s.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A column always written with its table ("t"."c"). Drizzle leaves columns bare in a select from one table,
 * which turns ambiguous inside a correlated subquery that names another table with the same column names.
 */
export const qualified = (c: Column) => sql.raw(`"${getTableName(c.table)}"."${c.name}"`);

/** A page of rows and the count of every row the filter matches, read side by side. */
export async function withTotal<R>(rows: PromiseLike<R[]>, count: PromiseLike<{ total: number }[]>) {
  const [page, [{ total }]] = await Promise.all([rows, count]);
  return { rows: page, total };
}

/** A dynamic select (`$dynamic()`), whatever its table, columns and joins. */
// biome-ignore lint/suspicious/noExplicitAny: any select's own types pass through
type DynamicSelect = PgSelect<any, any, any, any>;

/**
 * One page of a list and the count of every row its filter matches, both from dynamic selects (`$dynamic()`): the
 * filter is given once, so the total counts what the pages list. `counted` names only the joins the filter needs.
 */
export async function pageAndTotal<T extends DynamicSelect>(
  rows: T,
  counted: DynamicSelect,
  where: SQL | undefined,
  order: (PgColumn | SQL)[],
  page: { limit: number; offset: number },
): Promise<{ rows: Awaited<T>; total: number }> {
  const [list, [{ total }]] = await Promise.all([
    rows
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    counted.where(where),
  ]);
  return { rows: list as Awaited<T>, total: total as number };
}

/**
 * `pageAndTotal` for the page a query asks for (`pageOf`): the page's rows as `items`, the total, and the page and
 * its size, as every paged list answers.
 */
export async function pageFor<T extends DynamicSelect>(
  q: PageQuery,
  rows: T,
  counted: DynamicSelect,
  where: SQL | undefined,
  order: (PgColumn | SQL)[],
) {
  const { limit, offset, page, pageSize } = pageOf(q);
  const { rows: items, total } = await pageAndTotal(rows, counted, where, order, { limit, offset });
  return { items, total, page, pageSize };
}
