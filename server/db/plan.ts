import {
  getTableName,
  type InferSelectModel,
  Name,
  Param,
  Placeholder,
  SQL,
  StringChunk,
  sql,
  Table,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { type FixedText, type RowOfShape, type RowShape, rawRows } from './rows';

/** A value a plan's statement computes (a column of an earlier step): opaque outside the repos. */
export type Expression = SQL;

/**
 * A relation an earlier step of a plan made, for later steps to read by name: never by the step's own aliases.
 */
export interface Output {
  /** The CTE's name, unique in its plan. */
  readonly name: string;
  /** The name as an identifier, for `from` and `join`. */
  readonly ref: SQL;
  /** One of its columns, qualified by the CTE's name. */
  col(column: string): SQL;
}

/**
 * The rows of an earlier step that a step writes once for each (a notice per ledger entry, a live event after the
 * invoice number). Without one, a step writes exactly one row.
 */
export interface PerRow {
  from: Output;
  where?: SQL;
}

/** `from <output> [where …]`, or nothing for exactly one row. */
export const perRowSource = (per?: PerRow): SQL =>
  per ? sql` from ${per.from.ref}${per.where ? sql` where ${per.where}` : sql``}` : sql``;

/**
 * One statement built from several domains' steps (docs/architecture.md, "The write-plan"): the way a write reaches
 * other domains' tables in the same round trip. Each domain's door offers typed steps (`planNotice`,
 * `planLiveEvent`, `planTransitionLog`, …) that add CTEs writing only that domain's tables. The plan names every CTE
 * uniquely, so two notices in one statement never collide, and a step reads an earlier one only through the
 * `Output` it answered. A statement refused by any step (an error raised in it) writes nothing at all.
 *
 * The same steps in the same order give the same text, so PostgreSQL's named statements (decision 035) keep serving
 * it; one repo runs the plan with its own final statement (`run`).
 */
export class WritePlan {
  readonly #ctes: SQL[] = [];
  readonly #used = new Map<string, number>();
  #ran = false;

  /** Adds `<name> as (<body>)` under a fresh name made from `label`; `body` may read the name it is given. */
  add(label: string, body: SQL | ((self: Output) => SQL)): Output {
    const seen = this.#used.get(label) ?? 0;
    this.#used.set(label, seen + 1);
    const out = outputNamed(seen === 0 ? label : `${label}_${seen + 1}`);
    this.#ctes.push(sql`${out.ref} as (${typeof body === 'function' ? body(out) : body})`);
    return out;
  }

  /** Whether any step was added. */
  get isEmpty(): boolean {
    return this.#ctes.length === 0;
  }

  /** Whether the plan's statement has run (a plan runs once). */
  get ran(): boolean {
    return this.#ran;
  }

  /** The whole statement: every step, then `final` (a select, or the host's own insert or update). */
  statement(final: SQL): SQL {
    return this.isEmpty ? final : sql`with ${sql.join(this.#ctes, sql`, `)} ${final}`;
  }

  /**
   * Runs the statement once, in the caller's transaction, answering `final`'s rows in `shape`, or as `table`'s rows
   * with the `extra` columns `final` adds (rawRows' two forms).
   */
  async run<S extends RowShape>(exec: Executor, final: SQL, shape: S): Promise<RowOfShape<S>[]>;
  async run<T extends Table, S extends RowShape = Record<never, never>>(
    exec: Executor,
    final: SQL,
    table: T,
    extra?: S,
  ): Promise<(InferSelectModel<T> & RowOfShape<S>)[]>;
  async run(exec: Executor, final: SQL, shape: RowShape | Table, extra?: RowShape) {
    if (this.#ran) throw new Error('A write-plan runs once.');
    this.#ran = true;
    return rawRows(exec, textOf(this.statement(final)), shape as Table, extra);
  }
}

/**
 * The plan's text, made once per shape. A hot plan (placing, a transfer) is the same statement with new values on
 * every call, and drizzle's rendering checks every chunk against a dozen kinds, which cost more CPU than the rest of
 * placing's own work. So the plan walks its chunks once, cheaply, collecting the values and a key made of the fixed
 * text with a mark where each value goes; drizzle renders the text the first time a key is seen, and its values are
 * checked to be the walk's. A chunk the walk does not know (a column, a view, a subquery) leaves the statement to
 * drizzle, whole.
 */
function textOf(statement: SQL): SQL | FixedText {
  const walked = walk(statement);
  if (!walked) return statement;
  const known = texts.get(walked.key);
  if (known !== undefined) return { text: known, values: walked.values };
  const rendered = dialect.sqlToQuery(statement);
  const same =
    rendered.params.length === walked.values.length && rendered.params.every((v, i) => v === walked.values[i]);
  if (!same) return statement;
  if (texts.size >= MAX_TEXTS) texts.clear();
  texts.set(walked.key, rendered.sql);
  return { text: rendered.sql, values: walked.values };
}

const dialect = new PgDialect();
const texts = new Map<string, string>();
const MAX_TEXTS = 500;

/** How many plan texts this process holds (a test's check that a shape is made once). */
export const planTextsHeld = () => texts.size;

/**
 * The key (fixed text, `\0?` for each value, `\0"name"` for an identifier, `\0T` and the name for a table) and the
 * values, or null. The app's tables are all in the default schema, so a table's name names it.
 */
function walk(statement: SQL): { key: string; values: unknown[] } | null {
  const parts: string[] = [];
  const values: unknown[] = [];
  const visit = (chunks: unknown[]): boolean => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) parts.push(chunk.value.join(''));
      else if (chunk instanceof SQL) {
        // biome-ignore lint/complexity/useLiteralKeys: drizzle keeps the flag private; an inlined value is not a param.
        if (chunk['shouldInlineParams'] || !visit(chunk.queryChunks)) return false;
      } else if (chunk instanceof Name) parts.push('\0"', chunk.value, '"');
      else if (chunk instanceof Table) parts.push('\0T', getTableName(chunk));
      else if (chunk instanceof Param) {
        // A builder's value (`eq(column, value)`): the column's encoder makes the driver's value, as drizzle does.
        if (chunk.value instanceof Placeholder) return false;
        const mapped = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
        if (mapped instanceof SQL) return false;
        parts.push('\0?');
        values.push(mapped);
      } else if (chunk === undefined) continue;
      else if (chunk === null || typeof chunk !== 'object' || chunk instanceof Date) {
        parts.push('\0?');
        values.push(chunk);
      } else return false;
    }
    return true;
  };
  return visit(statement.queryChunks) ? { key: parts.join(''), values } : null;
}

function outputNamed(name: string): Output {
  const ref = sql`${sql.identifier(name)}`;
  return { name, ref, col: (column) => sql`${ref}.${sql.identifier(column)}` };
}
