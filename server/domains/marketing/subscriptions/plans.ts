import type { Db, Executor, Tx } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import type { PageQuery } from '../../../db/paging';
import { badRequest, conflict, notFound } from '../../../http';
import { type Paise, rupeesText } from '../../../money';
import { activeToggle, addedActive, recordTransition } from '../../../plugins/audit';
import { checkOptionalImage, type Storage } from '../../../plugins/storage';
import { MAX_PLAN_PRICE, monthsText, PLAN_ENTITY } from './common';
import * as repo from './repo';

// Plans the admin sells for a number of months.

export interface Plan extends repo.PlanRow {
  /** How many purchases name it (the admin's reads only). */
  purchases: number | null;
  discounts: repo.DiscountRow[];
}

/** On sale: switched on and not deleted. */
export const onSale = (p: repo.PlanRow) => p.status && !p.isDelete;
const stateOf = (p: repo.PlanRow) => (p.isDelete ? 'deleted' : p.status ? 'active' : 'inactive');

async function withDiscounts(
  exec: Executor,
  rows: (repo.PlanRow & { purchases?: number })[],
  view: { live: boolean; admin: boolean },
): Promise<Plan[]> {
  const discounts = await repo.discountsOfPlans(
    exec,
    rows.map((r) => r.id),
    view.live,
  );
  return rows.map(({ purchases, ...r }) => ({
    ...r,
    purchases: view.admin ? (purchases ?? null) : null,
    discounts: discounts.filter((d) => d.subscriptionId === r.id),
  }));
}

/**
 * A page of plans with their discounts. The admin sees every plan (filters by status and deletion) with every
 * discount and the purchase count; everyone else sees the plans on sale with their discounts that apply now.
 * With `id`, a plan the caller may not see is 404.
 */
export async function listPlans(
  db: Db,
  q: PageQuery & { id?: number },
  view: { admin: boolean; status?: repo.PlanStatusFilter; deleted?: repo.DeletedFilter },
) {
  const page = await repo.pagePlans(db, q, {
    onSale: !view.admin,
    status: view.status ?? 'all',
    // One plan by id is found whether deleted or not.
    deleted: q.id ? 'all' : (view.deleted ?? 'N'),
  });
  if (q.id && page.items.length === 0) throw notFound(`Subscription plan ${q.id}`);
  return { ...page, items: await withDiscounts(db, page.items, { live: !view.admin, admin: view.admin }) };
}

export async function getPlan(exec: Executor, id: number, view = { live: false, admin: true }): Promise<Plan> {
  const row = await repo.findPlan(exec, id);
  if (!row) throw notFound(`Subscription plan ${id}`);
  const purchases = view.admin ? await repo.purchaseCount(exec, id) : undefined;
  return (await withDiscounts(exec, [{ ...row, purchases }], view))[0];
}

export interface PlanInput {
  subscriptionName: string;
  durationInMonths: number;
  pricePaise: Paise;
  imagebase64Data?: string;
  fileName?: string | null;
}

function checkPlan(input: PlanInput) {
  const subscriptionName = input.subscriptionName.trim().replace(/\s+/g, ' ');
  if (!subscriptionName) throw badRequest('subscriptionName', 'must not be empty');
  if (!Number.isInteger(input.durationInMonths) || input.durationInMonths < 1 || input.durationInMonths > 60) {
    throw badRequest('durationInMonths', 'must be a whole number of months from 1 to 60');
  }
  if (input.pricePaise < 100 || input.pricePaise > MAX_PLAN_PRICE) {
    throw badRequest('price', 'must be from 1 to 1,00,000 rupees');
  }
  return subscriptionName;
}

const nameTaken = (name: string) => conflict('subscriptionName', `A plan named ${name} already exists.`);
const onNameRace = (name: string) => (err: unknown) => {
  if (uniqueViolation(err) === 'subscription_plans_name_uq') throw nameTaken(name);
  throw err;
};
export const planText = (p: { subscriptionName: string; pricePaise: number; durationInMonths: number }) =>
  `${p.subscriptionName}: ${rupeesText(p.pricePaise)} for ${monthsText(p.durationInMonths)}`;

/** AddSubscriptionDetails: a new plan, on sale at once. */
export async function addPlan(db: Db, storage: Storage, input: PlanInput, actorId: number): Promise<Plan> {
  const subscriptionName = checkPlan(input);
  const image = await checkOptionalImage(input.imagebase64Data, 'imagebase64Data');
  if (await repo.findPlanByName(db, subscriptionName)) throw nameTaken(subscriptionName);
  const id = await storage
    .withFiles([image && { folder: 'subscriptions', file: image }], async ([imageUrl]) => ({
      result: await db.transaction(async (tx) => {
        const values = { subscriptionName, durationInMonths: input.durationInMonths, pricePaise: input.pricePaise };
        const id = await repo.insertPlan(tx, {
          ...values,
          imageUrl,
          imageName: imageUrl ? input.fileName?.trim() || null : null,
        });
        await recordTransition(tx, addedActive(PLAN_ENTITY, id, actorId, planText(values)));
        return id;
      }),
    }))
    .catch(onNameRace(subscriptionName));
  return getPlan(db, id);
}

/** Withdraws a plan for good inside the caller's transaction (the plan is locked); false when it already was. */
async function withdraw(tx: Tx, plan: repo.PlanRow, actorId: number) {
  if (plan.isDelete) return false;
  await repo.updatePlan(tx, plan.id, { isDelete: true });
  await recordTransition(tx, {
    entity: PLAN_ENTITY,
    entityId: plan.id,
    from: stateOf(plan),
    to: 'deleted',
    event: 'WITHDRAW',
    actorId,
    remark: planText(plan),
  });
  return true;
}

/**
 * UpdateSubscriptionDetails: name, months, price, picture, and optionally its status or withdrawal. Purchases keep
 * the price and months they were bought with. A deleted plan is not changed (409).
 */
export async function updatePlan(
  db: Db,
  storage: Storage,
  id: number,
  input: PlanInput & { status?: boolean; isDelete?: boolean },
  actorId: number,
): Promise<Plan> {
  const subscriptionName = checkPlan(input);
  if (!(await repo.findPlan(db, id))) throw notFound(`Subscription plan ${id}`);
  const image = await checkOptionalImage(input.imagebase64Data, 'imagebase64Data');
  await storage
    .withFiles([image && { folder: 'subscriptions', file: image }], async ([newUrl]) =>
      db.transaction(async (tx) => {
        const old = await repo.lockPlan(tx, id);
        if (!old) throw notFound(`Subscription plan ${id}`);
        if (old.isDelete) {
          throw conflict('id', `${old.subscriptionName} was deleted and cannot be changed: add a new plan instead.`);
        }
        if (await repo.findPlanByName(tx, subscriptionName, id)) throw nameTaken(subscriptionName);
        const status = input.status ?? old.status;
        await repo.updatePlan(tx, id, {
          subscriptionName,
          durationInMonths: input.durationInMonths,
          pricePaise: input.pricePaise,
          status,
          ...(newUrl ? { imageUrl: newUrl, imageName: input.fileName?.trim() || null } : {}),
        });
        const changes = [
          old.subscriptionName !== subscriptionName ? `name ${old.subscriptionName} → ${subscriptionName}` : null,
          old.pricePaise !== input.pricePaise
            ? `price ${rupeesText(old.pricePaise)} → ${rupeesText(input.pricePaise)}`
            : null,
          old.durationInMonths !== input.durationInMonths
            ? `duration ${monthsText(old.durationInMonths)} → ${monthsText(input.durationInMonths)}`
            : null,
          newUrl ? 'picture' : null,
        ].filter(Boolean);
        const state = stateOf(old);
        await recordTransition(tx, {
          entity: PLAN_ENTITY,
          entityId: id,
          from: state,
          to: state,
          event: 'CHANGE',
          actorId,
          remark: changes.length ? changes.join('; ') : 'no change',
        });
        if (status !== old.status) await recordTransition(tx, activeToggle(PLAN_ENTITY, id, status, actorId));
        if (input.isDelete) await withdraw(tx, { ...old, subscriptionName, status }, actorId);
        return { result: undefined, replaced: newUrl ? [old.imageUrl] : [] };
      }),
    )
    .catch(onNameRace(subscriptionName));
  return getPlan(db, id);
}

/** DELETE DeleteSubscriptionDetails: removes a plan nobody ever bought (nor tried to), with its discounts. */
export async function deletePlan(db: Db, storage: Storage, id: number, actorId: number) {
  return storage.withFiles([], async () =>
    db.transaction(async (tx) => {
      const plan = await repo.lockPlan(tx, id);
      if (!plan) throw notFound(`Subscription plan ${id}`);
      const bought = await repo.purchaseCount(tx, id);
      if (bought > 0) {
        throw conflict(
          'id',
          `${plan.subscriptionName} was bought ${bought === 1 ? 'once' : `${bought} times`}: it is kept for its customers. Withdraw it instead (soft delete).`,
        );
      }
      await repo.deletePlan(tx, id);
      await recordTransition(tx, {
        entity: PLAN_ENTITY,
        entityId: id,
        from: stateOf(plan),
        to: 'removed',
        event: 'DELETE',
        actorId,
        remark: planText(plan),
      });
      return { result: plan, replaced: [plan.imageUrl] };
    }),
  );
}

/** PUT DeleteSubscriptionDetails: withdrawn for good; holders keep it until it ends. Again: no change. */
export async function softDeletePlan(db: Db, id: number, actorId: number) {
  await db.transaction(async (tx) => {
    const plan = await repo.lockPlan(tx, id);
    if (!plan) throw notFound(`Subscription plan ${id}`);
    await withdraw(tx, plan, actorId);
  });
  return getPlan(db, id);
}

/** Puts a plan on or off sale; a deleted plan never goes back on sale (409). */
async function setStatus(db: Db, id: number, status: boolean | null, actorId: number) {
  return db.transaction(async (tx) => {
    const plan = await repo.lockPlan(tx, id);
    if (!plan) throw notFound(`Subscription plan ${id}`);
    const next = status ?? !plan.status;
    if (next && plan.isDelete) {
      throw conflict('id', `${plan.subscriptionName} was deleted: it cannot go on sale again. Add a new plan instead.`);
    }
    if (next !== plan.status) {
      await repo.updatePlan(tx, id, { status: next });
      await recordTransition(tx, activeToggle(PLAN_ENTITY, id, next, actorId));
    }
    return { id, active: next };
  });
}

/** Common/ChangesubscriptionStatus. */
export async function changePlanStatus(db: Db, id: number, status: boolean, actorId: number) {
  await setStatus(db, id, status, actorId);
  return getPlan(db, id);
}

/** The Subscription toggle (DeReActivateAll): a plan on or off sale. */
export const togglePlan = (db: Db, id: number, actorId: number): Promise<{ id: number; active: boolean }> =>
  setStatus(db, id, null, actorId);
