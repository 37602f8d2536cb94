import { type AnyStateMachine, type StateValue, transition } from 'xstate';
import type { Executor } from '../db/client';
import { type Output, WritePlan } from '../db/plan';
import { HttpError, notFound } from '../http';
import {
  insertTransitionRows,
  type PlannedTransition,
  planTransitionLog,
  planTransitionsOf,
  runPlanSteps,
  selectTransitions,
  type TransitionRow,
} from './repo';

/** A persisted state value as text: `created`, or `a.b` for a nested state. */
export function stateText(value: StateValue): string {
  if (typeof value === 'string') return value;
  const keys = Object.keys(value);
  // A parallel state has no single path to store; none of our domain machines has one.
  if (keys.length !== 1) throw new Error(`Cannot store the parallel state value ${JSON.stringify(value)}`);
  const inner = value[keys[0]];
  return inner === undefined ? keys[0] : `${keys[0]}.${stateText(inner)}`;
}

/** The state value of stored text (the inverse of stateText). */
export function stateValueOf(text: string): StateValue {
  const [head, ...rest] = text.split('.');
  return rest.length === 0 ? head : { [head]: stateValueOf(rest.join('.')) };
}

/** The event types `snapshot` accepts, in the order the machine declares them. */
function acceptedEvents(snapshot: ReturnType<AnyStateMachine['resolveState']>): string[] {
  const types = new Set<string>();
  for (const node of snapshot._nodes) {
    for (const type of node.ownEvents) if (!type.startsWith('xstate.') && type !== '*') types.add(type);
  }
  return [...types].filter((type) => snapshot.can({ type }));
}

export interface ApplyOptions<T extends Executor, R extends { state: string }> {
  machine: AnyStateMachine;
  /** The transition log's entity name (`PaymentIntent`). */
  entity: string;
  id: number;
  event: { type: string; [key: string]: unknown };
  /** Who sent the event; null for the system (webhook, job). */
  actorId: number | null;
  remark?: string | null;
  /** The machine's context, for machines whose guards read it; most domain machines have none. */
  context?: Record<string, unknown>;
  /** The caller's repo: the entity's row, `SELECT … FOR UPDATE`, or null when there is none. */
  lock: (tx: T, id: number) => Promise<R | null>;
  /**
   * The caller's repo: stores the new state (and whatever else the caller writes with this event). `plan` already
   * holds the transition row: a write may add its own steps and run the plan with its statement, saving a round
   * trip; when it does not run it, applyEvent does.
   */
  write: (tx: T, id: number, nextState: string, plan: WritePlan) => Promise<unknown>;
}

export interface Applied<R> {
  from: string;
  to: string;
  /** The events the new state accepts (for the reply and the screen's buttons). */
  allowedEvents: string[];
  /** The row as `lock` read it, before this event. */
  row: R;
}

/**
 * Applies one command to a persisted entity (docs/workflows-and-money.md), inside the caller's transaction: lock the row, rebuild the
 * machine's snapshot from the stored state, refuse what the machine refuses (409 with the state and the allowed
 * events), compute the next state with xstate's pure `transition`, write it and log who, when, from, to, event and
 * remark. `write` is called on self-transitions too (VERIFY), so data written with the event is never dropped; and
 * they are logged, because the command itself is worth auditing.
 */
export async function applyEvent<T extends Executor, R extends { state: string }>(
  tx: T,
  o: ApplyOptions<T, R>,
): Promise<Applied<R>> {
  const row = await o.lock(tx, o.id);
  if (!row) throw notFound(`${o.entity} ${o.id}`);
  const { to, allowedEvents } = decide(o.machine, o.entity, o.id, row.state, o.event, o.context);
  const logRow: TransitionRow = {
    entity: o.entity,
    entityId: o.id,
    fromState: row.state,
    toState: to,
    event: o.event.type,
    actorId: o.actorId,
    remark: o.remark ?? null,
  };
  const plan = new WritePlan();
  planTransitionLog(plan, logRow);
  await o.write(tx, o.id, to, plan);
  if (!plan.ran) await runPlanSteps(tx, plan);
  return { from: row.state, to, allowedEvents, row };
}

/**
 * The machine's answer to `event` in state `from`, without touching the database: the next state and the events it
 * accepts, or a 409 with the state and the allowed events. applyEvent and applyEventToMany decide with it, and so does
 * a write that makes new rows already past their first transition (an order paid as it is placed).
 */
export function decide(
  machine: AnyStateMachine,
  entity: string,
  id: number | null,
  from: string,
  event: { type: string; [key: string]: unknown },
  context: Record<string, unknown> = {},
): { to: string; allowedEvents: string[] } {
  const snapshot = machine.resolveState({ value: stateValueOf(from), context });
  if (!snapshot.can(event)) {
    const which = id === null ? `an ${entity}` : `${entity} ${id}`;
    throw new HttpError(409, 'Event not allowed', `${event.type} is not allowed while ${which} is ${from}.`, [], {
      state: from,
      allowedEvents: acceptedEvents(snapshot),
    });
  }
  const [next] = transition(machine, snapshot, event);
  return { to: stateText(next.value), allowedEvents: acceptedEvents(next) };
}

/**
 * New rows entering a machine, written by the caller's own plan step (an order's lines, as it is placed): the machine
 * decides, from its initial state, where `events` take them (a refusal is the usual 409), and `log` adds the
 * transitions (CREATE, then each event) for every row the caller's step answers. The caller writes the rows in
 * `state`.
 */
export function enterMachine(o: {
  machine: AnyStateMachine;
  entity: string;
  events: string[];
  actorId: number | null;
}): { state: string; log: (plan: WritePlan, rows: Output) => Output } {
  // The machines that make rows here start in a top-level state.
  const initial = String(o.machine.config.initial);
  const transitions: PlannedTransition[] = [{ fromState: null, toState: initial, event: 'CREATE' }];
  let state = initial;
  for (const type of o.events) {
    const { to } = decide(o.machine, o.entity, null, state, { type });
    transitions.push({ fromState: state, toState: to, event: type });
    state = to;
  }
  return {
    state,
    log: (plan, rows) => planTransitionsOf(plan, rows, { entity: o.entity, actorId: o.actorId, transitions }),
  };
}

export interface ApplyManyOptions<T extends Executor, R extends { id: number; state: string }> {
  machine: AnyStateMachine;
  entity: string;
  event: { type: string; [key: string]: unknown };
  actorId: number | null;
  remark?: string | null;
  /** The caller's repo: the rows, locked in id order. */
  lockMany: (tx: T) => Promise<R[]>;
  /** The caller's repo: stores the new states, given the rows' ids by the state each moves to. */
  writeMany: (tx: T, byState: Map<string, number[]>) => Promise<unknown>;
}

/**
 * applyEvent's batch form: one event to several rows of one entity (every line of an order). The rows are locked,
 * the machine decides for each (one refusal refuses all, before anything is written), the states are written by
 * state, and the transitions are logged in one statement.
 */
export async function applyEventToMany<T extends Executor, R extends { id: number; state: string }>(
  tx: T,
  o: ApplyManyOptions<T, R>,
): Promise<Applied<R>[]> {
  const rows = await o.lockMany(tx);
  const decided = rows.map((row) => ({ row, ...decide(o.machine, o.entity, row.id, row.state, o.event) }));
  const byState = new Map<string, number[]>();
  for (const d of decided) byState.set(d.to, [...(byState.get(d.to) ?? []), d.row.id]);
  await o.writeMany(tx, byState);
  await insertTransitionRows(
    tx,
    decided.map((d) => ({
      entity: o.entity,
      entityId: d.row.id,
      fromState: d.row.state,
      toState: d.to,
      event: o.event.type,
      actorId: o.actorId,
      remark: o.remark ?? null,
    })),
  );
  return decided.map((d) => ({ from: d.row.state, to: d.to, allowedEvents: d.allowedEvents, row: d.row }));
}

export type TransitionEntry = Awaited<ReturnType<typeof selectTransitions>>[number];

/** One transition as a detail page's history shows it: the log's own ids left out. */
export const historyEntry = ({ at, fromState, toState, event, actorName, remark }: TransitionEntry) => ({
  at,
  fromState,
  toState,
  event,
  actorName,
  remark,
});

/** An entity's transition log, oldest first, with each actor's name: the history on detail pages. */
export function transitionsOf(exec: Executor, entity: string, id: number): Promise<TransitionEntry[]> {
  return selectTransitions(exec, entity, id);
}
