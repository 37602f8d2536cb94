import { type CompanyConfig, invoiceSupplier } from '../../../config';
import type { Executor } from '../../../db/client';
import { type CurrentUser, conflict } from '../../../http';
import { paise, toRupees } from '../../../money';
import { gstStateCode } from '../../../shared/gstin';
import { amountInWords } from '../../../shared/words';
import * as repo from './repo';
import { orderFor } from './service';

const r2 = (p: number) => toRupees(paise(p));

/**
 * The order's tax invoice (CGST Rule 46) from its snapshot: what the order was charged, never today's prices. A line
 * cancelled after invoicing stays on the invoice and names its credit note (the invoice itself never changes).
 */
export async function invoiceOf(exec: Executor, company: CompanyConfig, user: CurrentUser, orderId: number) {
  const order = await orderFor(exec, user, orderId);
  if (!order.invoiceNo || !order.invoiceDate) {
    throw conflict('OrderId', `Order ${order.id} is ${order.status}: its tax invoice is issued once it is paid.`);
  }
  const lines = await repo.linesOf(exec, order.id);
  const notes = new Map(
    (
      await repo.creditNotesOf(
        exec,
        lines.map((l) => l.id),
      )
    ).map((n) => [n.orderLineId, n]),
  );
  const sum = (f: (l: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + f(l), 0);
  const code = gstStateCode(order.state);
  return {
    orderId: order.id,
    invoiceNo: order.invoiceNo,
    invoiceDate: order.invoiceDate,
    orderDate: order.createdAt,
    supplier: invoiceSupplier(company),
    customer: {
      name: order.customerName,
      receiverName: order.receiverName,
      receiverMobileNo: order.receiverMobileNo,
      address: order.placeAddress,
      city: order.city,
      state: order.state,
      stateCode: code,
      pinCode: order.pinCode,
      country: order.country,
    },
    placeOfSupply: { state: order.state, code },
    gstType: order.intraState ? ('CGST+SGST' as const) : ('IGST' as const),
    reverseCharge: false,
    lines: lines.map((l) => {
      const note = notes.get(l.id);
      return {
        lineId: l.id,
        serviceId: l.serviceId,
        description: l.description,
        sacCode: l.sacCode,
        quantity: l.quantity,
        unitPrice: r2(l.unitPricePaise),
        // The catalogue discount and the line's promotion (decision 026) together: gross − discount = taxable value.
        discount: r2(l.discountPaise + l.promoDiscountPaise),
        taxableValue: r2(l.taxablePaise),
        gstRate: l.gstRate,
        cgst: r2(l.cgstPaise),
        sgst: r2(l.sgstPaise),
        igst: r2(l.igstPaise),
        total: r2(l.totalPaise),
        slotStart: l.slotStart,
        state: l.state,
        cancelled: l.state === 'cancelled',
        creditNote: note ? { number: note.number, total: r2(note.totalPaise), date: note.createdAt } : null,
      };
    }),
    totals: {
      taxableValue: r2(order.taxablePaise),
      cgst: r2(sum((l) => l.cgstPaise)),
      sgst: r2(sum((l) => l.sgstPaise)),
      igst: r2(sum((l) => l.igstPaise)),
      gst: r2(order.gstPaise),
      invoiceValue: r2(order.taxablePaise + order.gstPaise),
      tip: r2(order.tipPaise),
      total: r2(order.totalPaise),
    },
    amountInWords: amountInWords(order.totalPaise),
    paymentType: order.paymentType,
    status: order.status,
  };
}

export type Invoice = Awaited<ReturnType<typeof invoiceOf>>;
