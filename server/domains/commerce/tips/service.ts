// Tips (CrudTipsManage and GetTips; a tip is 0 by default): the amounts the admin offers at checkout (decision 014).
// A tip is untaxed and held for the professional who carries out the order. Orders keep the tip they were
// charged (orders.tip_paise), so changing or deleting a tip amount never changes an order.
import type { Db, Executor } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import { badRequest, conflict, notFound } from '../../../http';
import { type Paise, paise } from '../../../money';
import { activeToggle, addedActive, recordTransition } from '../../../plugins/audit';
import * as repo from './repo';

export type { TipRow, TipStatus } from './repo';

export const MAX_TIP_PAISE = paise(1_00_000 * 100);
/** A checkout offers a handful of amounts; the list is never paged. */
export const MAX_TIPS = 20;

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
/** ₹1,000 (tips are whole rupees). */
export const tipText = (amount: Paise) => wholeRupees.format(amount / 100);

const taken = (amount: Paise) => `A tip of ${tipText(amount)} already exists.`;

/** Visitors and customers see the active tips; the admin chooses (`status`, default active). */
export const listTips = (exec: Executor, status: repo.TipStatus) => repo.listTips(exec, status);

function checkAmount(amount: Paise | undefined, field: string, action: string): Paise {
  if (amount === undefined) throw badRequest(field, `is required when Action1 is ${action}`);
  if (amount % 100 !== 0) throw badRequest(field, 'must be whole rupees');
  if (amount < 100 || amount > MAX_TIP_PAISE) throw badRequest(field, 'must be from 1 to 1,00,000 rupees');
  return amount;
}

function requireId(id: number | undefined, action: string): number {
  if (id === undefined) throw badRequest('id', `is required when Action1 is ${action}`);
  return id;
}

/** Turns the unique index's refusal (a concurrent add of the same amount) into the 409 the check gives. */
const onRace = (amount: Paise) => (err: unknown) => {
  if (uniqueViolation(err) !== null) throw conflict('TipAmnt', taken(amount));
  throw err;
};

export async function addTip(db: Db, amountIn: Paise | undefined, actorId: number) {
  const amount = checkAmount(amountIn, 'TipAmnt', 'Add');
  return db
    .transaction(async (tx) => {
      await repo.lockTipWrites(tx);
      if (await repo.findTipByAmount(tx, amount)) throw conflict('TipAmnt', taken(amount));
      if ((await repo.countTips(tx)) >= MAX_TIPS) {
        throw conflict('TipAmnt', `At most ${MAX_TIPS} tip amounts can be kept; delete one first.`);
      }
      const tip = await repo.insertTip(tx, amount);
      await recordTransition(tx, addedActive('Tip', tip.id, actorId, tipText(amount)));
      return tip;
    })
    .catch(onRace(amount));
}

export async function updateTip(db: Db, idIn: number | undefined, amountIn: Paise | undefined, actorId: number) {
  const id = requireId(idIn, 'Update');
  const amount = checkAmount(amountIn, 'TipAmnt', 'Update');
  return db
    .transaction(async (tx) => {
      const old = await repo.lockTip(tx, id);
      if (!old) throw notFound(`Tip ${id}`);
      if (await repo.findTipByAmount(tx, amount, id)) throw conflict('TipAmnt', taken(amount));
      const tip = await repo.updateTipAmount(tx, id, amount);
      const state = tip.active ? 'active' : 'inactive';
      await recordTransition(tx, {
        entity: 'Tip',
        entityId: id,
        from: state,
        to: state,
        event: 'CHANGE_AMOUNT',
        actorId,
        remark: `${tipText(old.amountPaise)} → ${tipText(amount)}`,
      });
      return tip;
    })
    .catch(onRace(amount));
}

/** Deleting is always allowed: orders keep the tip amount they were charged, not a link to the tip. */
export async function deleteTip(db: Db, idIn: number | undefined, actorId: number) {
  const id = requireId(idIn, 'Delete');
  return db.transaction(async (tx) => {
    const tip = await repo.lockTip(tx, id);
    if (!tip) throw notFound(`Tip ${id}`);
    await repo.deleteTip(tx, id);
    await recordTransition(tx, {
      entity: 'Tip',
      entityId: id,
      from: tip.active ? 'active' : 'inactive',
      to: 'deleted',
      event: 'DELETE',
      actorId,
      remark: tipText(tip.amountPaise),
    });
    return tip;
  });
}

/** DeReActivateAll?action1=Tip: flips the tip's active flag and records the transition, in one transaction. */
export async function toggleTip(db: Db, id: number, actorId: number) {
  return db.transaction(async (tx) => {
    const row = await repo.toggleTip(tx, id);
    if (!row) throw notFound(`Tip ${id}`);
    await recordTransition(tx, activeToggle('Tip', id, row.active, actorId));
    return row;
  });
}

/**
 * For the orders module: a tip must be 0 (the default) or one of the active tip amounts; otherwise 400
 * naming `field` and the amounts offered.
 */
export async function assertTipAmount(exec: Executor, tipPaise: Paise, field: string): Promise<void> {
  if (tipPaise === 0) return;
  if (await repo.findActiveTipByAmount(exec, tipPaise)) return;
  const offered = await repo.activeAmounts(exec);
  throw badRequest(
    field,
    offered.length
      ? `must be 0 or one of the tip amounts offered: ${offered.map(tipText).join(', ')}`
      : 'must be 0: no tips are offered right now',
  );
}
