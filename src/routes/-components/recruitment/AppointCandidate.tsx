// HR appoints an approved candidate (decision 032): the professional form of /Employee/EmployeeAddHR opens filled
// with what the candidate gave (name, contacts, address, pincode, date of birth, PAN and Aadhaar from the documents,
// the type from the designation, the joining date: revised, else expected); HR chooses the state and city, zones,
// services and vendor. The server makes the professional and moves the candidate to appointed in one transaction
// (AddProfessional?CandidateId), once only.
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import type { ProfessionalDetail } from '../../../api/professionals';
import { type CandidateDetail, candidateDocsQuery, candidateQuery } from '../../../api/recruitment';
import { Alert, LoadingPlaceholder } from '../../../ui';
import { ProfessionalForm, type ProfessionalPrefill } from '../professionals/ProfessionalForm';

/** The candidate's address as the professional's two lines (each at most 200 characters). */
function addressLines(address: string): { addressLine1: string; addressLine2?: string } {
  const a = address.trim().replace(/\s+/g, ' ');
  if (a.length <= 200) return { addressLine1: a };
  const cut = a.lastIndexOf(', ', 200);
  const at = cut > 0 ? cut : 200;
  return { addressLine1: a.slice(0, at).trim(), addressLine2: a.slice(at).replace(/^,\s*/, '').slice(0, 200) };
}

export function prefillOf(
  c: CandidateDetail,
  docs?: { panNumber: string | null; aadharNumber: string | null; expectedJoinDate?: string | null } | null,
) {
  return {
    fullName: [c.firstName, c.middleName, c.lastName].filter(Boolean).join(' ').slice(0, 100),
    professionalType: c.designationType,
    phone: c.phone,
    email: c.email ?? '',
    birthDate: c.dob,
    // The joining date the server would take (decision 033): the revised one, else the expected one, else today.
    joiningDate: c.revisedJoinDate ?? docs?.expectedJoinDate ?? '',
    pinCode: c.pincode,
    ...addressLines(c.address),
    panNumber: docs?.panNumber ?? '',
    aadharNumber: docs?.aadharNumber ?? '',
  } satisfies ProfessionalPrefill;
}

export function AppointCandidate({
  candidateId,
  cancelTo,
  onSaved,
}: {
  candidateId: number;
  cancelTo: '/RecruitingStaff/AppointedList';
  onSaved(p: ProfessionalDetail): void;
}) {
  const candidate = useQuery(candidateQuery(candidateId));
  const docs = useQuery({ ...candidateDocsQuery(candidateId), retry: false });
  const noDocs = docs.error instanceof ApiError && docs.error.status === 404;
  if (candidate.isPending || (docs.isPending && !noDocs)) return <LoadingPlaceholder />;
  if (!candidate.data) {
    return <Alert tone="danger">{candidate.error?.message ?? `Candidate ${candidateId} was not found.`}</Alert>;
  }
  const c = candidate.data;
  if (c.state !== 'approved') {
    return (
      <Alert tone="warning" title={`${c.fullName} cannot be appointed now`}>
        Only a candidate the admin approved can be appointed; {c.fullName} is at “{c.stateLabel}”.
      </Alert>
    );
  }
  return (
    <ProfessionalForm candidateId={c.id} prefill={prefillOf(c, docs.data)} cancelTo={cancelTo} onSaved={onSaved} />
  );
}
