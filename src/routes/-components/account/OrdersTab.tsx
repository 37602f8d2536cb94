import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { invalidateAfter, type WriteId } from '../../../api/invalidate';
import {
  type CancellationTerms,
  type CancelledOrderLine,
  type CustomerOrderLine,
  cancellationQuote,
  cancelOrderLine,
  orderLinesListQuery,
  rateOrderLine,
  refundToSource,
  rescheduleOrderLine,
} from '../../../api/orderLines';
import {
  Alert,
  Badge,
  type BadgeTone,
  Button,
  buttonClassName,
  Card,
  Dialog,
  EmptyState,
  formatRupees,
  Pager,
  toast,
} from '../../../ui';
import { TextArea } from '../../../ui/form';
import { SlotPicker } from '../cart/SlotPicker';
import { Loaded } from '../Loaded';
import * as s from '../wallet/wallet.css';
import * as o from './orders.css';
import { ORDER_LISTS, type OrderList } from './ordersSearch';
import { ACCOUNT } from './words';

const W = ACCOUNT.orders;
const PAGE_SIZE = 10;

const slotFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
/** A visit's slot in India time, wherever the customer's device is: slots are India time by rule. */
const slotText = (iso: string) => W.ist(slotFormat.format(new Date(iso)));
const LIST_LABELS: Record<OrderList, string> = W.list;
const STATE_TONE: Record<string, BadgeTone> = {
  awaitingPayment: 'warning',
  paymentFailed: 'danger',
  unassigned: 'info',
  assigned: 'info',
  accepted: 'info',
  completed: 'success',
  rated: 'success',
  cancelled: 'neutral',
};

type Line = CustomerOrderLine | CancelledOrderLine;

/** /MyAccounts?tab=orders: the customer's upcoming, past and cancelled visits, each with what its state allows. */
export function OrdersTab({ list = 'upcoming', page = 1 }: { list?: OrderList; page?: number }) {
  const navigate = useNavigate();
  const go = (next: OrderList, p = 1) =>
    navigate({
      to: '/MyAccounts',
      search: (prev: Record<string, unknown>) => ({
        ...prev,
        tab: 'orders',
        list: next === 'upcoming' ? undefined : next,
        opage: p > 1 ? p : undefined,
      }),
    } as never);
  const query = useQuery(orderLinesListQuery(list, { page, pageSize: PAGE_SIZE }));
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Card title={W.title}>
      <nav aria-label={W.lists} className={o.lists}>
        {ORDER_LISTS.map((l) => (
          <Button
            key={l}
            size="sm"
            variant={l === list ? 'primary' : 'secondary'}
            aria-current={l === list ? 'page' : undefined}
            onClick={() => go(l)}
          >
            {LIST_LABELS[l]}
          </Button>
        ))}
      </nav>
      <Loaded query={query} loadingLabel={W.loading}>
        {(data) =>
          total === 0 ? (
            <EmptyState
              title={W.none(LIST_LABELS[list])}
              description={list === 'upcoming' ? W.noneUpcoming : W.noneOther}
            />
          ) : (
            <>
              <ul aria-label={W.visits(LIST_LABELS[list])} className={o.lines}>
                {data.items.map((line: Line) => (
                  <OrderLineItem key={line.lineId} line={line} />
                ))}
              </ul>
              <Pager page={page} pages={pages} label={W.pages} onPage={(p) => go(list, p)} />
            </>
          )
        }
      </Loaded>
    </Card>
  );
}

function OrderLineItem({ line }: { line: Line }) {
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | 'rate' | 'source' | null>(null);
  const close = () => setDialog(null);
  const cancelled = 'refund' in line ? line : null;
  return (
    <li className={o.line} aria-label={W.named(line.serviceName, line.orderId)}>
      <div className={o.lineHead}>
        <strong>{line.serviceName}</strong>
        <Badge tone={STATE_TONE[line.state] ?? 'neutral'}>{line.stateLabel}</Badge>
      </div>
      <p className={s.muted}>
        {W.facts(line.orderId, slotText(line.slotStart), line.quantity, formatRupees(line.total), line.invoiceNo)}
      </p>
      {(line.professionalName || line.completionCode) && (
        <p className={o.visit}>
          {line.professionalName && (
            <span>
              {W.professional}
              <bdi>{line.professionalName}</bdi>
            </span>
          )}
          {line.completionCode && (
            <span>
              {W.code}
              <strong className={o.code}>{line.completionCode}</strong>
              <span className={s.muted}>{W.codeHint}</span>
            </span>
          )}
        </p>
      )}
      {line.rating !== null && (
        <p className={s.muted}>
          <span aria-hidden="true">{'★'.repeat(line.rating)}</span>
          {W.yourRating(line.rating, line.review)}
        </p>
      )}
      {cancelled && (
        <p className={s.muted}>
          {W.refunded(
            formatRupees(cancelled.refund),
            cancelled.fee > 0 ? formatRupees(cancelled.fee) : null,
            cancelled.creditNoteNo,
          )}
        </p>
      )}
      {cancelled && <SourceRefundStatus line={cancelled} onSend={() => setDialog('source')} />}
      {line.actions.length > 0 && (
        <div className={o.actions}>
          {line.actions.includes('Reschedule') && (
            <Button size="sm" variant="secondary" onClick={() => setDialog('reschedule')}>
              {W.reschedule}
            </Button>
          )}
          {line.actions.includes('Cancel') && (
            <Button size="sm" variant="danger" onClick={() => setDialog('cancel')}>
              {W.cancel}
            </Button>
          )}
          {line.actions.includes('Rate') && (
            <Button size="sm" onClick={() => setDialog('rate')}>
              {W.rate}
            </Button>
          )}
          {line.actions.includes('Invoice') && (
            <Link
              to={'/PayProcessInvoice' as never}
              search={{ OrderId: line.orderId } as never}
              className={buttonClassName({ size: 'sm', variant: 'ghost' })}
            >
              {W.invoice}
            </Link>
          )}
          {line.actions.includes('Query') && (
            <Link
              to="/MyAccounts"
              search={{ tab: 'queries', line: line.lineId } as never}
              className={buttonClassName({ size: 'sm', variant: 'ghost' })}
            >
              {W.query}
            </Link>
          )}
        </div>
      )}
      {dialog === 'cancel' && <CancelDialog line={line} onClose={close} />}
      {dialog === 'reschedule' && <RescheduleDialog line={line} onClose={close} />}
      {dialog === 'rate' && <RateDialog line={line} onClose={close} />}
      {dialog === 'source' && cancelled && <SourceRefundDialog line={cancelled} onClose={close} />}
    </li>
  );
}

const ref = (line: Line) => ({ OrderId: line.orderId, ServiceId: line.serviceId });

const R = ACCOUNT.refundToSource;
const SOURCE_STATUS = R.status;

/** A provider-paid line's refund: where it went, and the offer to send it back to the card or UPI (decision 030). */
function SourceRefundStatus({ line, onSend }: { line: CancelledOrderLine; onSend: () => void }) {
  const offer = line.refundToSource;
  if (!offer.provider || (!offer.available && !offer.status)) return null;
  return (
    <div className={o.actions}>
      {offer.status && (
        <p className={s.muted}>
          {R.where(
            formatRupees(offer.amount),
            SOURCE_STATUS[offer.status],
            offer.status === 'failed' ? null : offer.provider,
          )}
        </p>
      )}
      {offer.available && (
        <Button size="sm" variant="secondary" onClick={onSend}>
          {R.offer(formatRupees(offer.amount), offer.provider)}
        </Button>
      )}
    </div>
  );
}

/**
 * A dialog's one write on an order line: busy while it runs, the server's message as a toast, the reads the write
 * changes refreshed, then the dialog closes; a failure stays in the dialog (after `onFailed`).
 */
function useLineWrite(operation: WriteId, onClose: () => void, onFailed?: (e: unknown) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (send: () => Promise<{ message: string }>) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await send();
      toast.success(reply.message);
      await invalidateAfter(queryClient, operation);
      onClose();
    } catch (e) {
      await onFailed?.(e);
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

function SourceRefundDialog({ line, onClose }: { line: CancelledOrderLine; onClose: () => void }) {
  const queryClient = useQueryClient();
  // A refusal by the provider changed the line too (the attempt is recorded, the money back in the wallet).
  const { busy, error, run } = useLineWrite('refundToSource', onClose, () =>
    invalidateAfter(queryClient, 'refundToSource'),
  );
  const offer = line.refundToSource;
  const send = () => run(() => refundToSource(ref(line)));
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={R.title}
      description={R.of(line.serviceName, line.orderId)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {R.keep}
          </Button>
          <Button disabled={busy} onClick={send}>
            {R.send(formatRupees(offer.amount))}
          </Button>
        </>
      }
    >
      <p>{R.text(formatRupees(offer.amount), offer.provider ?? '')}</p>
      {error && <Alert tone="danger">{error}</Alert>}
    </Dialog>
  );
}

/** Asks the server what cancelling costs now, shows it, and cancels only once the customer confirms those terms. */
function CancelDialog({ line, onClose }: { line: Line; onClose: () => void }) {
  const terms = useQuery({
    queryKey: ['OrderLines', 'orderCancellationQuote', line.lineId],
    queryFn: async () => (await cancellationQuote(ref(line))).data,
    staleTime: 0,
    gcTime: 0,
  });
  const { busy, error, run } = useLineWrite('orderCancellation', onClose, async (e) => {
    if (e instanceof ApiError && e.status === 409) await terms.refetch();
  });
  const confirm = (t: CancellationTerms) => run(() => cancelOrderLine({ ...ref(line), AcceptedFee: t.fee }));
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={ACCOUNT.cancel.title}
      description={ACCOUNT.cancel.on(line.serviceName, slotText(line.slotStart))}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ACCOUNT.cancel.keep}
          </Button>
          <Button variant="danger" disabled={!terms.data || busy} onClick={() => terms.data && confirm(terms.data)}>
            {terms.data && terms.data.fee > 0 ? ACCOUNT.cancel.pay(formatRupees(terms.data.fee)) : ACCOUNT.cancel.free}
          </Button>
        </>
      }
    >
      <Loaded query={terms} loadingLabel={ACCOUNT.cancel.checking}>
        {(data) => (
          <section className={o.terms} aria-label={ACCOUNT.cancel.terms}>
            <p>{data.reason}</p>
            <dl className={o.termsTable}>
              <dt>{ACCOUNT.cancel.visitTotal}</dt>
              <dd>{formatRupees(data.lineTotal)}</dd>
              <dt>{ACCOUNT.cancel.fee}</dt>
              <dd>{formatRupees(data.fee)}</dd>
              {data.tipRefund > 0 && (
                <>
                  <dt>{ACCOUNT.cancel.tip}</dt>
                  <dd>{formatRupees(data.tipRefund)}</dd>
                </>
              )}
              <dt>{ACCOUNT.cancel.refund}</dt>
              <dd>
                <strong>{formatRupees(data.refund)}</strong>
              </dd>
            </dl>
            {data.freeUntil && <p className={s.muted}>{ACCOUNT.cancel.freeUntil(slotText(data.freeUntil))}</p>}
          </section>
        )}
      </Loaded>
      {error && <Alert tone="danger">{error}</Alert>}
    </Dialog>
  );
}

function RescheduleDialog({ line, onClose }: { line: Line; onClose: () => void }) {
  const [slot, setSlot] = useState<string | null>(null);
  const { busy, error, run } = useLineWrite('orderReschedule', onClose);
  const save = async () => {
    if (!slot) return;
    await run(() => rescheduleOrderLine({ ...ref(line), RescheduleDate: slot }));
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={ACCOUNT.move.title}
      description={ACCOUNT.move.now(line.serviceName, slotText(line.slotStart), line.reschedulesLeft)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {W.close}
          </Button>
          <Button disabled={!slot || busy} onClick={save}>
            {ACCOUNT.move.save}
          </Button>
        </>
      }
    >
      <SlotPicker value={slot} label={ACCOUNT.move.slotFor(line.serviceName)} onChange={setSlot} />
      {error && <Alert tone="danger">{error}</Alert>}
    </Dialog>
  );
}

function RateDialog({ line, onClose }: { line: Line; onClose: () => void }) {
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  const { busy, error, run } = useLineWrite('completeByProfessionalOrCustRating', onClose);
  const save = () =>
    run(() =>
      rateOrderLine({
        Action: 'CustRating',
        ...ref(line),
        Rating: rating,
        ...(review.trim() ? { Review: review.trim() } : {}),
      }),
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={ACCOUNT.rate.title}
      description={ACCOUNT.cancel.on(line.serviceName, slotText(line.slotStart))}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {W.close}
          </Button>
          <Button disabled={rating === 0 || busy} onClick={save}>
            {ACCOUNT.rate.send}
          </Button>
        </>
      }
    >
      <fieldset className={o.stars}>
        <legend>{ACCOUNT.rate.yours}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={o.star} data-on={n <= rating ? '' : undefined}>
            <input
              type="radio"
              name="rating"
              value={n}
              checked={rating === n}
              onChange={() => setRating(n)}
              className={o.starInput}
            />
            <span aria-hidden="true">★</span>
            <span className={o.starLabel}>{ACCOUNT.rate.stars(n)}</span>
          </label>
        ))}
      </fieldset>
      <TextArea
        label={ACCOUNT.rate.review}
        name="review"
        value={review}
        maxLength={1000}
        onChange={(e) => setReview(e.target.value)}
        fullWidth
      />
      {error && <Alert tone="danger">{error}</Alert>}
    </Dialog>
  );
}
