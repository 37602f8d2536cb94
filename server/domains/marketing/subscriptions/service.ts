// Subscriptions (issue 11 §3; SPEC §3 subscription and subscription discount per service, §7 Subscriptions): plans the
// admin sells for a number of months, each with discounts on services, and the plans customers buy from their wallet
// or through a payment provider (docs/decisions/023-subscriptions.md).
import type { Db, Executor, Tx } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import type { PageQuery } from '../../../db/paging';
import { badRequest, type CurrentUser, conflict, type HttpError, idempotencyKeyReused, notFound } from '../../../http';
import { mulDivHalfUp, type Paise, paise, rupeesText, toPaise } from '../../../money';
import { activeToggle, recordTransition } from '../../../plugins/audit';
import type { PaymentProviders } from '../../../plugins/payments';
import type { PaymentProviderCode } from '../../../plugins/payments/provider';
import { checkOptionalImage, type Storage } from '../../../plugins/storage';
import { isPartyRole } from '../../../roles';
import { payments, wallets } from '../../money';
import * as repo from './repo';

export type { DeletedFilter, PlanStatusFilter } from './repo';

export const PLAN_ENTITY = 'SubscriptionPlan';
export const DISCOUNT_ENTITY = 'SubscriptionDiscount';
export const PURCHASE_ENTITY = 'CustomerSubscription';
/** The payment intents' purpose of a plan paid through a provider. */
export const SUBSCRIPTION_PURPOSE = 'Subscription';

export const MAX_PLAN_PRICE = paise(1_00_000 * 100);

// ---------------------------------------------------------------------------------------------- for the checkout

/** What the checkout reads of the customer's plan: 'P' percent, or 'F' paise off each unit. */
export interface PlanDiscounts {
  customerSubscriptionId: number;
  subscriptionId: number;
  subscriptionName: string;
  discounts: Map<number, { discountType: 'P' | 'F'; discount: number }>;
}

/**
 * For the checkout (the lead's quote): the plan the customer holds at `at` (bought, paid, started and not ended) with
 * its discounts that are switched on, for `serviceIds`; null when they hold none. A plan taken off sale or deleted
 * since still counts for those who bought it.
 */
export async function activePlanDiscounts(
  exec: Executor,
  customerUserId: number,
  serviceIds: number[],
  at: Date,
): Promise<PlanDiscounts | null> {
  const plan = await repo.activePlanOf(exec, customerUserId, at);
  if (!plan) return null;
  const rows = await repo.planDiscounts(exec, plan.subscriptionId, [...new Set(serviceIds)]);
  return {
    ...plan,
    discounts: new Map(rows.map((r) => [r.serviceId, { discountType: r.discountType, discount: r.discount }])),
  };
}

// ---------------------------------------------------------------------------------------------- dates

const IST_MS = 330 * 60_000;

/**
 * `n` calendar months after `d`, counted on India's calendar: 10 Jan 14:00 → 10 Apr 14:00; a day the month does not
 * have becomes its last day (31 Jan + 1 month = 28 or 29 Feb).
 */
export function addMonths(d: Date, n: number): Date {
  const local = new Date(d.getTime() + IST_MS);
  const day = local.getUTCDate();
  local.setUTCDate(1);
  local.setUTCMonth(local.getUTCMonth() + n);
  const last = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
  local.setUTCDate(Math.min(day, last));
  return new Date(local.getTime() - IST_MS);
}

/** 12 Mar 2026 (India time). */
export const dayText = (d: Date) =>
  d.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

const monthsText = (n: number) => (n === 1 ? '1 month' : `${n} months`);

// ---------------------------------------------------------------------------------------------- plans

export interface Plan extends repo.PlanRow {
  /** How many purchases name it (the admin's reads only). */
  purchases: number | null;
  discounts: repo.DiscountRow[];
}

/** On sale: switched on and not deleted. */
const onSale = (p: repo.PlanRow) => p.status && !p.isDelete;
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
const planText = (p: { subscriptionName: string; pricePaise: number; durationInMonths: number }) =>
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
        await recordTransition(tx, {
          entity: PLAN_ENTITY,
          entityId: id,
          from: null,
          to: 'active',
          event: 'ADD',
          actorId,
          remark: planText(values),
        });
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

// ---------------------------------------------------------------------------------------------- discounts

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
      await recordTransition(tx, {
        entity: DISCOUNT_ENTITY,
        entityId: id,
        from: null,
        to: 'active',
        event: 'ADD',
        actorId,
        remark: `${locked.subscriptionName}: ${discountText(d.discountType, stored)} ${service.heading}`,
      });
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

// ---------------------------------------------------------------------------------------------- purchases

export type PurchaseStatus = 'awaitingPayment' | 'active' | 'ended' | 'failed';

export interface Purchase extends repo.PurchaseRow {
  status: PurchaseStatus;
  paidBy: string;
  checkoutUrl: string | null;
}

export function purchaseOf(p: repo.PurchaseRow, now = new Date()): Purchase {
  const status: PurchaseStatus = p.state === 'active' ? (p.endsAt && p.endsAt > now ? 'active' : 'ended') : p.state;
  const url = (p.checkout as { checkoutUrl?: unknown } | null)?.checkoutUrl;
  return {
    ...p,
    status,
    paidBy: p.provider ?? 'Wallet',
    checkoutUrl: status === 'awaitingPayment' && typeof url === 'string' ? url : null,
  };
}

/** Why a customer cannot buy now: a plan running, or one awaiting its payment. */
function holdingRefusal(h: repo.PurchaseRow): HttpError {
  return h.state === 'awaitingPayment'
    ? conflict(
        'SubscriptionID',
        `Your purchase of ${h.subscriptionName} is awaiting its payment: finish or cancel that payment first.`,
      )
    : conflict(
        'SubscriptionID',
        `You already hold ${h.subscriptionName} until ${dayText(h.endsAt!)}: you can buy a plan again once it ends.`,
      );
}

export type PayMode = 'Wallet' | PaymentProviderCode;

export interface TakeRequest {
  customerUserId: number;
  subscriptionId: number;
  mode: PayMode;
  idempotency: wallets.Idempotency;
  actor: { id: number };
  /** The site's origin for the provider's return address (provider modes). */
  origin?: string;
  now?: Date;
}

export interface Taken extends Purchase {
  replayed: boolean;
}

/** The first result for a repeated Idempotency-Key; another request under the key is 422. */
async function replayOf(exec: Executor, r: TakeRequest): Promise<Taken | null> {
  if (!r.idempotency.key) return null;
  const found = await repo.purchaseByIdempotencyKey(exec, r.customerUserId, r.idempotency.key);
  if (!found) return null;
  if (found.requestHash !== r.idempotency.hash) {
    throw idempotencyKeyReused('This Idempotency-Key was already used for a different request; nothing was bought.');
  }
  return { ...purchaseOf((await repo.findPurchase(exec, found.id))!), replayed: true };
}

/** The wallet pays a purchase inside the caller's transaction: one transfer, customer wallet → revenue. */
async function payFromWallet(
  tx: Tx,
  p: { id: number; customerUserId: number; subscriptionName: string; pricePaise: Paise; durationInMonths: number },
  wallet: number,
  actorId: number | null,
  amountField: string,
  idempotency?: wallets.Idempotency,
) {
  return wallets.post(tx, {
    kind: 'subscription_payment',
    legs: [
      { accountId: wallet, amount: -p.pricePaise },
      { accountId: wallets.systemAccountId('revenue'), amount: p.pricePaise },
    ],
    reference: `Subscription ${p.id}`,
    remark: `Plan ${p.subscriptionName} (${monthsText(p.durationInMonths)})`,
    actorId,
    idempotency,
    amountField,
    amount: p.pricePaise,
  });
}

const refusePending = (err: unknown, name: string) => {
  if (uniqueViolation(err) === 'customer_subscriptions_pending_uq') {
    throw conflict(
      'SubscriptionID',
      `A purchase of yours is awaiting its payment: finish or cancel it before buying ${name}.`,
    );
  }
  throw err;
};

/**
 * Customer/TakeSubscription. In one transaction, under a lock on the customer's account: a plan not ended or a
 * purchase awaiting payment refuses (409); the wallet pays at once (one transfer, the plan active from now for its
 * months), or a provider payment is opened (the purchase awaits it). The provider's order is asked for afterwards.
 */
export async function takeSubscription(db: Db, providers: PaymentProviders, r: TakeRequest): Promise<Taken> {
  if (r.mode !== 'Wallet' && !providers.isAvailable(r.mode)) {
    throw badRequest(
      'ApiName',
      `${r.mode} is not set up on this server: choose ${['Wallet', ...providers.modes].join(', ')}`,
    );
  }
  const made = await db
    .transaction(async (tx) => {
      const replay = await replayOf(tx, r);
      if (replay) return { replay, intent: null, id: 0 };
      if (!(await repo.lockCustomer(tx, r.customerUserId))) throw notFound(`Customer ${r.customerUserId}`);
      // A twin under the same key may have bought while this one waited for the lock.
      const twin = await replayOf(tx, r);
      if (twin) return { replay: twin, intent: null, id: 0 };
      const plan = await repo.findPlan(tx, r.subscriptionId);
      if (!plan || !onSale(plan)) throw notFound(`Subscription plan ${r.subscriptionId}`);
      const now = r.now ?? new Date();
      const holding = await repo.holdingOf(tx, r.customerUserId, now);
      if (holding) throw holdingRefusal(holding);
      const person = (await repo.person(tx, r.customerUserId))!;
      const wallet = await wallets.openWallet(tx, 'customer', person);
      const terms = { pricePaise: plan.pricePaise, durationInMonths: plan.durationInMonths };
      if (r.mode === 'Wallet') {
        const balance = await wallets.walletBalance(tx, 'customer', r.customerUserId);
        if (balance < plan.pricePaise) {
          throw conflict(
            'ApiName',
            `Your wallet holds ${rupeesText(balance)}, less than the ${rupeesText(plan.pricePaise)} of ${plan.subscriptionName}: top it up, or pay with a payment provider.`,
          );
        }
        const endsAt = addMonths(now, plan.durationInMonths);
        const id = await repo.insertPurchase(tx, {
          customerUserId: r.customerUserId,
          subscriptionId: plan.id,
          state: 'active',
          ...terms,
          startsAt: now,
          endsAt,
          createdAt: now,
        });
        const posted = await payFromWallet(
          tx,
          { id, customerUserId: r.customerUserId, subscriptionName: plan.subscriptionName, ...terms },
          wallet,
          r.actor.id,
          'ApiName',
          r.idempotency,
        );
        // Never reached with a replayed key (the purchase of that transfer was found above); never active unpaid.
        if (posted.replayed) throw conflict('Idempotency-Key', 'This Idempotency-Key was already used.');
        await repo.updatePurchase(tx, id, { transferId: posted.transferId });
        await recordTransition(tx, {
          entity: PURCHASE_ENTITY,
          entityId: id,
          from: null,
          to: 'active',
          event: 'PAID_FROM_WALLET',
          actorId: r.actor.id,
          remark: `${planText(plan)}, until ${dayText(endsAt)}`,
        });
        return { replay: null, intent: null, id };
      }
      const id = await repo.insertPurchase(tx, {
        customerUserId: r.customerUserId,
        subscriptionId: plan.id,
        state: 'awaitingPayment',
        ...terms,
        createdAt: now,
      });
      const intent = await payments.createIntent(tx, {
        provider: r.mode,
        purpose: SUBSCRIPTION_PURPOSE,
        payer: { id: r.customerUserId, role: 'Cust' },
        accountId: wallet,
        amount: plan.pricePaise,
        actorId: r.actor.id,
      });
      await repo.updatePurchase(tx, id, { paymentIntentId: intent.id });
      await recordTransition(tx, {
        entity: PURCHASE_ENTITY,
        entityId: id,
        from: null,
        to: 'awaitingPayment',
        event: 'PAY_WITH_PROVIDER',
        actorId: r.actor.id,
        remark: `${planText(plan)} through ${r.mode}`,
      });
      return { replay: null, intent: { intent, person }, id };
    })
    .catch((err) => refusePending(err, `plan ${r.subscriptionId}`));
  if (made.replay) return made.replay;
  if (made.intent) {
    const origin = r.origin ?? '';
    await payments.requestProviderOrder(
      db,
      providers,
      made.intent.intent,
      made.intent.person,
      `${origin}/SubscriptionPlan?UID=${made.intent.intent.orderId}`,
      origin,
      r.actor.id,
    );
  }
  return { ...purchaseOf((await repo.findPurchase(db, made.id))!), replayed: false };
}

const PURPOSE_MESSAGES = {
  failed: 'The payment failed: your plan was not bought. You can try again.',
  cancelled: 'The payment was cancelled: your plan was not bought. You can try again.',
  expired: 'The payment was not completed in time: your plan was not bought. You can try again.',
  mismatch:
    'The payment did not match its purchase (amount, currency or payer): your plan was not bought. Please contact us.',
  pending: 'The payment is not complete yet. Please check again in a minute.',
};

async function failPurchase(tx: Tx, p: repo.PurchaseRow, actorId: number | null, why: string) {
  await repo.updatePurchase(tx, p.id, { state: 'failed' });
  await recordTransition(tx, {
    entity: PURCHASE_ENTITY,
    entityId: p.id,
    from: 'awaitingPayment',
    to: 'failed',
    event: 'PAYMENT_FAILED',
    actorId,
    remark: why,
  });
}

// Settle (payments) calls these for intents of purpose 'Subscription', in its own transaction: the provider's money is
// in the customer's wallet by then, and the wallet pays the plan, which runs from this moment.
payments.registerPurpose(SUBSCRIPTION_PURPOSE, {
  messages: PURPOSE_MESSAGES,
  async paid(tx, intent, credit, actorId) {
    const got = rupeesText(intent.amount);
    const p = await repo.lockPurchaseOfIntent(tx, intent.id);
    if (p?.state !== 'awaitingPayment') return { message: `${got} was received and added to your wallet.` };
    if (credit.balance < p.pricePaise) {
      const why = `${got} was added to your wallet, but the wallet no longer holds the plan's ${rupeesText(p.pricePaise)}.`;
      await failPurchase(tx, p, actorId, why);
      return { message: `${why} The plan was not bought: try again.` };
    }
    const now = new Date();
    const endsAt = addMonths(now, p.durationInMonths);
    const posted = await payFromWallet(tx, p, intent.accountId, actorId, 'orderID');
    await repo.updatePurchase(tx, p.id, { state: 'active', startsAt: now, endsAt, transferId: posted.transferId });
    await recordTransition(tx, {
      entity: PURCHASE_ENTITY,
      entityId: p.id,
      from: 'awaitingPayment',
      to: 'active',
      event: 'PAYMENT_SETTLED',
      actorId,
      remark: `paid through ${intent.provider}, until ${dayText(endsAt)}`,
    });
    return { message: `Payment received: ${p.subscriptionName} is yours until ${dayText(endsAt)}.` };
  },
  async closed(tx, intent, state, actorId) {
    const p = await repo.lockPurchaseOfIntent(tx, intent.id);
    if (p?.state !== 'awaitingPayment') return;
    await failPurchase(tx, p, actorId, `the payment ${state === 'expired' ? 'expired' : `was ${state}`}`);
  },
});

/** Customer/CheckSubscriptionPayment: the payer (or staff) verifies; another payer's or another purpose's is 404. */
export async function checkPayment(db: Db, providers: PaymentProviders, user: CurrentUser, orderId: string) {
  const intent = await payments.findIntent(db, { orderId });
  if (
    !intent ||
    intent.purpose !== SUBSCRIPTION_PURPOSE ||
    (isPartyRole(user.role) && intent.payerUserId !== user.id)
  ) {
    throw notFound(`Payment ${orderId}`);
  }
  const settled = await payments.settle(db, providers, orderId, user.id);
  const p = await repo.findPurchaseOfIntent(db, intent.id);
  if (!p) throw notFound(`Payment ${orderId}`);
  return { message: settled.message, data: purchaseOf(p) };
}

/** A customer's purchases (or everyone's, for staff), newest first, with the one that holds them now. */
export async function history(
  db: Db,
  customerUserId: number | null,
  q: PageQuery & { subscriptionId?: number },
  now = new Date(),
) {
  const page = await repo.pagePurchases(db, { ...q, customerUserId: customerUserId ?? undefined });
  const current = customerUserId ? await repo.holdingOf(db, customerUserId, now) : undefined;
  return {
    ...page,
    items: page.items.map((p) => purchaseOf(p, now)),
    current: current ? purchaseOf(current, now) : null,
  };
}

/**
 * GetSubscriptionBySubscriptionID: the plan with the discounts that apply now, and the customer's purchases of it. A
 * customer sees a plan on sale or one they bought; anything else is 404.
 */
export async function planForCustomer(
  db: Db,
  user: CurrentUser,
  subscriptionId: number,
  customerUserId: number | null,
) {
  const admin = user.role === 'A';
  const plan = await getPlan(db, subscriptionId, { live: !admin, admin });
  const purchases = customerUserId
    ? (await repo.pagePurchases(db, { customerUserId, subscriptionId, pageSize: 50 })).items.map((p) => purchaseOf(p))
    : [];
  if (isPartyRole(user.role) && !onSale(plan) && purchases.length === 0) {
    throw notFound(`Subscription plan ${subscriptionId}`);
  }
  return { plan, purchases };
}
