import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { invalidateAfter } from '../../../api/invalidate';
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
  LoadingPlaceholder,
  Pager,
  toast,
} from '../../../ui';
import { TextArea } from '../../../ui/form';
import { SlotPicker } from '../cart/SlotPicker';
import * as s from '../wallet/wallet.css';
import * as o from './orders.css';
import { ORDER_LISTS, type OrderList } from './ordersSearch';

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
const slotText = (iso: string) => `${slotFormat.format(new Date(iso))} IST`;
const LIST_LABELS: Record<OrderList, string> = { upcoming: 'Upcoming', past: 'Past', cancelled: 'Cancelled' };
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
    <Card title="Your orders">
      <nav aria-label="Order lists" className={o.lists}>
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
      {query.isPending ? (
        <LoadingPlaceholder label="Loading your orders…" />
      ) : query.error ? (
        <Alert tone="danger">{query.error.message}</Alert>
      ) : total === 0 ? (
        <EmptyState
          title={`No ${LIST_LABELS[list].toLowerCase()} visits`}
          description={
            list === 'upcoming' ? 'Services you book appear here until they are carried out.' : 'Nothing here yet.'
          }
        />
      ) : (
        <>
          <ul aria-label={`${LIST_LABELS[list]} visits`} className={o.lines}>
            {query.data.items.map((line: Line) => (
              <OrderLineItem key={line.lineId} line={line} />
            ))}
          </ul>
          <Pager page={page} pages={pages} label="Order pages" onPage={(p) => go(list, p)} />
        </>
      )}
    </Card>
  );
}

function OrderLineItem({ line }: { line: Line }) {
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | 'rate' | 'source' | null>(null);
  const close = () => setDialog(null);
  const cancelled = 'refund' in line ? line : null;
  return (
    <li className={o.line} aria-label={`${line.serviceName}, order ${line.orderId}`}>
      <div className={o.lineHead}>
        <strong>{line.serviceName}</strong>
        <Badge tone={STATE_TONE[line.state] ?? 'neutral'}>{line.stateLabel}</Badge>
      </div>
      <p className={s.muted}>
        Order #{line.orderId} · {slotText(line.slotStart)} · Qty {line.quantity} · {formatRupees(line.total)}
        {line.invoiceNo ? ` · Invoice ${line.invoiceNo}` : ''}
      </p>
      {(line.professionalName || line.completionCode) && (
        <p className={o.visit}>
          {line.professionalName && (
            <span>
              Your professional: <bdi>{line.professionalName}</bdi>
            </span>
          )}
          {line.completionCode && (
            <span>
              Completion code <strong className={o.code}>{line.completionCode}</strong>
              <span className={s.muted}> · give it to the professional only when the work is done</span>
            </span>
          )}
        </p>
      )}
      {line.rating !== null && (
        <p className={s.muted}>
          <span aria-hidden="true">{'★'.repeat(line.rating)}</span> Your rating: {line.rating} of 5
          {line.review ? ` — “${line.review}”` : ''}
        </p>
      )}
      {cancelled && (
        <p className={s.muted}>
          Refunded {formatRupees(cancelled.refund)} to your wallet
          {cancelled.fee > 0 ? ` · cancellation fee ${formatRupees(cancelled.fee)}` : ''}
          {cancelled.creditNoteNo ? ` · credit note ${cancelled.creditNoteNo}` : ''}
        </p>
      )}
      {cancelled && <SourceRefundStatus line={cancelled} onSend={() => setDialog('source')} />}
      {line.actions.length > 0 && (
        <div className={o.actions}>
          {line.actions.includes('Reschedule') && (
            <Button size="sm" variant="secondary" onClick={() => setDialog('reschedule')}>
              Reschedule
            </Button>
          )}
          {line.actions.includes('Cancel') && (
            <Button size="sm" variant="danger" onClick={() => setDialog('cancel')}>
              Cancel
            </Button>
          )}
          {line.actions.includes('Rate') && (
            <Button size="sm" onClick={() => setDialog('rate')}>
              Rate
            </Button>
          )}
          {line.actions.includes('Invoice') && (
            <Link
              to={'/PayProcessInvoice' as never}
              search={{ OrderId: line.orderId } as never}
              className={buttonClassName({ size: 'sm', variant: 'ghost' })}
            >
              Invoice
            </Link>
          )}
          {line.actions.includes('Query') && (
            <Link
              to="/MyAccounts"
              search={{ tab: 'queries', line: line.lineId } as never}
              className={buttonClassName({ size: 'sm', variant: 'ghost' })}
            >
              Raise a query
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

const SOURCE_STATUS: Record<string, string> = {
  requested: 'is being sent back',
  pending: 'is on its way back',
  processed: 'was sent back',
  failed: 'could not be sent back and stayed in your wallet',
};

/** A provider-paid line's refund: where it went, and the offer to send it back to the card or UPI (decision 030). */
function SourceRefundStatus({ line, onSend }: { line: CancelledOrderLine; onSend: () => void }) {
  const offer = line.refundToSource;
  if (!offer.provider || (!offer.available && !offer.status)) return null;
  return (
    <div className={o.actions}>
      {offer.status && (
        <p className={s.muted}>
          {formatRupees(offer.amount)} {SOURCE_STATUS[offer.status]}
          {offer.status === 'failed' ? '' : ` to ${offer.provider}`}
        </p>
      )}
      {offer.available && (
        <Button size="sm" variant="secondary" onClick={onSend}>
          Send {formatRupees(offer.amount)} back to {offer.provider}
        </Button>
      )}
    </div>
  );
}

function SourceRefundDialog({ line, onClose }: { line: CancelledOrderLine; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const offer = line.refundToSource;
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const reply = await refundToSource(ref(line));
      toast.success(reply.message);
      await invalidateAfter(queryClient, 'refundToSource');
      onClose();
    } catch (e) {
      // A refusal by the provider changed the line too (the attempt is recorded, the money back in the wallet).
      await invalidateAfter(queryClient, 'refundToSource');
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Send the refund back to where you paid?"
      description={`${line.serviceName}, order #${line.orderId}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep it in my wallet
          </Button>
          <Button disabled={busy} onClick={send}>
            Send {formatRupees(offer.amount)} back
          </Button>
        </>
      }
    >
      <p>
        {formatRupees(offer.amount)} leaves your wallet and goes back to the card or UPI you paid with through{' '}
        {offer.provider}. Banks usually take 5–7 working days to show it.
      </p>
      {error && <Alert tone="danger">{error}</Alert>}
    </Dialog>
  );
}

/** Asks the server what cancelling costs now, shows it, and cancels only once the customer confirms those terms. */
function CancelDialog({ line, onClose }: { line: Line; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const terms = useQuery({
    queryKey: ['OrderLines', 'orderCancellationQuote', line.lineId],
    queryFn: async () => (await cancellationQuote(ref(line))).data,
    staleTime: 0,
    gcTime: 0,
  });
  const confirm = async (t: CancellationTerms) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await cancelOrderLine({ ...ref(line), AcceptedFee: t.fee });
      toast.success(reply.message);
      await invalidateAfter(queryClient, 'orderCancellation');
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) await terms.refetch();
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Cancel this visit?"
      description={`${line.serviceName} on ${slotText(line.slotStart)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep the visit
          </Button>
          <Button variant="danger" disabled={!terms.data || busy} onClick={() => terms.data && confirm(terms.data)}>
            {terms.data && terms.data.fee > 0 ? `Cancel and pay ${formatRupees(terms.data.fee)}` : 'Cancel the visit'}
          </Button>
        </>
      }
    >
      {terms.isPending ? (
        <LoadingPlaceholder label="Checking the cancellation terms…" />
      ) : terms.error ? (
        <Alert tone="danger">{terms.error.message}</Alert>
      ) : (
        <section className={o.terms} aria-label="Cancellation terms">
          <p>{terms.data.reason}</p>
          <dl className={o.termsTable}>
            <dt>Line total</dt>
            <dd>{formatRupees(terms.data.lineTotal)}</dd>
            <dt>Cancellation fee</dt>
            <dd>{formatRupees(terms.data.fee)}</dd>
            {terms.data.tipRefund > 0 && (
              <>
                <dt>Tip returned</dt>
                <dd>{formatRupees(terms.data.tipRefund)}</dd>
              </>
            )}
            <dt>Refund to your wallet</dt>
            <dd>
              <strong>{formatRupees(terms.data.refund)}</strong>
            </dd>
          </dl>
          {terms.data.freeUntil && <p className={s.muted}>Free until {slotText(terms.data.freeUntil)}.</p>}
        </section>
      )}
      {error && <Alert tone="danger">{error}</Alert>}
    </Dialog>
  );
}

function RescheduleDialog({ line, onClose }: { line: Line; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [slot, setSlot] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (!slot) return;
    setBusy(true);
    setError(null);
    try {
      const reply = await rescheduleOrderLine({ ...ref(line), RescheduleDate: slot });
      toast.success(reply.message);
      await invalidateAfter(queryClient, 'orderReschedule');
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Move this visit"
      description={`${line.serviceName}, now on ${slotText(line.slotStart)}. ${line.reschedulesLeft} move${line.reschedulesLeft === 1 ? '' : 's'} left.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button disabled={!slot || busy} onClick={save}>
            Move the visit
          </Button>
        </>
      }
    >
      <SlotPicker value={slot} label={`New slot for ${line.serviceName}`} onChange={setSlot} />
      {error && <Alert tone="danger">{error}</Alert>}
    </Dialog>
  );
}

function RateDialog({ line, onClose }: { line: Line; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const reply = await rateOrderLine({
        Action: 'CustRating',
        ...ref(line),
        Rating: rating,
        ...(review.trim() ? { Review: review.trim() } : {}),
      });
      toast.success(reply.message);
      await invalidateAfter(queryClient, 'completeByProfessionalOrCustRating');
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Rate this visit"
      description={`${line.serviceName} on ${slotText(line.slotStart)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button disabled={rating === 0 || busy} onClick={save}>
            Send rating
          </Button>
        </>
      }
    >
      <fieldset className={o.stars}>
        <legend>Your rating</legend>
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
            <span className={o.starLabel}>
              {n} star{n === 1 ? '' : 's'}
            </span>
          </label>
        ))}
      </fieldset>
      <TextArea
        label="Review (optional)"
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
