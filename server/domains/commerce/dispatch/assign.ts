import { orderLineAllowedEvents } from '../../../../src/machines/orderLine/orderLine.machine';
import type { Db, Executor, Tx } from '../../../db/client';
import { type CurrentUser, conflict, notFound } from '../../../http';
import { type LiveEvent, notifyUser, publishLive } from '../../platform';
import { applyLineEvent } from '../orderLines/service';
import {
  assertAssignable,
  type EligibilityLine,
  type RefusalReason,
  suggestedForAny,
  suggestionsFor,
} from './eligibility';
import * as repo from './repo';
import { slotText } from './times';

/** The line (OrderId, ServiceId) names, or 404. */
async function lineIdOf(exec: Executor, orderId: number, serviceId: number) {
  const id = await repo.lineIdOf(exec, orderId, serviceId);
  if (id === null) throw notFound(`Order ${orderId} with service ${serviceId}`);
  return id;
}

/** GET Dispatch/GetSuggestions: the ranked professionals for one line (none when it cannot be assigned now). */
export async function suggestions(db: Db, orderId: number, serviceId: number, limit = 10, now = new Date()) {
  const line = await repo.lineForRulesOf(db, orderId, serviceId);
  if (!line) throw notFound(`Order ${orderId} with service ${serviceId}`);
  const id = line.id;
  const events = orderLineAllowedEvents(line.state);
  const assignable = events.includes('ASSIGN') || events.includes('REASSIGN');
  return {
    lineId: id,
    state: line.state,
    assignable,
    suggestions: assignable ? await suggestionsFor(db, line, { limit, now }) : [],
  };
}

const PRO_LINK = '/Dashboard/TechnicianDashboard';

export interface AssignInput {
  orderId: number;
  serviceId: number;
  technicianId: number;
  /** The admin's remark: overrides the overridable rules, and is kept in the line's history. */
  remark?: string | null;
}

/**
 * POST AssignTechnician: ASSIGN an unassigned line, or REASSIGN an assigned or accepted one to someone else, under
 * the line's row lock and then the professional's (eligibility.ts). A rule broken without a remark is 409 with the
 * reason; with one it is recorded on the line (`assignment_override`) and in the transition log. The professional
 * (and the one it was taken from) is notified; the screens of staff, the professionals and the customer update live.
 */
export async function assign(db: Db, user: Pick<CurrentUser, 'id'>, input: AssignInput, now = new Date()) {
  const lineId = await lineIdOf(db, input.orderId, input.serviceId);
  const before = (await repo.lineForRules(db, lineId))!;
  const event: 'ASSIGN' | 'REASSIGN' =
    before.state === 'assigned' || before.state === 'accepted' ? 'REASSIGN' : 'ASSIGN';
  const remark = input.remark?.trim() || null;
  return db.transaction(async (tx) => {
    const patch: NonNullable<Parameters<typeof applyLineEvent>[4]>['patch'] = {
      professionalUserId: input.technicianId,
      assignedAt: now,
      assignmentOverride: null,
    };
    let overridden: RefusalReason[] = [];
    // Typed by an assertion, not an annotation: set in a callback, they must not narrow to their first value.
    let previous = null as number | null;
    let row = null as { customerUserId: number; description: string; slotStart: Date } | null;
    const applied = await applyLineEvent(tx, lineId, event, user.id, {
      now,
      remark,
      professionalUserId: input.technicianId,
      patch,
      check: async (locked) => {
        row = locked;
        previous = locked.professionalUserId;
        if (locked.professionalUserId === input.technicianId) {
          throw conflict('TechnicianId', 'The line is already assigned to this professional.');
        }
        overridden = await assertAssignable(tx, {
          line: locked,
          professionalUserId: input.technicianId,
          now,
          override: remark,
        });
        if (overridden.length > 0) patch.assignmentOverride = `${overridden.join(', ')}: ${remark}`;
      },
    });
    // applyLineEvent ran check (or threw), so the locked row is set.
    const line = row!;
    const pro = (await repo.lockProfessional(tx, input.technicianId))!;
    await notifyUser(tx, {
      userId: input.technicianId,
      kind: 'job_assigned',
      title: 'New job',
      body: `${line.description} on ${slotText(line.slotStart)} (order ${input.orderId}) is assigned to you: please accept or reject it.`,
      link: PRO_LINK,
    });
    const was = previous;
    if (was !== null) {
      await notifyUser(tx, {
        userId: was,
        kind: 'job_reassigned',
        title: 'Job moved',
        body: `${line.description} on ${slotText(line.slotStart)} (order ${input.orderId}) was given to another professional.`,
        link: PRO_LINK,
      });
    }
    await publishLive(tx, {
      kind: event === 'ASSIGN' ? 'line_assigned' : 'line_reassigned',
      tags: ['Dispatch', 'ProfessionalJobs', 'OrderLines'],
      userIds: [input.technicianId, line.customerUserId, ...(was !== null ? [was] : [])],
      roles: ['A', 'CD'],
      payload: { lineId, orderId: input.orderId, serviceId: input.serviceId, professionalUserId: input.technicianId },
    });
    return {
      lineId,
      orderId: input.orderId,
      serviceId: input.serviceId,
      event,
      state: applied.to,
      allowedEvents: applied.allowedEvents,
      professional: { userId: pro.userId, fullName: pro.fullName, mobileNo: pro.mobileNo },
      overridden,
      override: patch.assignmentOverride ?? null,
      message:
        (event === 'ASSIGN' ? `Assigned to ${pro.fullName}.` : `Moved to ${pro.fullName}, who must accept it.`) +
        (overridden.length > 0 ? ' The rules you overrode are recorded.' : ''),
    };
  });
}

/**
 * The professionals publishUnassigned tells about lines (the rules' suggestions for each), read apart so that a
 * transaction can read them before the rows it holds longest (placing an order: decision 014). A line given whole
 * (as it was just written) saves reading it.
 */
export async function unassignedAudience(
  tx: Tx,
  lines: (number | (EligibilityLine & { professionalUserId: number | null }))[],
): Promise<number[]> {
  return suggestedForAny(tx, lines, 200);
}

/**
 * Tells everyone who could take lines that just became unassigned (paid, rejected, released): staff, and the
 * professionals the rules would suggest for each (`audience`: unassignedAudience read earlier in the same
 * transaction). Call it inside the transaction that made them unassigned, as its last write (publishLive).
 */
export async function publishUnassigned(tx: Tx, lineIds: number[], kind = 'line_unassigned', audience?: number[]) {
  if (lineIds.length === 0) return;
  await publishLive(tx, unassignedEvent(lineIds, kind, audience ?? (await unassignedAudience(tx, lineIds))));
}

/** The live event publishUnassigned writes, for a statement that writes it itself (live's publishLiveCtes). */
export const unassignedEvent = (lineIds: number[], kind: string, audience: number[]): LiveEvent => ({
  kind,
  tags: ['Dispatch', 'ProfessionalJobs'],
  userIds: audience,
  roles: ['A', 'CD'],
  payload: { lineIds },
});
