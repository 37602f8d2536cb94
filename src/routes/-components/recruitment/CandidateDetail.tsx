// One candidate for HR and the admin: the facts and the CV, the recruitment machine drawn with the current step
// highlighted and the steps the caller may take now as buttons (the server's allowedEvents), the history of every
// step (who, when, from, to, remark, revised salary and joining date) and the documents.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { invalidateAfter } from '../../../api/invalidate';
import { candidateQuery, type CandidateDetail as Detail, deleteCandidate } from '../../../api/recruitment';
import {
  type RecruitmentEventType,
  type RecruitmentState,
  recruitmentMachine,
} from '../../../machines/recruitment/recruitment.machine';
import {
  Alert,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  formatDate,
  formatDateTime,
  formatRupees,
  LoadingPlaceholder,
  MachineDiagram,
  toast,
} from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { Fact } from '../Fact';
import { CandidateDocuments, FileButton } from './CandidateDocuments';
import { useStepStarter } from './CandidateStep';
import * as s from './recruitment.css';
import { DIAGRAM_LABELS, STATE_LABEL, STATE_TONE } from './states';

type Step = Detail['history'][number];

const HISTORY_COLUMNS: Column<Step>[] = [
  { key: 'at', header: 'When', render: (h) => <span className={s.nowrap}>{formatDateTime(h.at)}</span> },
  { key: 'actorName', header: 'By', render: (h) => <bdi>{h.actorName ?? 'The system'}</bdi> },
  { key: 'event', header: 'Step', render: (h) => DIAGRAM_LABELS[h.event] ?? h.event },
  {
    key: 'fromState',
    header: 'From',
    render: (h) => (h.fromState ? (DIAGRAM_LABELS[h.fromState] ?? h.fromState) : '—'),
  },
  { key: 'toState', header: 'To', render: (h) => DIAGRAM_LABELS[h.toState] ?? h.toState },
  { key: 'remark', header: 'Remark', render: (h) => (h.remark ? <bdi dir="auto">{h.remark}</bdi> : '—') },
  {
    key: 'revSal',
    header: 'Revised salary',
    align: 'end',
    render: (h) => (h.revSal !== null ? <span className={s.nowrap}>{formatRupees(h.revSal)}</span> : '—'),
  },
  { key: 'revJoDate', header: 'Revised joining', render: (h) => (h.revJoDate ? formatDate(h.revJoDate) : '—') },
];

export interface CandidateDetailProps {
  id: number;
  viewer: 'HR' | 'A';
  /** The page's main heading (HR's candidate page); a section heading otherwise. */
  headingLevel?: 1 | 2;
}

export function CandidateDetail({ id, viewer, headingLevel = 2 }: CandidateDetailProps) {
  const candidate = useQuery(candidateQuery(id));
  if (candidate.isPending) return <LoadingPlaceholder />;
  if (!candidate.data)
    return <Alert tone="danger">{candidate.error?.message ?? `Candidate ${id} was not found.`}</Alert>;
  const c = candidate.data;
  const state = c.state as RecruitmentState;
  return (
    <section aria-labelledby={`candidate-${id}`} className={s.page}>
      <Card
        headingLevel={headingLevel}
        title={
          <span id={`candidate-${id}`} className={s.actions}>
            <bdi>{c.fullName}</bdi> <Badge tone={STATE_TONE[state]}>{STATE_LABEL[state]}</Badge>
          </span>
        }
        actions={viewer === 'HR' && state === 'new' ? <DeleteCandidate candidate={c} /> : null}
      >
        <dl className={s.facts}>
          <Fact term="Designation">
            {c.designationType}, {c.offOnRole === 'OnRoll' ? 'on roll' : 'off roll'}
          </Fact>
          <Fact term="Mobile">{c.phone}</Fact>
          <Fact term="E-mail">{c.email ? <bdi>{c.email}</bdi> : '—'}</Fact>
          <Fact term="Address">
            <bdi dir="auto">{c.address}</bdi>, {c.pincode}
          </Fact>
          <Fact term="Date of birth">{formatDate(c.dob)}</Fact>
          <Fact term="Experience">
            {c.totalExp} {c.totalExp === 1 ? 'year' : 'years'}
          </Fact>
          <Fact term="CV">
            {c.hasCv ? <FileButton candidateId={c.id} kind="cv" fileName={c.cvFileName ?? 'CV'} /> : 'None'}
          </Fact>
          <Fact term="Revised salary">
            {c.revisedSalary !== null ? `${formatRupees(c.revisedSalary)} a month` : '—'}
            {c.revisedJoinDate ? `, joining ${formatDate(c.revisedJoinDate)}` : ''}
          </Fact>
          <Fact term="Added">
            {formatDateTime(c.createdAt)}
            {c.createdByName ? (
              <>
                {' '}
                by <bdi>{c.createdByName}</bdi>
              </>
            ) : null}
          </Fact>
          {c.lastRemark ? (
            <Fact term="Last remark">
              <bdi dir="auto">{c.lastRemark}</bdi>
            </Fact>
          ) : null}
          {c.professionalId ? (
            <Fact term="Professional">
              <Link to="/Employee/EmployeeDetail" search={{ id: c.professionalId }}>
                Open their employee page
              </Link>
            </Fact>
          ) : null}
        </dl>
      </Card>
      <Card title="Pipeline">
        <Pipeline candidate={c} viewer={viewer} />
      </Card>
      <Card title="History">
        <DataTable
          caption={`Steps of ${c.fullName}`}
          columns={HISTORY_COLUMNS}
          rowKey={(h) => h.id}
          emptyMessage="No steps recorded."
          {...staticTableProps(c.history)}
        />
      </Card>
      <CandidateDocuments
        candidateId={c.id}
        canEdit={viewer === 'HR' && state !== 'appointed' && state !== 'rejected' && state !== 'adminRejected'}
      />
    </section>
  );
}

function Pipeline({ candidate: c, viewer }: { candidate: Detail; viewer: 'HR' | 'A' }) {
  const { start, dialog, busy } = useStepStarter(c);
  const allowed = c.allowedEvents as RecruitmentEventType[];
  const state = c.state as RecruitmentState;
  return (
    <div className={s.page}>
      <MachineDiagram
        machine={recruitmentMachine}
        current={state}
        allowedEvents={allowed}
        labels={DIAGRAM_LABELS}
        title="Recruitment"
        busy={busy}
        onEvent={(type) => start(type as RecruitmentEventType)}
      />
      {allowed.length === 0 ? (
        <p className={s.muted}>
          {state === 'sentForApproval'
            ? viewer === 'HR'
              ? 'Waiting for the admin’s approval.'
              : 'Nothing to decide here.'
            : state === 'approved' && viewer === 'A'
              ? 'Approved: HR appoints them.'
              : 'No step can be taken from here.'}
        </p>
      ) : null}
      {dialog}
    </div>
  );
}

/** Hr/DeleteCandidates: only before screening (the server refuses later: a rejection is the way out then). */
function DeleteCandidate({ candidate: c }: { candidate: Detail }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <>
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        Delete candidate
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${c.fullName}?`}
        message="The candidate, their CV and documents are removed. Only a candidate not yet screened can be deleted."
        confirmLabel="Delete candidate"
        tone="danger"
        onConfirm={async () => {
          await deleteCandidate(c.id);
          toast.success(`${c.fullName} was deleted.`);
          // Leave the page first: refreshed there, the deleted candidate would only say 'not found'.
          await navigate({ to: '/RecruitingStaff/Candidates' });
          await invalidateAfter(queryClient, 'deleteCandidates');
        }}
      />
    </>
  );
}
