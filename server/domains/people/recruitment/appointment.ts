import {
  RECRUITMENT_STATE_LABELS,
  recruitmentAllowedEvents,
} from '../../../../src/machines/recruitment/recruitment.machine';
import type { Executor, Tx } from '../../../db/client';
import { HttpError, notFound } from '../../../http';
import { step } from './pipeline';
import * as repo from './repo';

// Appointment, called by the professionals module.

/**
 * What an appointment carries into the professional (Professional/AddProfessional?CandidateId): 404 when there is no
 * such candidate, 409 (with the state and allowed events) unless the admin approved them.
 */
export async function appointmentOf(exec: Executor, candidateId: number) {
  const c = await repo.findCandidate(exec, candidateId);
  if (!c) throw notFound(`Candidate ${candidateId}`);
  if (!recruitmentAllowedEvents(c.state).includes('APPOINT')) {
    throw new HttpError(
      409,
      'Event not allowed',
      `APPOINT is not allowed while Candidate ${candidateId} is ${c.state}: the admin must approve them first.`,
      [{ field: 'CandidateId', message: `is ${RECRUITMENT_STATE_LABELS[c.state].toLowerCase()}, not approved` }],
      { state: c.state, allowedEvents: recruitmentAllowedEvents(c.state) },
    );
  }
  const docs = await repo.docsOf(exec, candidateId);
  return {
    fullName: [c.firstName, c.middleName, c.lastName].filter(Boolean).join(' '),
    phone: c.phone,
    email: c.email,
    address: c.address,
    pincode: c.pincode,
    dob: c.dob,
    professionalType: c.designationType,
    panNumber: docs?.panNumber ?? null,
    aadharNumber: docs?.aadharNumber ?? null,
    /** Where the professional's joining date comes from (decision 033): the revised one, else the expected one. */
    revisedJoinDate: c.revisedJoinDate ?? null,
    expectedJoinDate: docs?.expectedJoinDate ?? null,
  };
}

/**
 * The APPOINT event, inside the professional's transaction (first, so two appointments at once queue on the
 * candidate's lock and the second gets 409), then the link and the bank details once the professional exists.
 */
export async function appoint(tx: Tx, candidateId: number, actor: { id: number } | null) {
  await step(tx, { id: candidateId, event: 'APPOINT', actor });
  return async (professionalUserId: number) => {
    await repo.updateCandidate(tx, candidateId, { professionalUserId });
    const docs = await repo.docsOf(tx, candidateId);
    await repo.insertBankDetails(tx, {
      professionalUserId,
      candidateId,
      bankAccNo: docs?.bankAccNo ?? null,
      bankIfsc: docs?.bankIfsc ?? null,
      pfAccNo: docs?.pfAccNo ?? null,
      uanNo: docs?.uanNo ?? null,
      esiNo: docs?.esiNo ?? null,
    });
  };
}
