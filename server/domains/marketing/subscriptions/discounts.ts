import type { Db, Executor } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import { badRequest, conflict, notFound } from '../../../http';
import { mulDivHalfUp, paise, rupeesText, toPaise } from '../../../money';
import { activeToggle, addedActive, recordTransition } from '../../../plugins/audit';
import { DISCOUNT_ENTITY } from './common';
import * as repo from './repo';

// A plan's discounts on services.

export interface DiscountInput {
  subscriptionId: number;
  serviceId: number;
  discountType: repo.DiscountType;
  /** Percent for 'P'; rupees for 'F' (as the API sends it). */
  discount: number;
  /** The request's name of the discount field (AddDiscountDetailsForService says discount, Update Discount). */
  discountField: string;
}

/** One unit of the service after its catalogue discount, before GST: what an 'F' discount must stay below. */
const unitValue = (s: { pricePaise: number; discountPercent: number }) =>
  paise(mulDivHalfUp(s.pricePaise, 100 - s.discountPercent, 100));

/** The discount as stored ('P' percent, 'F' paise), checked against the service; the plan and service must exist. */
async function checkDiscount(exec: Executor, d: DiscountInput) {
  if (d.discountType !== 'P' && d.discountType !== 'F') throw badRequest('DiscountType', 'must be P or F');
  const plan = await repo.findPlan(exec, d.subscriptionId);
  if (!plan) throw badRequest('SubscriptionID', `there is no plan ${d.subscriptionId}`);
  const service = await repo.findService(exec, d.serviceId);
  if (!service) throw badRequest('ServiceID', `there is no service ${d.serviceId}`);
  let stored: number;
  if (d.discountType === 'P') {
    if (!Number.isInteger(d.discount) || d.discount < 1 || d.discount > 100) {
      throw badRequest(d.discountField, 'must be a whole percent from 1 to 100');
    }
    stored = d.discount;
  } else {
    stored = toPaise(d.discount, d.discountField);
    const value = unitValue(service);
    if (stored <= 0) throw badRequest(d.discountField, 'must be more than 0 rupees');
    if (stored >= value) {
      throw badRequest(
        d.discountField,
        `must be less than ${rupeesText(value)}, the price of ${service.heading} after its discount`,
      );
    }
  }
  return { plan, service, stored };
}

const discountText = (type: repo.DiscountType, stored: number) =>
  type === 'P' ? `${stored}% off` : `${rupeesText(stored)} off each`;

const discountTaken = (plan: string, service: string) =>
  conflict('ServiceID', `${plan} already has a discount on ${service}: change that one instead.`);

export async function getDiscount(exec: Executor, id: number) {
  const row = await repo.findDiscount(exec, id);
  if (!row) throw notFound(`Subscription discount ${id}`);
  return row;
}

/** AddDiscountDetailsForService: one discount per plan and service; a deleted plan takes none. */
export async function addDiscount(db: Db, d: DiscountInput, actorId: number) {
  const { plan, service, stored } = await checkDiscount(db, d);
  const id = await db
    .transaction(async (tx) => {
      const locked = await repo.lockPlan(tx, plan.id);
      if (!locked) throw badRequest('SubscriptionID', `there is no plan ${d.subscriptionId}`);
      if (locked.isDelete) {
        throw conflict('SubscriptionID', `${locked.subscriptionName} was deleted: it takes no new discounts.`);
      }
      if (await repo.findDiscountFor(tx, plan.id, service.id)) {
        throw discountTaken(locked.subscriptionName, service.heading);
      }
      const id = await repo.insertDiscount(tx, {
        subscriptionId: plan.id,
        serviceId: service.id,
        discountType: d.discountType,
        discount: stored,
      });
      await recordTransition(
        tx,
        addedActive(
          DISCOUNT_ENTITY,
          id,
          actorId,
          `${locked.subscriptionName}: ${discountText(d.discountType, stored)} ${service.heading}`,
        ),
      );
      return id;
    })
    .catch((err) => {
      if (uniqueViolation(err) === 'subscription_discounts_uq')
        throw discountTaken(plan.subscriptionName, service.heading);
      throw err;
    });
  return getDiscount(db, id);
}

/** UpdateDiscountDetailsForService: the same rules; orders placed keep what they got. */
export async function updateDiscount(db: Db, id: number, d: DiscountInput, actorId: number) {
  if (!(await repo.findDiscount(db, id))) throw notFound(`Subscription discount ${id}`);
  const { plan, service, stored } = await checkDiscount(db, d);
  await db
    .transaction(async (tx) => {
      const old = await repo.lockDiscount(tx, id);
      if (!old) throw notFound(`Subscription discount ${id}`);
      const locked = await repo.lockPlan(tx, plan.id);
      if (!locked) throw badRequest('SubscriptionID', `there is no plan ${d.subscriptionId}`);
      if (locked.isDelete && locked.id !== old.subscriptionId) {
        throw conflict('SubscriptionID', `${locked.subscriptionName} was deleted: it takes no new discounts.`);
      }
      if (await repo.findDiscountFor(tx, plan.id, service.id, id)) {
        throw discountTaken(locked.subscriptionName, service.heading);
      }
      await repo.updateDiscount(tx, id, {
        subscriptionId: plan.id,
        serviceId: service.id,
        discountType: d.discountType,
        discount: stored,
      });
      const state = old.status ? 'active' : 'inactive';
      await recordTransition(tx, {
        entity: DISCOUNT_ENTITY,
        entityId: id,
        from: state,
        to: state,
        event: 'CHANGE',
        actorId,
        remark: `${discountText(old.discountType, old.discount)} → ${locked.subscriptionName}: ${discountText(d.discountType, stored)} ${service.heading}`,
      });
    })
    .catch((err) => {
      if (uniqueViolation(err) === 'subscription_discounts_uq')
        throw discountTaken(plan.subscriptionName, service.heading);
      throw err;
    });
  return getDiscount(db, id);
}

/** DeleteDiscountDetailsForService: later checkouts no longer give it. */
export async function deleteDiscount(db: Db, id: number, actorId: number) {
  const row = await getDiscount(db, id);
  await db.transaction(async (tx) => {
    const old = await repo.lockDiscount(tx, id);
    if (!old) throw notFound(`Subscription discount ${id}`);
    await repo.deleteDiscount(tx, id);
    await recordTransition(tx, {
      entity: DISCOUNT_ENTITY,
      entityId: id,
      from: old.status ? 'active' : 'inactive',
      to: 'removed',
      event: 'DELETE',
      actorId,
      remark: `${row.subscriptionName}: ${discountText(old.discountType, old.discount)} ${row.serviceName}`,
    });
  });
  return row;
}

export async function listDiscounts(db: Db, q: repo.DiscountQuery) {
  const page = await repo.pageDiscounts(db, q);
  if (q.id && page.items.length === 0) throw notFound(`Subscription discount ${q.id}`);
  return page;
}

/** The SubscriptionService toggle (DeReActivateAll): a plan's discount on one service on or off. */
export async function toggleDiscount(db: Db, id: number, actorId: number): Promise<{ id: number; active: boolean }> {
  return db.transaction(async (tx) => {
    const row = await repo.lockDiscount(tx, id);
    if (!row) throw notFound(`Subscription discount ${id}`);
    const active = !row.status;
    await repo.updateDiscount(tx, id, { status: active });
    await recordTransition(tx, activeToggle(DISCOUNT_ENTITY, id, active, actorId));
    return { id, active };
  });
}
