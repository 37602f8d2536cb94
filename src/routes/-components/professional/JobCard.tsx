import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { invalidateAfter } from '../../../api/invalidate';
import {
  assignOrderToMyself,
  completeJob,
  type ProfessionalJob,
  type ProfessionalJobDone,
} from '../../../api/professionalJobs';
import { Alert, Badge, type BadgeTone, Button, Dialog, formatRupees, toast } from '../../../ui';
import { TextArea } from '../../../ui/form';
import { areaText, slotText } from './format';
import * as s from './professional.css';

const STATE_TONE: Record<string, BadgeTone> = {
  unassigned: 'info',
  assigned: 'warning',
  accepted: 'info',
  completed: 'success',
  rated: 'success',
  cancelled: 'neutral',
};

type Job = ProfessionalJob | ProfessionalJobDone;
const isDone = (j: Job): j is ProfessionalJobDone => 'tip' in j;

/**
 * One job as a card (phones first): what, where, when, for whom, and the buttons its state allows now. `readOnly`:
 * staff looking at a professional's list see the job without the professional's buttons.
 */
export function JobCard({ job, readOnly = false }: { job: Job; readOnly?: boolean }) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'reject' | 'complete' | null>(null);
  const [busy, setBusy] = useState(false);
  const label = `${job.serviceName}, order ${job.orderId}`;

  const take = async (verb: 'Take' | 'Accept') => {
    setBusy(true);
    try {
      const reply = await assignOrderToMyself({ id: job.lineId, RejFlag: 0 });
      toast.success(reply.message);
    } catch (e) {
      // Someone else took it, or a rule stopped it: say why; the lists refresh below either way.
      toast.error(e instanceof Error ? e.message : `${verb} failed`);
    } finally {
      setBusy(false);
      await invalidateAfter(queryClient, 'assignOrderToMyself');
    }
  };

  return (
    <li className={s.card} aria-label={label}>
      <div className={s.head}>
        <h3 className={s.title}>{job.serviceName}</h3>
        <Badge tone={STATE_TONE[job.state] ?? 'neutral'}>{job.stateLabel}</Badge>
      </div>
      <dl className={s.facts}>
        <dt>When</dt>
        <dd>{slotText(job.slotStart, job.slotEnd)}</dd>
        <dt>Customer</dt>
        <dd>
          <bdi>{job.customerName}</bdi>
        </dd>
        <dt>Area</dt>
        <dd>{areaText(job.area)}</dd>
        {job.address && (
          <>
            <dt>Address</dt>
            <dd dir="auto">{job.address}</dd>
          </>
        )}
        {job.receiverMobileNo && (
          <>
            <dt>Call</dt>
            <dd>
              <a href={`tel:+91${job.receiverMobileNo}`}>{job.receiverMobileNo}</a>
            </dd>
          </>
        )}
        <dt>Order</dt>
        <dd>
          #{job.orderId}
          {job.quantity > 1 ? ` · Qty ${job.quantity}` : ''}
        </dd>
        {isDone(job) && (
          <>
            {job.rating !== null && (
              <>
                <dt>Rating</dt>
                <dd>
                  <span aria-hidden="true">{'★'.repeat(job.rating)}</span> {job.rating} of 5
                  {job.review ? <span dir="auto"> — “{job.review}”</span> : null}
                </dd>
              </>
            )}
            {job.tip > 0 && (
              <>
                <dt>Tip</dt>
                <dd>{formatRupees(job.tip)}</dd>
              </>
            )}
          </>
        )}
      </dl>
      {!readOnly && job.actions.length > 0 && (
        <div className={s.actions}>
          {job.actions.includes('Take') && (
            <Button size="sm" loading={busy} onClick={() => take('Take')} aria-label={`Take job: ${label}`}>
              Take job
            </Button>
          )}
          {job.actions.includes('Accept') && (
            <Button size="sm" loading={busy} onClick={() => take('Accept')} aria-label={`Accept: ${label}`}>
              Accept
            </Button>
          )}
          {job.actions.includes('Complete') && (
            <Button size="sm" onClick={() => setDialog('complete')} aria-label={`Complete: ${label}`}>
              Complete
            </Button>
          )}
          {job.actions.includes('Reject') && (
            <Button size="sm" variant="secondary" onClick={() => setDialog('reject')} aria-label={`Reject: ${label}`}>
              Reject
            </Button>
          )}
        </div>
      )}
      {dialog === 'reject' && <RejectDialog job={job} onClose={() => setDialog(null)} />}
      {dialog === 'complete' && <CompleteDialog job={job} onClose={() => setDialog(null)} />}
    </li>
  );
}

/** Turning a job down: it goes back to the unassigned list and is not offered to this professional again. */
function RejectDialog({ job, onClose }: { job: Job; onClose(): void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reject = async () => {
    setBusy(true);
    setError(null);
    try {
      const text = reason.trim();
      const reply = await assignOrderToMyself({ id: job.lineId, RejFlag: 1, ...(text ? { Reason: text } : {}) });
      toast.success(reply.message);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      await invalidateAfter(queryClient, 'assignOrderToMyself');
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Reject this job?"
      description={`${job.serviceName} · ${slotText(job.slotStart, job.slotEnd)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep it
          </Button>
          <Button variant="danger" loading={busy} onClick={reject}>
            Reject job
          </Button>
        </>
      }
    >
      <div style={{ display: 'grid', gap: 12 }}>
        <p className={s.muted}>It goes back to the office to give to someone else, and is not offered to you again.</p>
        {error && <Alert tone="danger">{error}</Alert>}
        <TextArea
          label="Reason"
          name="Reason"
          value={reason}
          maxLength={500}
          rows={3}
          hint="Optional: helps the office (for example, too far today)."
          onChange={(e) => setReason(e.target.value)}
          fullWidth
        />
      </div>
    </Dialog>
  );
}

/**
 * The attempts left after a refused code: the problem's `attemptsLeft` when the server sends it, otherwise read from
 * its CompletionCode message ("… (4 attempts left)"); 0 once the job is locked (423).
 */
function attemptsLeftOf(e: unknown): number | null {
  if (!(e instanceof ApiError)) return null;
  if (e.status === 423) return 0;
  if (typeof e.problem.attemptsLeft === 'number') return e.problem.attemptsLeft;
  const said = [...e.errors.map((x) => x.message), e.message].join(' ').match(/(\d+) attempts? left/);
  return said ? Number(said[1]) : null;
}

/**
 * Completing needs the 4-digit code the customer sees in My account. A wrong code is refused by the server, which
 * counts the attempts: its message and the attempts left are shown as they come.
 */
function CompleteDialog({ job, onClose }: { job: Job; onClose(): void }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; attemptsLeft: number | null } | null>(null);
  const valid = /^[0-9]{4}$/.test(code);
  const complete = async () => {
    if (!valid) {
      setRefusal({ message: 'Enter the 4 digits the customer gives you.', attemptsLeft: null });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const reply = await completeJob(job, code);
      toast.success(reply.message);
      onClose();
    } catch (e) {
      setRefusal({ message: e instanceof Error ? e.message : String(e), attemptsLeft: attemptsLeftOf(e) });
      setCode('');
    } finally {
      setBusy(false);
      await invalidateAfter(queryClient, 'completeByProfessionalOrCustRating');
    }
  };
  const locked = refusal?.attemptsLeft === 0;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Complete this job"
      description={`${job.serviceName} for ${job.customerName} · ${slotText(job.slotStart, job.slotEnd)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {locked ? 'Close' : 'Cancel'}
          </Button>
          {!locked && (
            <Button type="submit" form={`complete-${job.lineId}`} loading={busy}>
              Complete job
            </Button>
          )}
        </>
      }
    >
      <form
        id={`complete-${job.lineId}`}
        aria-label="Completion code"
        style={{ display: 'grid', gap: 12, justifyItems: 'start' }}
        onSubmit={(e) => {
          e.preventDefault();
          complete();
        }}
      >
        <label htmlFor={`code-${job.lineId}`}>Ask the customer for their 4-digit completion code</label>
        <input
          id={`code-${job.lineId}`}
          className={s.codeInput}
          name="CompletionCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{4}"
          maxLength={4}
          value={code}
          disabled={locked}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `code-${job.lineId}-error` : undefined}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 4))}
        />
        {refusal && (
          <div id={`code-${job.lineId}-error`} style={{ width: '100%' }}>
            {/* The server's message already says how many attempts are left. */}
            <Alert tone={locked ? 'danger' : 'warning'} title={refusal.message} />
          </div>
        )}
      </form>
    </Dialog>
  );
}
