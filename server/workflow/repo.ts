import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
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

export async function insertTransitionRow(exec: Executor, row: TransitionRow): Promise<void> {
  await exec.insert(transitionLog).values(row);
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
