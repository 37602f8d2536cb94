// A candidate's documents (Hr/GetCandidateDocs): the files (opened only through the server, which serves them to HR
// and the admin alone), the salaries, the joining date, the verification status and the bank and statutory numbers.
// HR adds them (Hr/AddCandidateDocs) and updates them (Hr/UpdateCandidateDocs: only what changed is sent; a file
// chosen replaces the stored one). The contract checks the formats before sending; the server adds Aadhaar's check
// digit and names the field of anything it refuses.

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import {
  addCandidateDocs,
  type CandidateDocs,
  type CandidateDocsBody,
  type CandidateFileKind,
  candidateDocsQuery,
  candidateFile,
  updateCandidateDocs,
} from '../../../api/recruitment';
import { Alert, Badge, Button, Card, formatDate, formatRupees, LoadingPlaceholder, toast } from '../../../ui';
import { saveBlob } from '../../../ui/download';
import { type FileValue, ImageField, SCANNED_PAPER, SelectField, TextField } from '../../../ui/form';
import { Fact } from '../Fact';
import { OperationForm, typedNumber, useOperationForm } from '../form';
import * as s from './recruitment.css';

export const FILE_LABEL: Record<CandidateFileKind, string> = {
  cv: 'CV',
  education: 'Education documents',
  aadhar: 'Aadhaar card',
  pan: 'PAN card',
  profileImage: 'Profile picture',
  prevOrg: 'Previous organisation documents',
};

/** Opens one of the candidate's private files in a new tab (fetched with the session; never a public link). */
export function FileButton({
  candidateId,
  kind,
  fileName,
}: {
  candidateId: number;
  kind: CandidateFileKind;
  fileName: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      loading={busy}
      aria-label={`Open ${FILE_LABEL[kind]}: ${fileName}`}
      onClick={async () => {
        setBusy(true);
        try {
          saveBlob(await candidateFile(candidateId, kind), fileName);
        } catch (e) {
          toast.error((e as Error).message);
        } finally {
          setBusy(false);
        }
      }}
    >
      <bdi>{fileName}</bdi>
    </Button>
  );
}

export function CandidateDocuments({ candidateId, canEdit }: { candidateId: number; canEdit: boolean }) {
  const docs = useQuery({ ...candidateDocsQuery(candidateId), retry: false });
  const [editing, setEditing] = useState(false);
  const none = docs.error instanceof ApiError && docs.error.status === 404;
  if (docs.isPending) return <LoadingPlaceholder />;
  if (docs.error && !none) return <Alert tone="danger">{docs.error.message}</Alert>;
  const d = docs.data ?? null;
  if (editing && canEdit) {
    return (
      <Card title={d ? 'Update documents' : 'Add documents'}>
        <DocumentsForm candidateId={candidateId} docs={d} onDone={() => setEditing(false)} />
      </Card>
    );
  }
  return (
    <Card
      title="Documents"
      actions={
        canEdit ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            {d ? 'Update documents' : 'Add documents'}
          </Button>
        ) : null
      }
    >
      {d ? <DocumentsView docs={d} /> : <p className={s.muted}>No documents yet.</p>}
    </Card>
  );
}

function DocumentsView({ docs: d }: { docs: CandidateDocs }) {
  const money = (n: number | null) => (n === null ? '—' : formatRupees(n));
  const text = (t: string | null) => (t ? <bdi>{t}</bdi> : '—');
  return (
    <div className={s.page}>
      <dl className={s.facts}>
        <Fact term="Verification">
          <Badge
            tone={
              d.verificationSts === 'Verified' ? 'success' : d.verificationSts === 'Rejected' ? 'danger' : 'warning'
            }
          >
            {d.verificationSts}
          </Badge>
        </Fact>
        <Fact term="Aadhaar">{d.aadharNumber ?? (d.aadharLast4 ? `XXXX XXXX ${d.aadharLast4}` : '—')}</Fact>
        <Fact term="PAN">{text(d.panNumber)}</Fact>
        <Fact term="Expected salary">{money(d.expectedSal)} a month</Fact>
        <Fact term="Offered salary">{money(d.offeredSal)} a month</Fact>
        <Fact term="Previous salary">{money(d.previousSal)} a month</Fact>
        <Fact term="Expected joining">{d.expectedJoinDate ? formatDate(d.expectedJoinDate) : '—'}</Fact>
        <Fact term="Bank account">
          {text(d.bankAccNo)} {d.bankIFSC ? <>(IFSC {d.bankIFSC})</> : null}
        </Fact>
        <Fact term="PF account">{text(d.pfAccNo)}</Fact>
        <Fact term="UAN">{text(d.uanNo)}</Fact>
        <Fact term="ESI number">{text(d.esiNo)}</Fact>
        <Fact term="Files">
          {d.files.length ? (
            <ul className={s.fileList}>
              {d.files.map((f) => (
                <li key={f.kind}>
                  {FILE_LABEL[f.kind]}: <FileButton candidateId={d.candidateId} kind={f.kind} fileName={f.fileName} />
                </li>
              ))}
            </ul>
          ) : (
            'None'
          )}
        </Fact>
      </dl>
    </div>
  );
}

type Values = {
  education: FileValue | null;
  aadhar: FileValue | null;
  pan: FileValue | null;
  profileImage: FileValue | null;
  prevOrg: FileValue | null;
  aadharNumber: string;
  panNumber: string;
  expectedSal: string;
  offeredSal: string;
  previousSal: string;
  expectedJoinDate: string;
  verificationSts: string;
  bankAccNo: string;
  bankIFSC: string;
  pfAccNo: string;
  uanNo: string;
  esiNo: string;
};

const FILE_FIELDS = ['education', 'aadhar', 'pan', 'profileImage', 'prevOrg'] as const;
const orNull = (t: string) => (t.trim() ? t.trim() : null);
/** Rupees typed with or without separators ('25,000'), or null when empty; NaN stays for the contract to refuse. */
const rupeesOrNull = (t: string) => (t.trim() ? typedNumber(t.replace(/[\s₹]/g, '')) : null);

function DocumentsForm({
  candidateId,
  docs: d,
  onDone,
}: {
  candidateId: number;
  docs: CandidateDocs | null;
  onDone(): void;
}) {
  const initial: Values = {
    education: null,
    aadhar: null,
    pan: null,
    profileImage: null,
    prevOrg: null,
    aadharNumber: d?.aadharNumber ?? '',
    panNumber: d?.panNumber ?? '',
    expectedSal: d?.expectedSal != null ? String(d.expectedSal) : '',
    offeredSal: d?.offeredSal != null ? String(d.offeredSal) : '',
    previousSal: d?.previousSal != null ? String(d.previousSal) : '',
    expectedJoinDate: d?.expectedJoinDate ?? '',
    verificationSts: d?.verificationSts ?? 'Pending',
    bankAccNo: d?.bankAccNo ?? '',
    bankIFSC: d?.bankIFSC ?? '',
    pfAccNo: d?.pfAccNo ?? '',
    uanNo: d?.uanNo ?? '',
    esiNo: d?.esiNo ?? '',
  };
  const form = useOperationForm({
    operation: d ? 'updateCandidateDocs' : 'addCandidateDocs',
    initial,
    labels: {
      education: 'Education documents',
      aadhar: 'Aadhaar card',
      pan: 'PAN card',
      profileImage: 'Profile picture',
      prevOrg: 'Previous organisation documents',
      aadharNumber: 'Aadhaar number',
      panNumber: 'PAN',
      expectedSal: 'Expected salary (₹ a month)',
      offeredSal: 'Offered salary (₹ a month)',
      previousSal: 'Previous salary (₹ a month)',
      expectedJoinDate: 'Expected joining date',
      verificationSts: 'Verification status',
      bankAccNo: 'Bank account number',
      bankIFSC: 'IFSC',
      pfAccNo: 'PF account number',
      uanNo: 'UAN',
      esiNo: 'ESI number',
    },
    alias: {
      educationFile: 'education',
      educationFileName: 'education',
      aadharFile: 'aadhar',
      aadharFileName: 'aadhar',
      panFile: 'pan',
      panFileName: 'pan',
      profileImageFile: 'profileImage',
      profileImageFileName: 'profileImage',
      prevOrgFile: 'prevOrg',
      prevOrgFileName: 'prevOrg',
    },
    toBody: (v): CandidateDocsBody => {
      const body: CandidateDocsBody = {
        candidateId,
        aadharNumber: orNull(v.aadharNumber.replace(/[\s-]+/g, '')),
        panNumber: orNull(v.panNumber.replace(/\s+/g, '').toUpperCase()),
        expectedSal: rupeesOrNull(v.expectedSal),
        offeredSal: rupeesOrNull(v.offeredSal),
        previousSal: rupeesOrNull(v.previousSal),
        expectedJoinDate: orNull(v.expectedJoinDate),
        verificationSts: v.verificationSts as CandidateDocsBody['verificationSts'],
        bankAccNo: orNull(v.bankAccNo.replace(/\s+/g, '')),
        bankIFSC: orNull(v.bankIFSC.replace(/\s+/g, '').toUpperCase()),
        pfAccNo: orNull(v.pfAccNo.replace(/\s+/g, '')),
        uanNo: orNull(v.uanNo.replace(/\s+/g, '')),
        esiNo: orNull(v.esiNo.replace(/\s+/g, '')),
      };
      for (const f of FILE_FIELDS) {
        const file = v[f];
        if (file) Object.assign(body, { [`${f}File`]: file.data, [`${f}FileName`]: file.fileName });
      }
      return body;
    },
    send: (body) => (d ? updateCandidateDocs(body) : addCandidateDocs(body)),
    savedMessage: d ? 'Documents updated.' : 'Documents added.',
    onSaved: onDone,
  });
  const v = form.values;
  const stored = (kind: CandidateFileKind) => d?.files.find((f) => f.kind === kind)?.fileName;
  return (
    <OperationForm
      form={form}
      label={d ? 'Update documents' : 'Add documents'}
      submitLabel={d ? 'Save documents' : 'Add documents'}
      secondaryAction={
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      }
    >
      <TextField {...form.text('aadharNumber')} inputMode="numeric" autoComplete="off" hint="12 digits" />
      <TextField {...form.text('panNumber')} autoComplete="off" hint="5 letters, 4 digits, 1 letter, e.g. ABCDE1234F" />
      <TextField {...form.text('expectedSal')} inputMode="decimal" autoComplete="off" />
      <TextField {...form.text('offeredSal')} inputMode="decimal" autoComplete="off" />
      <TextField {...form.text('previousSal')} inputMode="decimal" autoComplete="off" />
      <TextField {...form.text('expectedJoinDate')} type="date" />
      <SelectField
        {...form.field('verificationSts')}
        options={['Pending', 'Verified', 'Rejected'].map((x) => ({ value: x, label: x }))}
        value={v.verificationSts}
        onChange={(e) => form.set('verificationSts', e.target.value)}
      />
      <TextField {...form.text('bankAccNo')} inputMode="numeric" autoComplete="off" hint="9 to 18 digits" />
      <TextField {...form.text('bankIFSC')} autoComplete="off" hint="e.g. HDFC0001234" />
      <TextField {...form.text('pfAccNo')} autoComplete="off" />
      <TextField {...form.text('uanNo')} inputMode="numeric" autoComplete="off" hint="12 digits" />
      <TextField {...form.text('esiNo')} inputMode="numeric" autoComplete="off" hint="10 to 17 digits" />
      {FILE_FIELDS.map((f) => (
        <ImageField
          key={f}
          {...form.control(f)}
          {...SCANNED_PAPER}
          hint={
            stored(f)
              ? `On file: ${stored(f)}. Choose a file only to replace it.`
              : 'A PDF, JPEG or PNG of at most 5 MB.'
          }
        />
      ))}
    </OperationForm>
  );
}
