import type { Db, Executor } from '../../../db/client';
import { isForeignKeyViolation } from '../../../db/errors';
import { conflict, notFound } from '../../../http';
import { activeToggle, recordTransition } from '../../../plugins/audit';
import { evictUserSessions } from '../../../plugins/auth';
import { applyLineEvent, dispatch } from '../../commerce';
import { notifyUser } from '../../platform';
import * as persons from '../persons/service';
import * as repo from './repo';
import { ENTITY } from './rules';

// ---------------------------------------------------------------- delete, toggle, availability

/** DeleteProfessional: only one who never had an order line; otherwise 409 (deactivate them instead). */
export async function remove(db: Db, mobileNo: string) {
  const refused = () =>
    conflict(
      'MobileNo',
      'This professional has order lines, so their record is kept for the history: deactivate them instead.',
    );
  let userId = 0;
  await db
    .transaction(async (tx) => {
      const user = await repo.userByMobile(tx, mobileNo);
      if (!user?.isProfessional) throw notFound(`Professional with mobile number ${mobileNo}`);
      userId = user.id;
      if ((await repo.lineCount(tx, user.id)) > 0) throw refused();
      await repo.deleteUser(tx, user.id);
    })
    .catch((err) => {
      // Anything else that still names them (a query, a tip, a payment) keeps them too.
      if (isForeignKeyViolation(err)) throw refused();
      throw err;
    });
  evictUserSessions(userId);
}

/**
 * DeReActivateAll action1=Professional. Switching off ends their sessions (sign-in refuses an inactive account) and,
 * in the same transaction, sends each assigned or accepted line back to unassigned (RELEASE, in the transition log),
 * tells every admin, and pushes the change to the dispatch screens.
 */
export async function toggle(db: Db, id: number, actorId: number) {
  const result = await db.transaction(async (tx) => {
    const row = await repo.flipActive(tx, id);
    if (!row) throw notFound(`Professional ${id}`);
    await recordTransition(tx, activeToggle(ENTITY, id, row.active, actorId));
    if (row.active) return { ...row, released: [] as number[] };
    await persons.revokeSessions(tx, id);
    const lineIds = await repo.openLineIds(tx, id);
    const remark = 'The professional was switched off';
    for (const lineId of lineIds) {
      await applyLineEvent(tx, lineId, 'RELEASE', actorId, {
        remark,
        patch: { professionalUserId: null, assignedAt: null },
      });
    }
    if (lineIds.length) {
      const pro = await repo.detail(tx, id);
      const title = `${lineIds.length} job${lineIds.length === 1 ? '' : 's'} back to unassigned`;
      const body = `${pro?.fullName ?? 'A professional'} was switched off: order line${lineIds.length === 1 ? '' : 's'} ${lineIds.join(', ')} need${lineIds.length === 1 ? 's' : ''} a new professional.`;
      for (const adminId of await repo.activeAdmins(tx)) {
        await notifyUser(tx, { userId: adminId, kind: 'job_released', title, body, link: '/Orders/PendingOrders' });
      }
      // Staff and the professionals who could take the lines now see them unassigned (the last write).
      await dispatch.publishUnassigned(tx, lineIds, 'line_released');
    }
    return { ...row, released: lineIds };
  });
  if (!result.active) evictUserSessions(id);
  return { id: result.id, active: result.active };
}

/**
 * The professional's own 'Available' switch (ChangeMystatus builds on it; the test factory uses it): null when the
 * id is not a professional.
 */
export const setAvailable = (exec: Executor, userId: number, available: boolean) =>
  repo.setAvailable(exec, userId, available);
