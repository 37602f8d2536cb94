// Completing a job with the customer's code, the admin's unlock after too many wrong codes, and the seed's visits.
import { timingSafeEqual } from 'node:crypto';
import { orderLineAllowedEvents } from '../../../../src/machines/orderLine/orderLine.machine';
import type { Db, Tx } from '../../../db/client';
import { badRequest, conflict, HttpError, notFound } from '../../../http';
import { paise, rupeesText, toRupees } from '../../../money';
import { recordTransition } from '../../../plugins/audit';
import { orderLines as lines } from '../../commerce';
import { referrals } from '../../marketing';
import { notifyUser, publishLive } from '../../platform';
import * as repo from './repo';
import { type Caller, JOB_RULES, JOB_TAGS } from './rules';

const locked = () =>
  new HttpError(
    423,
    'Completion locked',
    `The completion code was wrong ${JOB_RULES.maxCompletionAttempts} times: this job is locked. Call the office: the admin can unlock it once they have checked with the customer.`,
    [{ field: 'CompletionCode', message: 'is locked after too many wrong codes' }],
    { attemptsLeft: 0 },
  );

const wrongCode = (left: number) =>
  new HttpError(
    409,
    'Wrong completion code',
    `That is not the customer's code for this visit: ${left} ${left === 1 ? 'attempt' : 'attempts'} left before the job is locked.`,
    [
      {
        field: 'CompletionCode',
        message: `is not this visit's code (${left} ${left === 1 ? 'attempt' : 'attempts'} left)`,
      },
    ],
    { attemptsLeft: left },
  );

/** Compares two codes in constant time (the length is fixed by the contract). */
function sameCode(given: string, stored: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface CompleteInput {
  orderId: number;
  serviceId: number;
  code: string;
}

/**
 * The professional's Complete: only their own accepted job, only with the customer's code. A wrong code counts (the
 * count commits, then the refusal is answered); the fifth locks the job (423) until the admin resets it. The right
 * code completes the line (applyLineEvent COMPLETE), owes the order's tip to this professional when theirs is the
 * order's first completed line (once: professional_tips' key is the line), tells the customer and asks for a rating,
 * and pushes the change to the office, the customer and the professional, all in one transaction.
 */
export async function complete(db: Db, user: Caller, input: CompleteInput, now = new Date()) {
  const found = await repo.lineOf(db, input.orderId, input.serviceId);
  const missing = notFound(`Order ${input.orderId} with service ${input.serviceId}`);
  if (!found) throw missing;
  const outcome = await db.transaction(async (tx) => {
    const row = await repo.lockForCompletion(tx, found.id);
    if (!row || row.professionalUserId !== user.id) throw missing;
    if (!orderLineAllowedEvents(row.state).includes('COMPLETE')) throw lines.refused('COMPLETE', row.id, row.state);
    if (row.completionAttempts >= JOB_RULES.maxCompletionAttempts) throw locked();
    if (!row.completionCode) {
      throw conflict('CompletionCode', 'This visit has no completion code: call the office to complete it.');
    }
    if (!sameCode(input.code, row.completionCode)) {
      const attempts = row.completionAttempts + 1;
      await repo.setCompletionAttempts(tx, row.id, attempts);
      if (attempts >= JOB_RULES.maxCompletionAttempts) {
        await recordTransition(tx, {
          entity: lines.ENTITY,
          entityId: row.id,
          from: row.state,
          to: row.state,
          event: 'COMPLETION_LOCKED',
          actorId: user.id,
          remark: `${attempts} wrong completion codes`,
        });
        await publishLive(tx, {
          kind: 'job_completion_locked',
          tags: JOB_TAGS,
          roles: ['A', 'CD'],
          userIds: [user.id],
          payload: { lineId: row.id, orderId: row.orderId },
        });
      }
      return { wrong: true as const, left: JOB_RULES.maxCompletionAttempts - attempts };
    }
    const done = await completeLocked(tx, row, user.id, now);
    return { wrong: false as const, ...done };
  });
  if (outcome.wrong) throw outcome.left <= 0 ? locked() : wrongCode(outcome.left);
  return {
    lineId: found.id,
    state: 'completed',
    tip: toRupees(paise(outcome.tipPaise)),
    message:
      outcome.tipPaise > 0
        ? `Completed. The customer's tip of ${rupeesText(paise(outcome.tipPaise))} is yours; it is paid with your salary.`
        : 'Completed. The customer has been asked to rate the visit.',
  };
}

type LockedLine = NonNullable<Awaited<ReturnType<typeof repo.lockForCompletion>>>;

/** COMPLETE on a locked line whose code was checked (or the demo seed's visits): tip, notification, live event. */
async function completeLocked(tx: Tx, row: LockedLine, professionalUserId: number, now: Date) {
  await lines.applyLineEvent(tx, row.id, 'COMPLETE', professionalUserId, { now });
  const order = await repo.lockOrderForTip(tx, row.orderId, row.id);
  let tipPaise = 0;
  if (order.status === 'order created' && order.tipPaise > 0 && order.otherCompleted === 0) {
    const owed = await repo.oweTip(tx, {
      orderLineId: row.id,
      professionalUserId,
      amountPaise: order.tipPaise,
      createdAt: now,
    });
    if (owed) tipPaise = order.tipPaise;
  }
  // The customer's first completed visit pays whoever referred them (once; decision 024).
  await referrals.payReferralOnCompletion(tx, row.customerUserId, row.id, { now, actorId: professionalUserId });
  await notifyUser(tx, {
    userId: row.customerUserId,
    kind: 'order_completed',
    title: 'Visit completed',
    body: `${row.description} (order ${row.orderId}) is done. How did it go? Rate the visit in My account.`,
    link: '/MyAccounts?tab=orders',
  });
  await publishLive(tx, {
    kind: 'job_completed',
    tags: JOB_TAGS,
    roles: ['A', 'CD'],
    userIds: [row.customerUserId, professionalUserId],
    payload: { lineId: row.id, orderId: row.orderId, event: 'COMPLETE', state: 'completed', professionalUserId },
  });
  return { tipPaise };
}

/**
 * The demo seed's completion: the same write as the professional's, without the code at the door (the seed is the
 * customer and the professional at once). Never reachable over HTTP.
 */
export async function completeForSeed(tx: Tx, lineId: number, professionalUserId: number, now: Date) {
  const row = await repo.lockForCompletion(tx, lineId);
  if (!row) throw new Error(`completeForSeed: no line ${lineId}`);
  return completeLocked(tx, row, professionalUserId, now);
}

/** Professional/ResetCompletionAttempts: the admin unlocks a job's completion, with a remark in its log. */
export async function resetAttempts(db: Db, user: Caller, lineId: number, remarkText: string) {
  const remark = remarkText.trim();
  if (remark.length < 3) throw badRequest('Remark', 'say why the job is unlocked (at least 3 characters)');
  return db.transaction(async (tx) => {
    const row = await repo.lockForCompletion(tx, lineId);
    if (!row) throw notFound(`Order line ${lineId}`);
    if (row.completionAttempts === 0)
      throw conflict('OrderLineId', 'No wrong completion code was entered for this job.');
    await repo.setCompletionAttempts(tx, row.id, 0);
    await recordTransition(tx, {
      entity: lines.ENTITY,
      entityId: row.id,
      from: row.state,
      to: row.state,
      event: 'UNLOCK_COMPLETION',
      actorId: user.id,
      remark,
    });
    await publishLive(tx, {
      kind: 'job_completion_unlocked',
      tags: JOB_TAGS,
      roles: ['A', 'CD'],
      userIds: row.professionalUserId ? [row.professionalUserId] : [],
      payload: { lineId: row.id, orderId: row.orderId },
    });
    return { lineId: row.id, attemptsLeft: JOB_RULES.maxCompletionAttempts };
  });
}

/** Seed only: the professionals' rating figures made consistent with the rated lines. */
export const resyncRatingsForSeed = repo.resyncRatingsForSeed;
