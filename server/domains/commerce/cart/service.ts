import type { Db, Executor } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../http';
import { type Paise, paise, priceBreakdown } from '../../../money';
import { defaultPinCodeOf } from '../addresses/service';
import { assertSlotHasCapacity } from '../dispatch/service';
import * as repo from './repo';
import { assertSlot } from './slots';

export const MAX_QUANTITY = 99;

/** What checkout (the orders module) reads of the cart: each line with its service's price terms and SAC code. */
export type CheckoutCartLine = {
  serviceId: number;
  quantity: number;
  slotStart: Date | null;
  heading: string;
  categoryId: number;
  sacCode: string;
  pricePaise: Paise;
  discountPercent: number;
  gstPercent: number;
  available: boolean;
  /** Added as part of a special package (decision 022). */
  packageId: number | null;
};

export async function cartForCheckout(exec: Executor, customerUserId: number): Promise<CheckoutCartLine[]> {
  const rows = await repo.linesOf(exec, customerUserId);
  return rows.map((r) => ({
    serviceId: r.serviceId,
    quantity: r.quantity,
    slotStart: r.slotStart,
    heading: r.heading,
    categoryId: r.categoryId,
    sacCode: r.sacCode,
    pricePaise: r.pricePaise,
    discountPercent: r.discountPercent,
    gstPercent: r.gstPercent,
    available: !!r.available,
    packageId: r.packageId,
  }));
}

/**
 * The cart as the page shows it: per line the unit price terms and the line's amounts for its quantity (discounted
 * taxable value, GST, total; priceBreakdown on the line's gross amount), and totals over the available lines.
 * The binding amounts are the checkout quote's.
 */
export async function cartDetails(exec: Executor, customerUserId: number) {
  const rows = await repo.linesOf(exec, customerUserId);
  let gross = 0;
  let taxable = 0;
  let gst = 0;
  let total = 0;
  let quantity = 0;
  const lines = rows.map((r) => {
    const grossPaise = paise(r.pricePaise * r.quantity);
    const b = priceBreakdown(grossPaise, r.discountPercent, r.gstPercent);
    const available = !!r.available;
    if (available) {
      gross += grossPaise;
      taxable += b.discountedPaise;
      gst += b.gstPaise;
      total += b.finalPaise;
      quantity += r.quantity;
    }
    return {
      id: r.id,
      serviceId: r.serviceId,
      heading: r.heading,
      imageUrl: r.imageUrl,
      subCategoryId: r.subCategoryId,
      categoryId: r.categoryId,
      quantity: r.quantity,
      slotStart: r.slotStart,
      available,
      pricePaise: r.pricePaise,
      discountPercent: r.discountPercent,
      gstPercent: r.gstPercent,
      grossPaise,
      taxablePaise: b.discountedPaise,
      gstPaise: b.gstPaise,
      totalPaise: b.finalPaise,
    };
  });
  return {
    lines,
    totals: {
      quantity,
      grossPaise: paise(gross),
      discountPaise: paise(gross - taxable),
      taxablePaise: paise(taxable),
      gstPaise: paise(gst),
      totalPaise: paise(total),
    },
    unavailableCount: lines.filter((l) => !l.available).length,
  };
}

async function serviceOnOffer(exec: Executor, serviceId: number, field = 'ServiceId') {
  const service = await repo.findService(exec, serviceId);
  if (!service) throw notFound(`Service ${serviceId}`);
  if (!service.available) throw conflict(field, `${service.heading} is not available now.`);
  return service;
}

/**
 * Slot capacity (decision 016) at the customer's default address, when they have one: the slot needs a professional
 * who serves its zone with the skill and is free. Checkout checks again at the address the order is placed at.
 */
async function assertCapacity(exec: Executor, customerUserId: number, serviceId: number, slotStart: Date) {
  const pinCode = defaultPinCodeOf(customerUserId);
  await assertSlotHasCapacity(exec, { serviceId, pinCode, slotStart, field: 'SchedulingDateTime' });
}

/** Adds one of a service (a new line, or the line raised by 1), with the slot when one is given. */
export async function addToCart(
  db: Db,
  customerUserId: number,
  serviceId: number,
  slotStart: Date | null,
  now = new Date(),
) {
  if (slotStart) assertSlot(slotStart, 'SchedulingDateTime', now);
  const service = await serviceOnOffer(db, serviceId);
  if (slotStart) await assertCapacity(db, customerUserId, serviceId, slotStart);
  const line = await repo.upsertLine(db, { customerUserId, serviceId, quantity: 1, slotStart }, 'refuse');
  if (!line) {
    const existing = await repo.findLine(db, customerUserId, serviceId);
    if (existing?.packageId) await refusePackageLine(db, existing.packageId, service.heading);
    throw conflict('ServiceId', `The cart already holds ${MAX_QUANTITY} of ${service.heading}, the most.`);
  }
  return {
    data: { serviceId, quantity: line.quantity },
    message: line.quantity === 1 ? CART_MESSAGES.added : CART_MESSAGES.increased,
  };
}

/**
 * The cart's replies, the same words the visitor's cart shows (src/machines/localCart). The cart holds services, so
 * it says so, where the specification's toasts said "product" (decision 047).
 */
export const CART_MESSAGES = {
  added: 'Service added to your cart',
  increased: 'Quantity increased',
  decreased: 'Quantity decreased',
  removed: 'Service removed from your cart',
} as const;

export type QuantityFlag = 'Increment' | 'Increament' | 'Decrement';

/** Raises ('Increment') or lowers ('Increament', the specification's spelling, or 'Decrement') a line by 1; lowering 1 removes it. */
export async function changeQuantity(db: Db, customerUserId: number, serviceId: number, flag: QuantityFlag) {
  return db.transaction(async (tx) => {
    const line = await repo.lockLine(tx, customerUserId, serviceId);
    if (!line) throw notFound(`Service ${serviceId} in your cart`);
    if (line.packageId) await refusePackageLine(tx, line.packageId);
    if (flag === 'Increment') {
      if (line.quantity >= MAX_QUANTITY) {
        throw conflict('flag', `The cart holds at most ${MAX_QUANTITY} of a service.`);
      }
      await serviceOnOffer(tx, serviceId);
      await repo.updateLine(tx, line.id, { quantity: line.quantity + 1 });
      return { data: { serviceId, quantity: line.quantity + 1 }, message: CART_MESSAGES.increased };
    }
    if (line.quantity <= 1) {
      await repo.deleteLine(tx, line.id);
      return { data: { serviceId, quantity: 0 }, message: CART_MESSAGES.removed };
    }
    await repo.updateLine(tx, line.id, { quantity: line.quantity - 1 });
    return { data: { serviceId, quantity: line.quantity - 1 }, message: CART_MESSAGES.decreased };
  });
}

/** Removes a service's line; a line of a special package takes the whole package's lines with it (decision 022). */
export async function removeFromCart(db: Db, customerUserId: number, serviceId: number) {
  return db.transaction(async (tx) => {
    const line = await repo.lockLine(tx, customerUserId, serviceId);
    if (!line) throw notFound(`Service ${serviceId} in your cart`);
    if (line.packageId) await repo.deletePackageLines(tx, customerUserId, line.packageId);
    else await repo.deleteLine(tx, line.id);
  });
}

export const emptyCart = (db: Db, customerUserId: number) => repo.deleteLines(db, customerUserId);

/** Placing empties the cart in its own statement, once its order is written (its lines were locked before). */
export const planEmptyCart = repo.planEmptyCart;

/** Sets (or clears, with null) the slot of a line; the slot rules of slots.ts apply. */
export async function setSlot(
  db: Db,
  customerUserId: number,
  serviceId: number,
  slotStart: Date | null,
  now = new Date(),
) {
  if (slotStart) assertSlot(slotStart, 'SchedulingDateTime', now);
  return db.transaction(async (tx) => {
    const line = await repo.lockLine(tx, customerUserId, serviceId);
    if (!line) throw notFound(`Service ${serviceId} in your cart`);
    if (slotStart) await assertCapacity(tx, customerUserId, serviceId, slotStart);
    await repo.updateLine(tx, line.id, { slotStart });
    return { serviceId, slotStart };
  });
}

/**
 * Merges a visitor's local cart at sign-in: each service's quantity is added to the server line (capped at 99).
 * Services no longer on offer (or unknown) are skipped and reported, so the local cart can still be emptied.
 */
export async function mergeCart(db: Db, customerUserId: number, lines: { ServiceId: number; Quantity: number }[]) {
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.ServiceId, Math.min(MAX_QUANTITY, (wanted.get(l.ServiceId) ?? 0) + l.Quantity));
  const found = await repo.findServices(db, [...wanted.keys()]);
  const onOffer = new Set(found.filter((s) => s.available).map((s) => s.id));
  const skipped = [...wanted.keys()].filter((id) => !onOffer.has(id));
  let merged = 0;
  await db.transaction(async (tx) => {
    for (const [serviceId, quantity] of wanted) {
      if (!onOffer.has(serviceId)) continue;
      await repo.upsertLine(tx, { customerUserId, serviceId, quantity, slotStart: null }, 'cap');
      merged++;
    }
  });
  return { merged, skipped };
}

// ---- Special packages in the cart (decision 022) ----

/** A package's line keeps quantity 1: the only way to change it is to remove the whole package. */
async function refusePackageLine(exec: Executor, packageId: number, heading?: string): Promise<never> {
  const name = await repo.packageName(exec, packageId);
  throw badRequest(
    'ServiceId',
    `${heading ? `${heading} is ` : ''}part of package ${name}: remove the package to change it`,
  );
}

/**
 * Books a special package inside the caller's transaction (the packages module has locked the package and checked
 * that it is bookable): one line of quantity 1 per service, marked with the package, under a lock on the customer
 * so that concurrent cart writes run one after another. A service already in the cart, as a normal line or in a
 * package, is refused (400 naming it): the customer removes it first, so a price never changes under their eyes.
 */
export async function addPackageLines(
  tx: Executor,
  customerUserId: number,
  pkg: { id: number; name: string },
  serviceIds: number[],
): Promise<void> {
  await repo.lockCustomer(tx, customerUserId);
  const [held] = await repo.linesOfServices(tx, customerUserId, serviceIds);
  if (held) {
    const where =
      held.packageId === pkg.id
        ? `package ${pkg.name} is already in your cart`
        : held.packageId
          ? `${held.heading} is already in your cart in package ${await repo.packageName(tx, held.packageId)}: remove that package to book ${pkg.name}`
          : `${held.heading} is already in your cart: remove it to book package ${pkg.name}`;
    throw badRequest('PkgId', where);
  }
  await repo.insertPackageLines(tx, customerUserId, pkg.id, serviceIds);
}
