// One step of a candidate through the pipeline, from a list row or the candidate's page: the events the server says
// the caller may send now (the reply's allowedEvents, which are the machine's), each as a button; a step that takes
// words (a rejection's remark, the revised salary and joining date) opens a dialog. A refused step (409) shows the
// server's message and refreshes the candidate, so the row shows where the candidate really is.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { invalidateAfter, type WriteId } from '../../../api/invalidate';
import { type Candidate, decideCandidate, recruitmentProcess, sendForApproval } from '../../../api/recruitment';
import {
  RECRUITMENT_EVENT_LABELS,
  REMARK_REQUIRED,
  type RecruitmentEventType,
} from '../../../machines/recruitment/recruitment.machine';
import { Button, Dialog, toast } from '../../../ui';
import { Form, FormActions, TextArea, TextField } from '../../../ui/form';
import * as s from './recruitment.css';

/** The steps that may carry a revised salary and joining date (decision 032). */
const REVISING: readonly RecruitmentEventType[] = ['SCREEN', 'INTERVIEW', 'FINALISE'];

/** What each step's button says, with the candidate's name for screen readers. */
export const stepLabel = (event: RecruitmentEventType, admin = false) =>
  event === 'ADMIN_REJECT' || (event === 'REJECT' && admin) ? 'Reject' : RECRUITMENT_EVENT_LABELS[event];

type Send = () => Promise<{ message?: string }>;

/** Sends a step; a refusal toasts the server's words and refreshes the candidate either way. */
export function useCandidateStep() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function run(send: Send, operation: WriteId): Promise<boolean> {
    setBusy(true);
    try {
      const reply = await send();
      toast.success(reply.message || 'Done.');
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.errors.length && e.status === 400) {
        throw e; // the dialog shows the field errors
      }
      toast.error((e as Error).message);
      return false;
    } finally {
      await invalidateAfter(queryClient, operation);
      setBusy(false);
    }
  }
  return { busy, run };
}

export interface StepButtonsProps {
  candidate: Pick<Candidate, 'id' | 'fullName' | 'allowedEvents'>;
  /** The admin decides on approval; HR runs the rest. */
  viewer: 'HR' | 'A';
  size?: 'sm' | 'md';
}

/** Starts the candidate's steps: APPROVE is sent at once, APPOINT opens the appointment form, the rest a dialog. */
export function useStepStarter(c: StepButtonsProps['candidate']) {
  const navigate = useNavigate();
  const step = useCandidateStep();
  const [open, setOpen] = useState<RecruitmentEventType | null>(null);
  function start(event: RecruitmentEventType) {
    if (event === 'APPOINT') {
      void navigate({ to: '/Employee/EmployeeAddHR', search: { CandidateId: c.id } });
      return;
    }
    if (event === 'APPROVE') {
      void step.run(() => decideCandidate(c.id, true), 'approveRejectCandidate');
      return;
    }
    setOpen(event);
  }
  const dialog = open ? (
    <StepDialog candidate={c} event={open} onClose={() => setOpen(null)} run={step.run} busy={step.busy} />
  ) : null;
  return { start, dialog, busy: step.busy };
}

/** The row's step buttons and the dialog a step opens. */
export function StepButtons({ candidate: c, viewer, size = 'sm' }: StepButtonsProps) {
  const { start, dialog, busy } = useStepStarter(c);
  const events = c.allowedEvents as RecruitmentEventType[];
  if (!events.length) return null;
  return (
    <span className={s.actions}>
      {events.map((event) => (
        <Button
          key={event}
          size={size}
          variant={event === 'REJECT' || event === 'ADMIN_REJECT' ? 'danger' : 'secondary'}
          disabled={busy}
          aria-label={`${stepLabel(event, viewer === 'A')}: ${c.fullName}`}
          onClick={() => start(event)}
        >
          {stepLabel(event, viewer === 'A')}
        </Button>
      ))}
      {dialog}
    </span>
  );
}

function StepDialog({
  candidate: c,
  event,
  onClose,
  run,
  busy,
}: {
  candidate: Pick<Candidate, 'id' | 'fullName'>;
  event: RecruitmentEventType;
  onClose(): void;
  run: (send: Send, operation: WriteId) => Promise<boolean>;
  busy: boolean;
}) {
  const [remark, setRemark] = useState('');
  const [salary, setSalary] = useState('');
  const [joinDate, setJoinDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const needsRemark = REMARK_REQUIRED.includes(event);
  const revising = REVISING.includes(event);
  const label = stepLabel(event);

  async function submit() {
    const found: Record<string, string> = {};
    if (needsRemark && !remark.trim()) found.remark = 'Remark: say why; it stays in the candidate’s history.';
    const rupees = salary.trim() ? Number(salary.replace(/[,\s₹]/g, '')) : 0;
    if (
      salary.trim() &&
      !(Number.isFinite(rupees) && rupees >= 0 && rupees <= 10_000_000 && Math.round(rupees * 100) === rupees * 100)
    )
      found.salary = 'Revised salary must be rupees (up to 2 decimals) between 0 and 1,00,00,000.';
    setErrors(found);
    if (Object.keys(found).length) return;
    const send: [Send, WriteId] =
      event === 'SEND_FOR_APPROVAL'
        ? [() => sendForApproval(c.id, remark.trim()), 'sendCandidateForApproval']
        : event === 'ADMIN_REJECT'
          ? [() => decideCandidate(c.id, false, remark.trim()), 'approveRejectCandidate']
          : [
              () =>
                recruitmentProcess({
                  id: c.id,
                  Action:
                    event === 'SCREEN'
                      ? 'Screen'
                      : event === 'INTERVIEW'
                        ? 'Interview'
                        : event === 'FINALISE'
                          ? 'Finalise'
                          : 'Reject',
                  AccFlag: event === 'REJECT' ? 0 : 1,
                  RejectRemark: remark.trim(),
                  RevSal: rupees,
                  RevJoDate: joinDate,
                }),
              'recruitmentProcess',
            ];
    try {
      // Done or refused (the toast says why and the candidate is refreshed): either way the dialog has done its part.
      await run(...send);
      onClose();
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? e.errors : [];
      const mapped: Record<string, string> = {};
      for (const fe of fieldErrors) {
        const key = /RevSal/i.test(fe.field) ? 'salary' : /RevJoDate/i.test(fe.field) ? 'joinDate' : 'remark';
        mapped[key] = fe.message;
      }
      setErrors(mapped);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={`${label}: ${c.fullName}`}
      description={
        needsRemark
          ? 'A rejection ends the candidate’s way through recruitment. Your remark stays in their history.'
          : event === 'SEND_FOR_APPROVAL'
            ? 'The admin approves or rejects the candidate on the candidate list.'
            : 'You may set a revised salary and joining date at this step; the history keeps both.'
      }
      size="sm"
    >
      <Form onSubmit={() => void submit()} aria-label={`${label} ${c.fullName}`}>
        {revising ? (
          <>
            <TextField
              label="Revised salary (₹ a month)"
              name="RevSal"
              inputMode="decimal"
              value={salary}
              error={errors.salary}
              onChange={(e) => setSalary(e.target.value)}
              hint="Optional."
            />
            <TextField
              label="Revised joining date"
              name="RevJoDate"
              type="date"
              value={joinDate}
              error={errors.joinDate}
              onChange={(e) => setJoinDate(e.target.value)}
              hint="Optional."
            />
          </>
        ) : null}
        <TextArea
          label="Remark"
          name="RejectRemark"
          required={needsRemark}
          rows={3}
          dir="auto"
          maxLength={500}
          value={remark}
          error={errors.remark}
          onChange={(e) => setRemark(e.target.value)}
          fullWidth
        />
        <FormActions>
          <Button type="submit" variant={needsRemark ? 'danger' : 'primary'} loading={busy}>
            {label}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
