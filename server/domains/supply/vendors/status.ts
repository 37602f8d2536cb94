import type { Db } from '../../../db/client';
import { HttpError, notFound } from '../../../http';
import { paise, rupeesText } from '../../../money';
import { activeToggle, recordTransition } from '../../../plugins/audit';
import { evictUserSessions } from '../../../plugins/auth';
import { persons } from '../../fieldService';
import { wallets } from '../../money';
import * as repo from './repo';
import { ENTITY, REQUEST_END_STATES } from './rules';

const statusDto = (s: { userId: number; available: boolean; active: boolean }) => ({
  userId: s.userId,
  status: s.available,
  available: s.available,
  active: s.active,
});

export async function status(db: Db, userId: number) {
  const s = await repo.statusOf(db, userId);
  if (!s) throw notFound(`Vendor ${userId}`);
  return statusDto(s);
}

/** The vendor's own availability switch (the admin may set it too); recorded like a toggle. */
export async function setStatus(db: Db, userId: number, available: boolean, actorId: number) {
  await db.transaction(async (tx) => {
    if (!(await repo.setAvailable(tx, userId, available))) throw notFound(`Vendor ${userId}`);
    await recordTransition(tx, {
      entity: `${ENTITY}Status`,
      entityId: userId,
      from: null,
      to: available ? 'available' : 'unavailable',
      event: available ? 'AVAILABLE' : 'UNAVAILABLE',
      actorId,
    });
  });
  return status(db, userId);
}

/**
 * DeReActivateAll action1=Vendor: flips the account's active flag. Switching off ends their sessions (sign-in refuses
 * an inactive account); their requests and wallet stay as they are.
 */
export async function toggle(db: Db, id: number, actorId: number) {
  const row = await db.transaction(async (tx) => {
    const flipped = await repo.flipActive(tx, id);
    if (!flipped) throw notFound(`Vendor ${id}`);
    await recordTransition(tx, activeToggle(ENTITY, id, flipped.active, actorId));
    if (!flipped.active) await persons.revokeSessions(tx, id);
    return flipped;
  });
  if (!row.active) evictUserSessions(id);
  return { id: row.id, active: row.active };
}

/**
 * DeleteVendor: a soft delete (the record stays for their paid requests and invoices; the account is switched off).
 * Refused, with every reason, while they have professionals, open product requests or money in their wallet. The
 * vendor's row is locked first, so a request submitted meanwhile waits and is then seen.
 */
export async function remove(db: Db, id: number, actorId: number) {
  await db.transaction(async (tx) => {
    if (!(await repo.lock(tx, id))) throw notFound(`Vendor ${id}`);
    const reasons: string[] = [];
    const pros = await repo.professionalCount(tx, id);
    if (pros > 0) {
      reasons.push(
        `${pros} professional${pros === 1 ? ' works' : 's work'} for them: move them to another vendor first`,
      );
    }
    const open = await repo.openRequestIds(tx, id, REQUEST_END_STATES);
    if (open.length) {
      reasons.push(
        `product request${open.length === 1 ? '' : 's'} ${open.join(', ')}${open.length === 10 ? ' and more' : ''} ${open.length === 1 ? 'is' : 'are'} still open: let ${open.length === 1 ? 'it' : 'them'} be issued, cancelled or rejected first`,
      );
    }
    const balance = await wallets.walletBalance(tx, 'vendor', id);
    if (balance !== 0) {
      reasons.push(`their wallet holds ${rupeesText(paise(balance))}: settle it to zero first`);
    }
    if (reasons.length) {
      throw new HttpError(
        409,
        'Conflict',
        `This vendor cannot be deleted: ${reasons.join('; ')}.`,
        reasons.map((message) => ({ field: 'id', message })),
      );
    }
    await repo.markDeleted(tx, id);
    await persons.revokeSessions(tx, id);
    await recordTransition(tx, {
      entity: ENTITY,
      entityId: id,
      from: 'active',
      to: 'deleted',
      event: 'DELETE',
      actorId,
    });
  });
  evictUserSessions(id);
}
