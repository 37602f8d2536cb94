// The approvers' decisions, the vendor's cancel, and the payment from the vendor wallet (decision 029).
import type { ApproverRole, ProductRequestEvent } from '../../../../src/machines/productRequest/productRequest.machine';
import type { CompanyConfig } from '../../../config';
import type { Db, Executor } from '../../../db/client';
import { WritePlan } from '../../../db/plan';
import { badRequest, HttpError, notFound } from '../../../http';
import { paise, rupeesText } from '../../../money';
import { wallets } from '../../money';
import { checkedDocumentNumber, planDocumentNumber } from '../../platform';
import { detail, requestGstSplit } from './reads';
import * as repo from './repo';
import { type Actor, allowedKeys, applyRequestEvent, ownRequestsOf, r2, requestFor, vendorFor } from './rules';

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
 * (revenue takes the taxable value, each GST head the invoice's tax for it, decision 053) under the request's own
 * idempotency key, the held stock leaves the store, and the request gets its tax invoice number and GST split. Lock order (decision 014): the request, the vendor's
 * wallet (the transfer opened and checked), the products, then the rows every sale takes (revenue and GST accounts,
 * the invoice series) in the last statements, so they are held only until the commit just after.
 */
export async function pay(
  db: Db,
  company: CompanyConfig,
  user: Actor,
  p: { requestId: number; vendorId: number },
  now = new Date(),
) {
  const vendor = await vendorFor(db, user, p.vendorId, 'VendorId');
  const paid = await db.transaction(async (tx) => {
    let wallet = 0;
    let transfer: Awaited<ReturnType<typeof wallets.open>> | undefined;
    let gst: wallets.GstSplit = { cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
    await applyRequestEvent(tx, p.requestId, { type: 'PAY' }, user.id, {
      vendorId: vendor.id,
      check: async (locked) => {
        // The invoice's split, read before the wallet's lock (the lines are fixed since submission).
        gst = await requestGstSplit(tx, company, p.requestId, locked.vendorUserId);
        // The wallet is locked and checked first (the transfer opened): a wallet short of the total refuses here.
        wallet = locked.vendorWalletId ?? (await wallets.openWallet(tx, 'vendor', vendor));
        try {
          transfer = await wallets.open(tx, {
            kind: 'product_purchase',
            legs: [
              { accountId: wallet, amount: -locked.totalPaise },
              { accountId: wallets.systemAccountId('revenue'), amount: locked.taxablePaise },
              ...wallets.gstLegs(gst),
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
      patch: () => ({ paidAt: now, ...gst }),
    });
    // The rows every sale takes come last, held only until the commit just after: revenue and GST, the invoice series.
    const balances = await transfer!.finish();
    // The column is wider than Rule 46's 16 characters: checked here, and a throw gives the number back.
    const plan = new WritePlan();
    const invoice = planDocumentNumber(plan, 'INV', now);
    checkedDocumentNumber(
      await repo.markInvoiced(tx, p.requestId, plan, invoice, { transferId: transfer!.transferId, at: now }),
    );
    return { transferId: transfer!.transferId, balance: balances.get(wallet) ?? 0 };
  });
  return { ...(await detail(db, user, p.requestId)), balance: r2(paid.balance), transferId: paid.transferId };
}
