import type { Db, Executor } from '../../../db/client';
import type { PerRow, WritePlan } from '../../../db/plan';
import type { RoleCode } from '../../../http';
import * as repo from './repo';

/**
 * Something changed that open screens should show without a reload (decision 015). `tags` are the API tags
 * (x-invalidates) whose cached reads the change touches; the browser invalidates them. The event reaches the listed
 * users and everyone signed in with one of the listed roles.
 */
export interface LiveEvent {
  kind: string;
  tags: string[];
  userIds?: number[];
  roles?: RoleCode[];
  payload?: Record<string, unknown>;
}

/**
 * Publishes a live event inside the caller's transaction: it exists, and is pushed, exactly when the change commits.
 * Make it the transaction's last write: it takes the live events' ordering lock (repo.ts), held until the commit, so
 * ids become visible in order; a row lock taken after it could wait on a transaction that waits on this one.
 */
export async function publishLive(exec: Executor, e: LiveEvent): Promise<number> {
  return repo.insertAndNotify(exec, rowOf(e));
}

/**
 * publishLive as steps of another domain's write-plan, one event per row of `per`: a plan that takes another shared
 * row publishes after it in the same round trip, so both are held for that statement and the commit alone (orders'
 * payment: the invoice number, then the event).
 */
export const planLiveEvent = (plan: WritePlan, e: LiveEvent, per?: PerRow) => repo.planLiveEvent(plan, rowOf(e), per);

const rowOf = (e: LiveEvent) => ({
  kind: e.kind,
  tags: e.tags,
  userIds: [...new Set(e.userIds ?? [])],
  roles: e.roles ?? [],
  payload: e.payload ?? {},
});

/** How long events are kept for resuming clients (decision 015). */
export const RETENTION_MS = 24 * 60 * 60_000;

/** Deletes the events older than the retention (keeping the newest); returns how many went. */
export async function pruneLiveEvents(db: Db, now = new Date(), retentionMs = RETENTION_MS): Promise<number> {
  return repo.pruneBefore(db, new Date(now.getTime() - retentionMs));
}
