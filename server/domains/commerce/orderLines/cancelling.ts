import { orderLineAllowedEvents } from '../../../../src/machines/orderLine/orderLine.machine';
import type { Db, Executor } from '../../../db/client';
import { HttpError } from '../../../http';
import { mulDivHalfUp, type Paise, paise, rupeesText, toRupees } from '../../../money';
import { wallets } from '../../money';
import { nextDocumentNumber, notifyPerson, publishLive } from '../../platform';
import * as promotions from '../promotions/service';
import { type Actor, applyLineEvent, type LineRef, lineChanged, lineFor, refused, slotText } from './events';
import * as repo from './repo';
import { type CancellationTerms, cancellationTerms } from './rules';

const termsReply = (t: CancellationTerms, line: { totalPaise: number }, tipPaise: number) => ({
  free: t.free,
  fee: toRupees(t.feePaise),
  refund: toRupees(paise(t.refundPaise + tipPaise)),
  lineTotal: toRupees(paise(line.totalPaise)),
  tipRefund: toRupees(paise(tipPaise)),
  reason: t.reason,
  freeUntil: t.freeUntil,
});

/**
 * The tip goes back with the last line of a paid order that is cancelled (no visit is left to tip for). A completed
 * line is never cancelled, so once any line is completed (its professional is owed the tip, decision 019) the tip is
 * never refunded; the cancellation locks the order row, as the completion does, so the two decisions queue.
 */
async function tipRefundOf(
  exec: Executor,
  order: NonNullable<Awaited<ReturnType<typeof repo.orderOf>>>,
  lineId: number,
) {
  if (order.status !== 'order created' || order.tipPaise === 0) return 0;
  return (await repo.otherLiveLines(exec, order.id, lineId)) === 0 ? order.tipPaise : 0;
}

/**
 * A credit note's GST per head, split as its line's invoice split the line's (quote.ts): all IGST outside the
 * company's state, else CGST half rounded half-up and SGST the rest. Never more than the line's own head holds.
 */
export function creditNoteSplit(line: { igstPaise: number }, gstPaise: number): wallets.GstSplit {
  if (line.igstPaise > 0) return { cgstPaise: 0, sgstPaise: 0, igstPaise: gstPaise };
  const cgstPaise = mulDivHalfUp(gstPaise, 1, 2);
  return { cgstPaise, sgstPaise: gstPaise - cgstPaise, igstPaise: 0 };
}

/** POST Order/OrderCancellationQuote: what cancelling costs now, shown before the customer confirms. */
export async function cancellationQuote(db: Db, user: Actor, ref: LineRef, now = new Date()) {
  const { id } = await lineFor(db, user, ref);
  const line = (await repo.findLine(db, id))!;
  if (!orderLineAllowedEvents(line.state).includes('CANCEL')) throw refused('CANCEL', id, line.state);
  const order = (await repo.orderOf(db, line.orderId))!;
  const paid = order.status === 'order created';
  const terms = cancellationTerms(line, now);
  const tip = await tipRefundOf(db, order, id);
  return {
    lineId: id,
    ...termsReply(paid ? terms : { ...terms, feePaise: paise(0), refundPaise: paise(0) }, line, tip),
  };
}

export interface CancelInput extends LineRef {
  /** The admin's cancellation: always free, remark required. */
  admin: boolean;
  /** The fee the customer was shown and accepted (paise); a different fee now is 409. */
  acceptedFeePaise?: Paise;
  remark?: string | null;
}

/**
 * Cancels one line: the machine allows it (never once completed), the fee is the one the customer accepted, and
 * the refund (line total less the fee, plus the tip when no line of the order is left) goes back to the customer's
 * wallet through the ledger, with a credit note when the order was invoiced, all in the transaction that moves the
 * line to cancelled. The line's row lock makes a second cancellation wait, then find it cancelled (409).
 */
export async function cancelLine(db: Db, user: Actor, input: CancelInput, now = new Date()) {
  const { id } = await lineFor(db, user, input);
  return db.transaction(async (tx) => {
    type Outcome = {
      terms: CancellationTerms;
      tip: number;
      refundTransferId: number | null;
      creditNote: string | null;
    };
    let outcome: Outcome | null = null;
    let lineRow: repo.LineRow | null = null;
    await applyLineEvent(tx, id, input.admin ? 'ADMIN_CANCEL' : 'CANCEL', user.id, {
      remark: input.remark ?? null,
      now,
      check: async (row) => {
        lineRow = row;
        const order = (await repo.orderOf(tx, row.orderId, { lock: true }))!;
        const paid = order.status === 'order created';
        const computed = cancellationTerms(row, now, input.admin);
        const terms = paid ? computed : { ...computed, feePaise: paise(0), refundPaise: paise(0) };
        if (!input.admin && input.acceptedFeePaise !== terms.feePaise) {
          throw new HttpError(
            409,
            'Cancellation fee changed',
            `The cancellation fee is now ${rupeesText(terms.feePaise)} (you accepted ${rupeesText(input.acceptedFeePaise ?? 0)}): nothing was cancelled. Check the new terms and confirm again.`,
            [{ field: 'AcceptedFee', message: `is now ${toRupees(terms.feePaise)}` }],
          );
        }
        const tip = await tipRefundOf(tx, order, row.id);
        // The whole order is cancelled now: its coupon goes back (decision 026).
        if ((await repo.otherLiveLines(tx, order.id, row.id)) === 0) {
          await promotions.releaseCoupon(tx, order.id, 'The whole order was cancelled', now);
        }
        const refund = terms.refundPaise + tip;
        let refundTransferId: number | null = null;
        let creditNote: string | null = null;
        if (refund > 0) {
          const customer = (await repo.personOf(tx, row.customerUserId))!;
          const wallet = await wallets.openWallet(tx, 'customer', customer);
          // The refunded part of the line leaves revenue and GST in the line's own proportion; the fee stays.
          const gst = row.cgstPaise + row.sgstPaise + row.igstPaise;
          const gstBack = row.totalPaise === 0 ? 0 : mulDivHalfUp(terms.refundPaise, gst, row.totalPaise);
          const taxableBack = terms.refundPaise - gstBack;
          // Each head gets back what the credit note reverses of it (decision 053).
          const split = creditNoteSplit(row, gstBack);
          const posted = await wallets.post(tx, {
            kind: 'order_refund',
            legs: [
              { accountId: wallet, amount: refund },
              { accountId: wallets.systemAccountId('revenue'), amount: -taxableBack },
              ...wallets.gstLegs(split, -1),
              { accountId: wallets.systemAccountId('tips_payable'), amount: -tip },
            ],
            reference: `Order ${row.orderId} · ${row.description}`,
            remark: input.admin ? `Cancelled by us: ${input.remark ?? ''}`.trim() : 'Cancelled by the customer',
            actorId: user.id,
            amountField: 'OrderId',
            amount: paise(refund),
          });
          refundTransferId = posted.transferId;
          if (order.invoiceNo && terms.refundPaise > 0) {
            creditNote = await nextDocumentNumber(tx, 'CN', now);
            await repo.insertCreditNote(tx, {
              number: creditNote,
              orderLineId: row.id,
              taxablePaise: taxableBack,
              gstPaise: gstBack,
              ...split,
              totalPaise: terms.refundPaise,
              createdAt: now,
            });
          }
        }
        outcome = { terms, tip, refundTransferId, creditNote };
      },
    });
    const row = lineRow as repo.LineRow | null;
    const result = outcome as Outcome | null;
    if (!row || !result) throw new Error('cancelLine: the line was not read');
    await repo.updateLine(tx, id, {
      cancelledAt: now,
      cancelledBy: user.id,
      cancelReason: input.remark ?? (input.admin ? 'Cancelled by us' : 'Cancelled by the customer'),
      cancelFeePaise: result.terms.feePaise,
      refundPaise: result.terms.refundPaise + result.tip,
      refundTransferId: result.refundTransferId,
    });
    const customer = (await repo.personOf(tx, row.customerUserId))!;
    const refundTotal = paise(result.terms.refundPaise + result.tip);
    await notifyPerson(tx, {
      userId: customer.id,
      mobileNo: customer.mobileNo,
      kind: 'order_cancelled',
      title: 'Visit cancelled',
      body:
        `${row.description} on ${slotText(row.slotStart)} (order ${row.orderId}) was cancelled` +
        (input.admin ? ' by us' : '') +
        (refundTotal > 0 ? `. ${rupeesText(refundTotal)} was refunded to your wallet.` : '.') +
        (result.terms.feePaise > 0 ? ` Cancellation fee: ${rupeesText(result.terms.feePaise)}.` : ''),
      link: '/MyAccounts?tab=orders&list=cancelled',
    });
    // The last write (publishLive's ordering lock): dispatch lists, the call desk and the line's professional update.
    await publishLive(tx, lineChanged('line_cancelled', row));
    return {
      lineId: id,
      state: 'cancelled',
      fee: toRupees(result.terms.feePaise),
      refund: toRupees(refundTotal),
      refundTransferId: result.refundTransferId,
      creditNoteNo: result.creditNote,
      message:
        refundTotal > 0
          ? `Cancelled. ${rupeesText(refundTotal)} was refunded to your wallet.`
          : 'Cancelled. Nothing had been paid, so nothing was refunded.',
    };
  });
}
