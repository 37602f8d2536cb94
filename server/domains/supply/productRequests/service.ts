// Vendor product requests (issue 12 §3, decision 029): the vendor's request cart, one request per submitted cart with
// a price snapshot, the request machine (src/machines/productRequest) applied only through server/workflow/apply.ts,
// the stock it holds (through the products module's stock ledger writer) and its payment from the vendor wallet
// (through the wallets ledger), the lists, the tax invoice and the vendor dashboard.
import {
  type ApproverRole,
  HOLDS_STOCK,
  PRODUCT_REQUEST_STATE_LABELS,
  PRODUCT_REQUEST_STATES,
  type ProductRequestEvent,
  productRequestAllowedEvents,
  productRequestMachine,
} from '../../../../src/machines/productRequest/productRequest.machine';
import type { CompanyConfig } from '../../../config';
import type { Db, Executor, Tx } from '../../../db/client';
import { pgErrorCode } from '../../../db/errors';
import { badRequest, type CurrentUser, conflict, forbidden, HttpError, notFound } from '../../../http';
import { mulDivHalfUp, paise, rupeesText, toRupees } from '../../../money';
import { recordTransition } from '../../../plugins/audit';
import { gstStateCode } from '../../../shared/gstin';
import { amountInWords } from '../../../shared/words';
import { applyEvent } from '../../../workflow/apply';
import { isIntraState } from '../../commerce';
import { wallets } from '../../money';
import {
  checkedDocumentNumber,
  nextDocumentNumberStatement,
  notifyPersonCtes,
  type PersonNotification,
} from '../../platform';
import { productsForRequest } from '../products/service';
import { moveStock } from '../products/stock';
import * as repo from './repo';

export const ENTITY = repo.ENTITY;

/**
 * Who acts: the signed-in user (or, for the demo seed, the person it acts as); a signed-in caller also carries the
 * name and number their session read.
 */
export type Actor = Pick<CurrentUser, 'id' | 'role'> & Partial<Pick<CurrentUser, 'fullName' | 'mobileNo'>>;

const r2 = (p: number) => toRupees(paise(p));
const STOCK_HOLDING = new Set<string>(HOLDS_STOCK);

// ---- money

/**
 * A line's money, GST included in the unit price (what the vendor pays): total = unit × qty,
 * taxable = round(total × 100 / (100 + GST %)) half-up, GST = total − taxable (so the two always add up).
 */
export function lineMoney(unitPricePaise: number, quantity: number, gstPercent: number) {
  const total = unitPricePaise * quantity;
  const taxable = mulDivHalfUp(total, 100, 100 + gstPercent);
  return { totalPaise: paise(total), taxablePaise: paise(taxable), gstPaise: paise(total - taxable) };
}

// ---- events and who may send them

/** An event as the API and the screens name it: `ACCEPT:IM`, `REJECT:A`, `REAPPROVE`, `CANCEL`, `PAY`. */
export const eventKey = (e: ProductRequestEvent) => ('role' in e ? `${e.type}:${e.role}` : e.type);

/** Which events each role sends: the approvers their own decisions, the vendor the rest. */
function sentBy(role: string, e: ProductRequestEvent): boolean {
  if (e.type === 'ACCEPT' || e.type === 'REJECT') return e.role === role;
  return role === 'VE';
}

/** Every event the state accepts, whoever sends it (the 409's allowed events). */
export const allowedKeys = (state: string) => productRequestAllowedEvents(state).map(eventKey);

/** The events `role` may send while the request is in `state` (the detail page's buttons). */
export const allowedFor = (state: string, role: string) =>
  productRequestAllowedEvents(state)
    .filter((e) => sentBy(role, e))
    .map(eventKey);

function refusal(event: ProductRequestEvent, id: number, state: string) {
  return new HttpError(
    409,
    'Event not allowed',
    `${eventKey(event)} is not allowed while request ${id} is ${state} (${PRODUCT_REQUEST_STATE_LABELS[state as repo.ProductRequestState] ?? state}).`,
    [],
    { state, allowedEvents: allowedKeys(state) },
  );
}

export interface EventExtra {
  remark?: string | null;
  /** The vendor the request must be of: another vendor's request is 404, as if it did not exist. */
  vendorId?: number;
  /** Runs once the row is locked and the machine allowed the event, before the state is written. */
  check?: (row: repo.LockedRequest) => void | Promise<void>;
  /** Columns written with the event. */
  patch?: (row: repo.LockedRequest, next: string) => repo.RequestPatch | Promise<repo.RequestPatch>;
  /** Who is told of the step, written in the step's own statement. */
  notice?: (row: repo.LockedRequest, next: string) => PersonNotification;
}

/**
 * Applies one event to a request inside the caller's transaction, through applyEvent (lock, machine, state, log). The
 * stock follows the machine: entering a state of HOLDS_STOCK reserves every line's units (refused with 409 naming the
 * product when not enough is free), leaving one releases them, and reaching `issued` takes them out of the store.
 * The refusal names the events the state accepts with their roles (ACCEPT:IM), which applyEvent's plain types lack.
 */
export async function applyRequestEvent(
  tx: Tx,
  id: number,
  event: ProductRequestEvent,
  actorId: number | null,
  extra: EventExtra = {},
) {
  let locked: repo.LockedRequest | null = null;
  try {
    return await applyEvent(tx, {
      machine: productRequestMachine,
      entity: ENTITY,
      id,
      event,
      actorId,
      remark: extra.remark ?? null,
      lock: async (t, rid) => {
        locked = await repo.lockRequest(t, rid, wallets.walletIdColumn('vendor'));
        if (!locked || (extra.vendorId !== undefined && locked.vendorUserId !== extra.vendorId)) {
          throw notFound(`Request ${rid}`);
        }
        return locked;
      },
      write: async (t, rid, next, log) => {
        const row = locked!;
        await extra.check?.(row);
        const patch = (await extra.patch?.(row, next)) ?? {};
        const notice = extra.notice?.(row, next);
        // The request's update, its transition row and the notice: one statement, or part of the stock movement's.
        const step = repo.stepCtes(
          rid,
          { ...patch, state: next as repo.ProductRequestState },
          log,
          notice && notifyPersonCtes(notice),
        );
        const held = STOCK_HOLDING.has(row.state);
        const holds = STOCK_HOLDING.has(next);
        if (held !== holds || next === 'issued') {
          const kind = next === 'issued' ? 'issued' : holds ? 'reserved' : 'released';
          const lines = row.stockLines;
          await moveStock(t, { kind, lines, requestId: rid, actorId, field: 'IOrderId', reason: null, also: step });
        } else {
          await repo.runStep(t, step);
        }
        return 'logged';
      },
    });
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 409 && e.title === 'Event not allowed') {
      throw refusal(event, id, String(e.extra.state));
    }
    throw e;
  }
}

// ---- whose

/** The vendor an operation acts for: a vendor always themselves; staff must name one. */
async function vendorFor(exec: Executor, user: Actor, vendorId: number | undefined, field: string) {
  const id = user.role === 'VE' ? user.id : vendorId;
  if (id === undefined) throw badRequest(field, 'is required: name the vendor');
  if (user.role === 'VE' && vendorId !== undefined && vendorId !== user.id) {
    throw forbidden(`${field} must be your own: you can only act for your own account.`);
  }
  // A signed-in vendor is their own account, read with their session: no second read.
  if (user.role === 'VE' && user.fullName !== undefined && user.mobileNo !== undefined) {
    return { id: user.id, fullName: user.fullName, mobileNo: user.mobileNo };
  }
  const vendor = await repo.vendorAccount(exec, id);
  if (!vendor) throw notFound(`Vendor ${id}`);
  return vendor;
}

/** Whose requests the caller may see: a vendor only their own (another's is 404, as if it did not exist). */
const ownRequestsOf = (user: Actor) => (user.role === 'VE' ? user.id : undefined);

/** A request the caller may see. */
async function requestFor(exec: Executor, user: Actor, id: number) {
  const row = await repo.findRequestRow(exec, id);
  if (!row || (user.role === 'VE' && row.vendorUserId !== user.id)) throw notFound(`Request ${id}`);
  return row;
}

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

// ---- decisions

export interface Decision {
  requestId: number;
  reject: boolean;
  role: ApproverRole;
  professionalId?: number;
  remark?: string | null;
}

/** ProfessionalId, when given, must be on a request the caller may see (404 otherwise). */
async function assertProfessionalOn(
  exec: Executor,
  user: Actor,
  requestId: number,
  professionalId: number | undefined,
) {
  if (professionalId === undefined) return;
  await requestFor(exec, user, requestId);
  const lines = await repo.linesOf(exec, requestId);
  if (!lines.some((l) => l.professionalUserId === professionalId)) {
    throw notFound(`Professional ${professionalId} on request ${requestId}`);
  }
}

const cleanRemark = (s: string | null | undefined) => {
  const t = (s ?? '').trim();
  return t === '' ? null : t;
};

/** Vendor/RequestRejectAccept: the inventory manager's or the admin's decision. */
export async function decide(db: Db, user: Actor, d: Decision) {
  if (d.role !== user.role) {
    throw new HttpError(
      403,
      'Forbidden',
      `ResRole must be your own role (${user.role}): you decide only as yourself.`,
      [{ field: 'ResRole', message: `must be ${user.role}` }],
    );
  }
  const remark = cleanRemark(d.remark);
  if (d.reject && !remark) throw badRequest('remark', 'is required to reject: say why');
  await assertProfessionalOn(db, user, d.requestId, d.professionalId);
  const event: ProductRequestEvent = { type: d.reject ? 'REJECT' : 'ACCEPT', role: d.role };
  const who = d.role === 'IM' ? 'the inventory manager' : 'the admin';
  await db.transaction((tx) =>
    applyRequestEvent(tx, d.requestId, event, user.id, {
      vendorId: ownRequestsOf(user),
      remark,
      patch: () => (d.reject ? { rejectRemark: remark } : {}),
      notice: (row, next) => ({
        userId: row.vendorUserId,
        mobileNo: row.vendorMobileNo,
        kind: 'product_request',
        title: d.reject ? `Request ${d.requestId} rejected` : `Request ${d.requestId} accepted`,
        body: d.reject
          ? `Request ${d.requestId} was rejected by ${who}: ${remark}`
          : `Request ${d.requestId} was accepted by ${who}.${next === 'approved' ? ' Pay it from your wallet to have it issued.' : ''}`,
        link: `/TrackRequest/TrackProductRequest?id=${d.requestId}`,
      }),
    }),
  );
  return detail(db, user, d.requestId);
}

/** Vendor/RequestReApprove: a rejected request goes back to the inventory manager. */
export async function reapprove(
  db: Db,
  user: Actor,
  r: { requestId: number; role?: ApproverRole; professionalId?: number; remark?: string | null },
) {
  await assertProfessionalOn(db, user, r.requestId, r.professionalId);
  await db.transaction(async (tx) => {
    await applyRequestEvent(tx, r.requestId, { type: 'REAPPROVE' }, user.id, {
      vendorId: ownRequestsOf(user),
      remark: cleanRemark(r.remark),
      check: (locked) => {
        const rejectedBy = locked.state === 'rejectedByIM' ? 'IM' : 'A';
        if (r.role && r.role !== rejectedBy) {
          throw new HttpError(
            409,
            'Event not allowed',
            `Request ${r.requestId} was rejected by ${rejectedBy === 'IM' ? 'the inventory manager' : 'the admin'}, not ${r.role === 'IM' ? 'the inventory manager' : 'the admin'}.`,
            [{ field: 'ResRole', message: `must be ${rejectedBy}` }],
            { state: locked.state, allowedEvents: allowedKeys(locked.state) },
          );
        }
      },
    });
  });
  return detail(db, user, r.requestId);
}

/** Vendor/RequestCancelByVendor: until it is paid; held stock goes back to the store. */
export async function cancel(db: Db, user: Actor, c: { requestId: number; vendorId: number }) {
  const vendor = await vendorFor(db, user, c.vendorId, 'VendorId');
  await db.transaction((tx) =>
    applyRequestEvent(tx, c.requestId, { type: 'CANCEL' }, user.id, { vendorId: vendor.id }),
  );
  return detail(db, user, c.requestId);
}

/** The refusal of a payment the wallet cannot cover: the amount missing and where to top up. */
function unaffordable(total: number, balance: number) {
  const missing = total - balance;
  const message = `The wallet holds ${rupeesText(balance)}; this request costs ${rupeesText(total)}. Add at least ${rupeesText(missing)} to the wallet (Add Money To Wallet), then pay again.`;
  return new HttpError(
    409,
    'Not enough in the wallet',
    message,
    [{ field: 'VendorId', message: `the wallet is ${rupeesText(missing)} short` }],
    { missingAmount: r2(missing) },
  );
}

/**
 * Vendor/VendorReqWalletPay, in one transaction: the request is locked and moved to issued (the machine refuses a
 * request not approved, so a second payment is 409 and debits nothing), the vendor wallet is debited the total
 * (revenue takes the taxable value, GST payable the GST) under the request's own idempotency key, the held stock
 * leaves the store, and the request gets its tax invoice number. Lock order (decision 014): the request, the vendor's
 * wallet (the transfer opened and checked), the products, then the rows every sale takes (revenue and GST accounts,
 * the invoice series) in the last statements, so they are held only until the commit just after.
 */
export async function pay(db: Db, user: Actor, p: { requestId: number; vendorId: number }, now = new Date()) {
  const vendor = await vendorFor(db, user, p.vendorId, 'VendorId');
  const paid = await db.transaction(async (tx) => {
    let wallet = 0;
    let transfer: Awaited<ReturnType<typeof wallets.open>> | undefined;
    await applyRequestEvent(tx, p.requestId, { type: 'PAY' }, user.id, {
      vendorId: vendor.id,
      check: async (locked) => {
        // The wallet is locked and checked first (the transfer opened): a wallet short of the total refuses here.
        wallet = locked.vendorWalletId ?? (await wallets.openWallet(tx, 'vendor', vendor));
        try {
          transfer = await wallets.open(tx, {
            kind: 'product_purchase',
            legs: [
              { accountId: wallet, amount: -locked.totalPaise },
              { accountId: wallets.systemAccountId('revenue'), amount: locked.taxablePaise },
              { accountId: wallets.systemAccountId('gst_payable'), amount: locked.gstPaise },
            ],
            reference: `Product request ${p.requestId}`,
            remark: `Products for request ${p.requestId}`,
            actorId: user.id,
            idempotency: {
              key: `product-request-${p.requestId}`,
              hash: wallets.requestHash('vendorReqWalletPay', vendor.id, { IOrderId: p.requestId }),
            },
            amountField: 'VendorId',
            amount: paise(locked.totalPaise),
          });
        } catch (e) {
          // Answer with the amount missing.
          if (e instanceof HttpError && e.statusCode === 409) {
            throw unaffordable(locked.totalPaise, await wallets.walletBalance(tx, 'vendor', vendor.id));
          }
          throw e;
        }
      },
      patch: () => ({ paidAt: now }),
    });
    // The rows every sale takes come last, held only until the commit just after: revenue and GST, the invoice series.
    const balances = await transfer!.finish();
    // The column is wider than Rule 46's 16 characters: checked here, and a throw gives the number back.
    checkedDocumentNumber(
      await repo.markInvoiced(tx, p.requestId, {
        transferId: transfer!.transferId,
        invoiceNumber: nextDocumentNumberStatement('INV', now),
        at: now,
      }),
    );
    return { transferId: transfer!.transferId, balance: balances.get(wallet) ?? 0 };
  });
  return { ...(await detail(db, user, p.requestId)), balance: r2(paid.balance), transferId: paid.transferId };
}

// ---- reads

export type TrackAction = 'GetPendingRequestAckFromIM' | 'GetPendingRequestAckFromAdmin' | 'AllRequest';

const ACTION_STATES: Record<TrackAction, repo.ProductRequestState[] | null> = {
  GetPendingRequestAckFromIM: ['pendingIM'],
  GetPendingRequestAckFromAdmin: ['pendingAdmin'],
  AllRequest: null,
};

export function summaryOut(r: repo.SummaryRow) {
  return {
    IOrderId: r.id,
    vendorId: r.vendorUserId,
    vendorName: r.vendorName,
    state: r.state,
    stateLabel: PRODUCT_REQUEST_STATE_LABELS[r.state],
    total: r2(r.totalPaise),
    taxable: r2(r.taxablePaise),
    gstAmount: r2(r.gstPaise),
    lineCount: r.lineCount,
    units: r.units,
    professionals: r.professionals,
    rejectRemark: r.rejectRemark,
    invoiceNo: r.invoiceNo,
    paidAt: r.paidAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export interface TrackQuery extends repo.RequestListQuery {
  action: TrackAction;
  state?: repo.ProductRequestState;
}

/** Vendor/TrackRequest: a vendor their own; staff everyone's or one vendor's. */
export async function track(db: Db, user: Actor, q: TrackQuery) {
  const vendorId = user.role === 'VE' ? user.id : q.vendorId;
  const byAction = ACTION_STATES[q.action];
  let states = byAction ?? undefined;
  if (q.state) {
    // A state filter narrows the action's states (a state outside them matches nothing).
    states = byAction ? byAction.filter((s) => s === q.state) : [q.state];
    if (states.length === 0) return { items: [], total: 0, page: q.page ?? 1, pageSize: q.pageSize ?? 20 };
  }
  const page = await repo.pageRequests(db, { ...q, vendorId, states });
  return { ...page, items: page.items.map(summaryOut) };
}

/** Vendor/GetViewRequestOrderData: the request, its lines, its history and what the caller may do now. */
export async function detail(exec: Executor, user: Actor, id: number) {
  const found = await repo.detailOf(exec, id);
  if (!found || (user.role === 'VE' && found.vendorUserId !== user.id)) throw notFound(`Request ${id}`);
  const { lines, history, ...summary } = found;
  return {
    ...summaryOut(summary),
    lines: lines.map((l) => ({
      id: l.id,
      professionalId: l.professionalUserId,
      professionalName: l.professionalName,
      productId: l.productId,
      productName: l.productName,
      quantity: l.quantity,
      mrp: r2(l.mrpPaise),
      unitPrice: r2(l.unitPricePaise),
      gst: l.gstPercent,
      lineTotal: r2(l.lineTotalPaise),
      taxable: r2(l.taxablePaise),
      gstAmount: r2(l.gstPaise),
    })),
    history: history.map((h) => ({
      at: new Date(h.at),
      fromState: h.fromState,
      toState: h.toState,
      event: h.event,
      actorName: h.actorName,
      remark: h.remark,
    })),
    allowedEvents: allowedFor(summary.state, user.role),
  };
}

/**
 * Vendor/GetRequestOrderInvoiceData: the GST tax invoice of a paid request, with the customer invoices' rules (CGST
 * Rule 46): CGST + SGST when the vendor is in the company's state, IGST otherwise (a vendor without an address on
 * file is taken to collect at the store: intra-state), the amount in words.
 */
export async function invoiceOf(exec: Executor, company: CompanyConfig, user: Actor, id: number) {
  const row = await requestFor(exec, user, id);
  if (!row.invoiceNo || !row.paidAt) {
    throw conflict(
      'IOrderId',
      `Request ${id} is ${PRODUCT_REQUEST_STATE_LABELS[row.state].toLowerCase()}: its tax invoice is issued once it is paid.`,
    );
  }
  const vendor = (await repo.vendorForInvoice(exec, row.vendorUserId))!;
  const state = vendor.state ?? company.state;
  const intra = isIntraState(company, state);
  const lines = await repo.linesOf(exec, id);
  const split = (gst: number) => {
    const cgst = intra ? mulDivHalfUp(gst, 1, 2) : 0;
    return { cgst, sgst: intra ? gst - cgst : 0, igst: intra ? 0 : gst };
  };
  const out = lines.map((l) => ({ l, s: split(l.gstPaise) }));
  const sum = (f: (x: (typeof out)[number]) => number) => out.reduce((s, x) => s + f(x), 0);
  const code = gstStateCode(state);
  return {
    IOrderId: row.id,
    invoiceNo: row.invoiceNo,
    invoiceDate: row.paidAt,
    requestDate: row.createdAt,
    supplier: {
      legalName: company.legalName,
      address: company.address,
      state: company.state,
      stateCode: company.stateCode,
      gstin: company.gstin,
    },
    buyer: {
      vendorId: vendor.id,
      name: vendor.fullName,
      gstin: vendor.gstin,
      address: [vendor.addressLine1, vendor.addressLine2].filter(Boolean).join(', '),
      city: vendor.city ?? '',
      state,
      stateCode: code,
      pinCode: vendor.pinCode ?? '',
      mobileNo: vendor.mobileNo,
    },
    placeOfSupply: { state, code },
    gstType: intra ? ('CGST+SGST' as const) : ('IGST' as const),
    reverseCharge: false,
    lines: out.map(({ l, s }) => ({
      lineId: l.id,
      productId: l.productId,
      description: l.productName,
      hsn: l.hsnCode,
      professionalName: l.professionalName,
      quantity: l.quantity,
      unitPrice: r2(l.unitPricePaise),
      taxableValue: r2(l.taxablePaise),
      gstRate: l.gstPercent,
      cgst: r2(s.cgst),
      sgst: r2(s.sgst),
      igst: r2(s.igst),
      total: r2(l.lineTotalPaise),
    })),
    totals: {
      taxableValue: r2(row.taxablePaise),
      cgst: r2(sum((x) => x.s.cgst)),
      sgst: r2(sum((x) => x.s.sgst)),
      igst: r2(sum((x) => x.s.igst)),
      gst: r2(row.gstPaise),
      invoiceValue: r2(row.totalPaise),
    },
    amountInWords: amountInWords(row.totalPaise),
    paymentType: 'Vendor wallet',
  };
}

export type RequestInvoice = Awaited<ReturnType<typeof invoiceOf>>;

// ---- the vendor dashboard

const IST_MS = 330 * 60_000;
/** The start of the India day and month of `now`, as instants. */
function indiaStarts(now: Date) {
  const ist = new Date(now.getTime() + IST_MS);
  const y = ist.getUTCFullYear();
  const m = ist.getUTCMonth();
  const d = ist.getUTCDate();
  return {
    day: new Date(Date.UTC(y, m, d) - IST_MS),
    nextDay: new Date(Date.UTC(y, m, d + 1) - IST_MS),
    month: new Date(Date.UTC(y, m, 1) - IST_MS),
  };
}

/** The vendor dashboard's figures. */
export async function dashboard(db: Db, user: Actor, vendorId: number | undefined, now = new Date()) {
  const vendor = await vendorFor(db, user, vendorId, 'VendorId');
  const starts = indiaStarts(now);
  const [balance, counts, issued, team] = await Promise.all([
    wallets.walletBalance(db, 'vendor', vendor.id),
    repo.requestCountsByState(db, vendor.id),
    repo.issuedSince(db, vendor.id, starts.month),
    repo.professionalsWithJobs(db, vendor.id, starts.day, starts.nextDay),
  ]);
  const byState = new Map(counts.map((c) => [c.state, c.n]));
  return {
    vendorId: vendor.id,
    vendorName: vendor.fullName,
    walletBalance: r2(balance),
    requestsByState: PRODUCT_REQUEST_STATES.map((state) => ({
      state,
      label: PRODUCT_REQUEST_STATE_LABELS[state],
      count: byState.get(state) ?? 0,
    })),
    issuedThisMonth: {
      requests: issued.requests,
      units: issued.perProduct.reduce((s, p) => s + p.units, 0),
      amount: r2(issued.amount),
      products: issued.perProduct,
    },
    professionals: team,
    jobsToday: team.reduce((s, p) => s + p.jobsToday, 0),
  };
}
