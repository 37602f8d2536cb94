// The request lists, one request, and its tax invoice (decision 029).
import { PRODUCT_REQUEST_STATE_LABELS } from '../../../../src/machines/productRequest/productRequest.machine';
import { type CompanyConfig, invoiceSupplier } from '../../../config';
import type { Db, Executor } from '../../../db/client';
import { conflict, notFound } from '../../../http';
import { splitGst } from '../../../money';
import { gstStateCode } from '../../../shared/gstin';
import { amountInWords } from '../../../shared/words';
import { isIntraState } from '../../commerce';
import * as repo from './repo';
import { type Actor, allowedFor, r2, requestFor } from './rules';

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

/** A request line's GST per head, as the customer invoices split it (orders/quote.ts). */
export function lineGstSplit(gst: number, intra: boolean) {
  const s = splitGst(gst, intra);
  return { cgst: s.cgstPaise as number, sgst: s.sgstPaise as number, igst: s.igstPaise as number };
}

/** A request's GST per head: its lines' split summed, as its tax invoice totals it. */
export async function requestGstSplit(exec: Executor, company: CompanyConfig, requestId: number, vendorUserId: number) {
  const vendor = await repo.vendorForInvoice(exec, vendorUserId);
  // A vendor without an address on file collects at the store: intra-state.
  const intra = isIntraState(company, vendor?.state ?? company.state);
  const split = { cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  for (const l of await repo.linesOf(exec, requestId)) {
    const s = lineGstSplit(l.gstPaise, intra);
    split.cgstPaise += s.cgst;
    split.sgstPaise += s.sgst;
    split.igstPaise += s.igst;
  }
  return split;
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
  // The split the payment stored (and the ledger's heads took, decision 053), not today's address: an invoice issued
  // does not change. A request without GST splits nothing; its type is the address's.
  const intra = row.gstPaise > 0 ? row.igstPaise === 0 : isIntraState(company, state);
  const lines = await repo.linesOf(exec, id);
  const out = lines.map((l) => ({ l, s: lineGstSplit(l.gstPaise, intra) }));
  const sum = (f: (x: (typeof out)[number]) => number) => out.reduce((s, x) => s + f(x), 0);
  const code = gstStateCode(state);
  return {
    IOrderId: row.id,
    invoiceNo: row.invoiceNo,
    invoiceDate: row.paidAt,
    requestDate: row.createdAt,
    supplier: invoiceSupplier(company),
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
