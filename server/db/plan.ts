import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client';
import { type RowOfShape, type RowShape, rawRows } from './rows';

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

  /** Runs the statement once, in the caller's transaction, answering `final`'s rows in `shape`. */
  async run<S extends RowShape>(exec: Executor, final: SQL, shape: S): Promise<RowOfShape<S>[]> {
    if (this.#ran) throw new Error('A write-plan runs once.');
    this.#ran = true;
    return rawRows(exec, this.statement(final), shape);
  }
}

function outputNamed(name: string): Output {
  const ref = sql`${sql.identifier(name)}`;
  return { name, ref, col: (column) => sql`${ref}.${sql.identifier(column)}` };
}
