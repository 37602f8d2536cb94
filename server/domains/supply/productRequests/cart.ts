import type { Db, Tx } from '../../../db/client';
import { pgErrorCode } from '../../../db/errors';
import { conflict, notFound } from '../../../http';
import { recordTransition } from '../../../plugins/audit';
import { productsForRequest } from '../products/service';
import { detail } from './reads';
import * as repo from './repo';
import { type Actor, ENTITY, lineMoney, r2, vendorFor } from './rules';

// ---- the cart

const MAX_LINE_QTY = 10_000;

function cartLineOut(r: repo.CartRow) {
  const free = Math.max(r.onHand - r.reserved, 0);
  let problem: string | null = null;
  if (r.deletedAt) problem = `${r.productName} was removed from the store.`;
  else if (!r.active) problem = `${r.productName} is switched off in the store.`;
  else if (!r.stillTheirs) problem = `${r.professionalName} no longer works for you.`;
  return {
    id: r.id,
    productId: r.productId,
    productName: r.productName,
    imageUrl: r.imageUrl,
    professionalId: r.professionalUserId,
    professionalName: r.professionalName,
    requestQty: r.requestQty,
    mrp: r2(r.mrpPaise),
    unitPrice: r2(r.actualPricePaise),
    gst: r.gstPercent,
    lineTotal: r2(r.actualPricePaise * r.requestQty),
    available: free,
    problem,
  };
}

export interface AddToCart {
  productId: number;
  professionalId: number;
  requestQty: number;
  vendorId?: number;
}

/** Vendor/AddIntoRequestCart: adds to the line of that professional and product (or makes it). */
export async function addToCart(db: Db, user: Actor, a: AddToCart) {
  const vendor = await vendorFor(db, user, a.vendorId, 'vendorId');
  const professional = await repo.professionalOfVendor(db, vendor.id, a.professionalId);
  if (!professional) throw notFound(`Professional ${a.professionalId} among your professionals`);
  const [product] = await productsForRequest(db, [a.productId]);
  if (!product || product.deleted) throw notFound(`Product ${a.productId}`);
  if (!product.active) throw conflict('productId', `${product.productName} is switched off in the store.`);
  let id: number;
  try {
    id = await repo.addToCart(db, {
      vendorUserId: vendor.id,
      professionalUserId: professional.id,
      productId: product.id,
      qty: a.requestQty,
    });
  } catch (e) {
    if (pgErrorCode(e) === '23514') {
      throw conflict('requestQty', `A line holds at most ${MAX_LINE_QTY} units: this would take it past that.`);
    }
    throw e;
  }
  const line = (await repo.cartLine(db, id))!;
  return cartLineOut(line);
}

/** Vendor/GetProductReqCheckoutData: the cart priced now. */
export async function checkout(db: Db, user: Actor, vendorId: number | undefined) {
  const vendor = await vendorFor(db, user, vendorId, 'vendorId');
  const rows = await repo.cartOf(db, vendor.id);
  let total = 0;
  let taxable = 0;
  let units = 0;
  for (const r of rows) {
    const m = lineMoney(r.actualPricePaise, r.requestQty, r.gstPercent);
    total += m.totalPaise;
    taxable += m.taxablePaise;
    units += r.requestQty;
  }
  const lines = rows.map(cartLineOut);
  return {
    vendorId: vendor.id,
    lines,
    total: r2(total),
    taxable: r2(taxable),
    gstAmount: r2(total - taxable),
    units,
    canSubmit: lines.length > 0 && lines.every((l) => l.problem === null),
  };
}

async function ownCartLine(db: Db, user: Actor, id: number) {
  const line = await repo.cartLine(db, id);
  if (!line || (user.role === 'VE' && line.vendorUserId !== user.id)) throw notFound(`Cart line ${id}`);
  return line;
}

/** Vendor/UpdateVendorCartRquestQty. */
export async function updateQty(db: Db, user: Actor, id: number, qty: number) {
  await ownCartLine(db, user, id);
  await repo.setCartQty(db, id, qty);
  return cartLineOut((await repo.cartLine(db, id))!);
}

/** Vendor/DeleteProductCart: the line must be the vendor's and hold ProductId. */
export async function deleteLine(db: Db, user: Actor, id: number, productId: number, vendorId: number) {
  const vendor = await vendorFor(db, user, vendorId, 'VendorId');
  const line = await ownCartLine(db, user, id);
  if (line.vendorUserId !== vendor.id || line.productId !== productId) {
    throw notFound(`Cart line ${id} with product ${productId}`);
  }
  await repo.deleteCartLine(db, id);
  return `${line.productName} for ${line.professionalName} was removed from the cart.`;
}

/** Vendor/DeleteAllProductsCart. */
export async function deleteAll(db: Db, user: Actor, vendorId: number) {
  const vendor = await vendorFor(db, user, vendorId, 'VendorId');
  const n = await repo.emptyCart(db, vendor.id);
  return n === 0 ? 'The cart was already empty.' : `The cart was emptied (${n} line${n === 1 ? '' : 's'}).`;
}

/**
 * Vendor/RequestProductByVendor: the whole cart becomes one request, each line with the product's price now, in one
 * transaction that empties the cart (its rows are locked, so a second submission waits and finds it empty: 409).
 */
export async function submit(db: Db, user: Actor, vendorId: number, now = new Date()) {
  const vendor = await vendorFor(db, user, vendorId, 'VendorId');
  const id = await db.transaction(async (tx) => {
    const rows = await repo.lockCart(tx, vendor.id);
    if (rows.length === 0) throw conflict('VendorId', 'The request cart is empty: add products first.');
    // The price snapshot comes from the store as it is now, in this transaction.
    const store = new Map(
      (
        await productsForRequest(
          tx,
          rows.map((r) => r.productId),
        )
      ).map((p) => [p.id, p]),
    );
    const lines = rows.map((cartRow) => {
      const p = store.get(cartRow.productId);
      const r: repo.CartRow = p
        ? {
            ...cartRow,
            productName: p.productName,
            mrpPaise: p.mrpPaise,
            actualPricePaise: p.actualPricePaise,
            gstPercent: p.gstPercent,
            active: p.active,
            deletedAt: p.deleted ? (cartRow.deletedAt ?? now) : null,
          }
        : { ...cartRow, deletedAt: cartRow.deletedAt ?? now };
      const problem = cartLineOut(r).problem;
      if (problem) throw conflict('VendorId', `${problem} Remove the line from the cart, then submit.`);
      // The HSN code is snapshot with the prices: the invoice prints the code the product had at submission.
      return { r, hsnCode: p?.hsnCode ?? null, m: lineMoney(r.actualPricePaise, r.requestQty, r.gstPercent) };
    });
    const sum = (f: (m: ReturnType<typeof lineMoney>) => number) => lines.reduce((s, l) => s + f(l.m), 0);
    const requestId = await repo.insertRequest(tx, {
      vendorUserId: vendor.id,
      state: 'pendingIM',
      totalPaise: sum((m) => m.totalPaise),
      taxablePaise: sum((m) => m.taxablePaise),
      gstPaise: sum((m) => m.gstPaise),
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertLines(
      tx,
      lines.map(({ r, hsnCode, m }) => ({
        requestId,
        professionalUserId: r.professionalUserId,
        productId: r.productId,
        productName: r.productName,
        hsnCode,
        quantity: r.requestQty,
        mrpPaise: r.mrpPaise,
        unitPricePaise: r.actualPricePaise,
        gstPercent: r.gstPercent,
        lineTotalPaise: m.totalPaise,
        taxablePaise: m.taxablePaise,
        gstPaise: m.gstPaise,
      })),
    );
    await repo.emptyCart(tx, vendor.id);
    // The machine's initial state, logged like every later transition.
    await logSubmission(tx, requestId, user.id);
    return requestId;
  });
  return detail(db, user, id);
}

const logSubmission = (tx: Tx, id: number, actorId: number) =>
  recordTransition(tx, { entity: ENTITY, entityId: id, from: null, to: 'pendingIM', event: 'SUBMIT', actorId });
