import { type Column, getTableColumns, type InferSelectModel, is, type SQL, Table } from 'drizzle-orm';
import { type Executor, queryText } from './client';

const columnsOf = new WeakMap<Table, [string, Column][]>();

/**
 * A table's row from a plain-SQL result (`select t.* …`), typed and converted as drizzle's builder would answer it
 * (bigint as number, timestamps as Date): for the hot statements written with the `sql` template (decision 038).
 */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  let columns = columnsOf.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnsOf.set(table, columns);
  }
  const out: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as InferSelectModel<T>;
}

/**
 * The one way to read raw SQL (docs/architecture.md, "One query style"): ordinary statements use drizzle's builder;
 * a statement the builder cannot say, or a hot one written once as fixed text (decision 040), goes through `rawRows`
 * with the shape of its rows. Each value is converted one way whichever driver answered: node-postgres gives bigint
 * and numeric as text, PGlite as numbers; both give timestamps as Date.
 */
export type ColumnKind = 'int' | 'bigint' | 'numeric' | 'text' | 'bool' | 'timestamp' | 'date' | 'json';
export type RowShape = Readonly<Record<string, ColumnKind | `${ColumnKind}?`>>;
type ValueOf<K> = K extends `${infer B}?`
  ? ValueOf<B> | null
  : K extends 'int' | 'bigint' | 'numeric'
    ? number
    : K extends 'text' | 'date'
      ? string
      : K extends 'bool'
        ? boolean
        : K extends 'timestamp'
          ? Date
          : unknown;
export type RowOfShape<S extends RowShape> = { -readonly [K in keyof S]: ValueOf<S[K]> };

/** A statement sent as fixed text with its values (made once per shape: decision 040). */
export interface FixedText {
  text: string;
  values: unknown[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const CONVERT: Record<ColumnKind, (v: unknown) => unknown> = {
  int: Number,
  bigint: (v) => {
    const n = Number(v);
    if (!Number.isSafeInteger(n)) throw new Error(`A bigint column answered ${String(v)}, past a safe integer.`);
    return n;
  },
  numeric: Number,
  text: String,
  bool: (v) => v === true || v === 't' || v === 'true',
  timestamp: (v) => (v instanceof Date ? v : new Date(String(v))),
  // A date is a calendar day: node-postgres parses it to local midnight, PGlite and ::text casts give the text.
  date: (v) =>
    v instanceof Date ? `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}` : String(v).slice(0, 10),
  json: (v) => (typeof v === 'string' ? JSON.parse(v) : v),
};

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** One raw row in a shape: a key is read as written or in snake_case (`accountId` from account_id). */
export function rowInShape<S extends RowShape>(raw: Record<string, unknown>, shape: S): RowOfShape<S> {
  const out: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(shape)) {
    const value = key in raw ? raw[key] : raw[snake(key)];
    const optional = kind.endsWith('?');
    if (value === null || value === undefined) {
      if (!optional) throw new Error(`The raw row has no ${key}, which its shape requires.`);
      out[key] = null;
      continue;
    }
    out[key] = CONVERT[(optional ? kind.slice(0, -1) : kind) as ColumnKind](value);
  }
  return out as RowOfShape<S>;
}

/**
 * The rows of a raw statement (the `sql` template, or fixed text), each in `shape`, or as `table`'s row with the
 * `extra` columns the statement adds to it.
 */
export async function rawRows<S extends RowShape>(
  exec: Executor,
  query: SQL | FixedText,
  shape: S,
): Promise<RowOfShape<S>[]>;
export async function rawRows<T extends Table, S extends RowShape = Record<never, never>>(
  exec: Executor,
  query: SQL | FixedText,
  table: T,
  extra?: S,
): Promise<(InferSelectModel<T> & RowOfShape<S>)[]>;
export async function rawRows(exec: Executor, query: SQL | FixedText, shape: RowShape | Table, extra?: RowShape) {
  const raw = await driverRows(exec, query);
  if (!isTable(shape)) return raw.map((r) => rowInShape(r, shape));
  return raw.map((r) => (extra ? { ...rowOf(shape, r), ...rowInShape(r, extra) } : rowOf(shape, r)));
}

const isTable = (x: RowShape | Table): x is Table => is(x, Table);

async function driverRows(exec: Executor, query: SQL | FixedText): Promise<Record<string, unknown>[]> {
  if ('text' in query && 'values' in query && typeof (query as FixedText).text === 'string') {
    return queryText<Record<string, unknown>>(exec, query.text, query.values);
  }
  // Both drivers answer { rows }; drizzle types the result as the driver's own.
  const result = (await exec.execute(query as SQL)) as { rows: Record<string, unknown>[] };
  return result.rows;
}
