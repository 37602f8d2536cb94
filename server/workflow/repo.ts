import { type AnyColumn, and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../src/api/schema.gen';
import type { Executor } from '../db/client';
import type { Output, WritePlan } from '../db/plan';
import { transitionLog, users } from '../db/schema';

export interface TransitionRow {
  entity: string;
  entityId: number;
  fromState: string | null;
  toState: string;
  event: string;
  actorId: number | null;
  remark: string | null;
}

/**
 * One transition row as a step of the write-plan an event's write runs (applyEvent): plain SQL, not the insert
 * builder, since every step of every workflow writes one (decision 038).
 */
export const planTransitionLog = (plan: WritePlan, row: TransitionRow) =>
  plan.add(
    'transition_logged',
    sql`insert into transition_log (entity, entity_id, from_state, to_state, event, actor_id, remark)
    values (${row.entity}::text, ${row.entityId}::int, ${row.fromState}::text, ${row.toState}::text, ${row.event}::text,
      ${row.actorId}::int, ${row.remark}::text)`,
  );

/** A transition a machine decided for rows that a plan's earlier step makes (enterMachine). */
export interface PlannedTransition {
  fromState: string | null;
  toState: string;
  event: string;
}

/**
 * The same transitions, in order, logged for every row an earlier step of the plan answers (by its `id` column): the
 * new lines of an order as they are placed.
 */
export const planTransitionsOf = (
  plan: WritePlan,
  rows: Output,
  o: { entity: string; actorId: number | null; transitions: PlannedTransition[] },
) =>
  plan.add(
    'transitions_logged',
    sql`insert into transition_log (entity, entity_id, from_state, to_state, event, actor_id)
    select ${o.entity}::text, ${rows.col('id')}, s.from_state, s.to_state, s.event, ${o.actorId}::int
      from ${rows.ref} cross join (values ${sql.join(
        o.transitions.map((t, n) => sql`(${n}::int, ${t.fromState}::text, ${t.toState}::text, ${t.event}::text)`),
        sql`, `,
      )}) s(n, from_state, to_state, event)
     order by ${rows.col('id')}, s.n`,
  );

/** Runs a plan whose entity write added no statement of its own: its steps alone. */
export async function runPlanSteps(exec: Executor, plan: WritePlan): Promise<void> {
  await plan.run(exec, sql`select 1 as done`, {});
}

/** Several transition rows in one statement (applyEventToMany). */
export async function insertTransitionRows(exec: Executor, rows: TransitionRow[]): Promise<void> {
  if (rows.length === 0) return;
  await exec.insert(transitionLog).values(rows);
}

/** An entity's transitions, oldest first, with the name of whoever caused each (null for the system). */
export function selectTransitions(exec: Executor, entity: string, entityId: number) {
  return exec
    .select({
      id: transitionLog.id,
      at: transitionLog.at,
      fromState: transitionLog.fromState,
      toState: transitionLog.toState,
      event: transitionLog.event,
      actorId: transitionLog.actorId,
      actorName: users.fullName,
      remark: transitionLog.remark,
    })
    .from(transitionLog)
    .leftJoin(users, eq(users.id, transitionLog.actorId))
    .where(and(eq(transitionLog.entity, entity), eq(transitionLog.entityId, entityId)))
    .orderBy(asc(transitionLog.at), asc(transitionLog.id));
}

/** One transition as `transitionsJson` gives it: the contract's Transition (`at` is the timestamp's JSON text). */
export type TransitionJson = components['schemas']['Transition'];

/**
 * `selectTransitions` as a JSON array column, for a query that answers a record with its history in one round
 * trip: `entityId` is the record's id column in that query.
 */
export const transitionsJson = (entity: string, entityId: AnyColumn | SQL) =>
  sql<TransitionJson[]>`(select coalesce(json_agg(json_build_object('at', t.at, 'fromState', t.from_state,
    'toState', t.to_state, 'event', t.event, 'actorName', u.full_name, 'remark', t.remark) order by t.at, t.id),
    '[]'::json) from transition_log t left join users u on u.id = t.actor_id
    where t.entity = ${entity} and t.entity_id = ${entityId})`;
