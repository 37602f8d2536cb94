import type { Executor } from '../db/client';
import { insertTransition } from './repo';

export interface Transition {
  entity: string;
  entityId: number;
  from: string | null;
  to: string;
  event: string;
  actorId: number | null;
  remark?: string;
}

/** Records a state change of a domain entity, inside the caller's transaction. */
export async function recordTransition(exec: Executor, t: Transition): Promise<void> {
  await insertTransition(exec, {
    entity: t.entity,
    entityId: t.entityId,
    fromState: t.from,
    toState: t.to,
    event: t.event,
    actorId: t.actorId,
    remark: t.remark,
  });
}

/** The transition of a record added active (from no state). */
export const addedActive = (entity: string, entityId: number, actorId: number | null, remark?: string): Transition => ({
  entity,
  entityId,
  from: null,
  to: 'active',
  event: 'ADD',
  actorId,
  remark,
});

/** The transition of an active/inactive toggle that has just set `active`. */
export const activeToggle = (
  entity: string,
  entityId: number,
  active: boolean,
  actorId: number | null,
): Transition => ({
  entity,
  entityId,
  from: active ? 'inactive' : 'active',
  to: active ? 'active' : 'inactive',
  event: active ? 'ACTIVATE' : 'DEACTIVATE',
  actorId,
});
