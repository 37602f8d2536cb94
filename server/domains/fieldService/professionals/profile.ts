import type { Db } from '../../../db/client';
import { type CurrentUser, notFound } from '../../../http';
import { joiningDateProblem } from '../../../shared/identity';
import { indiaToday, invalidRequest, oneTimePassword, raceConflict } from '../../../shared/person';
import { attendance, recruitment } from '../../people';
import * as persons from '../persons/service';
import { detail } from './reads';
import * as repo from './repo';
import { check, insertOne, type ProfessionalInput } from './rules';

const raceConflictOfProfessional = (err: unknown) => raceConflict(err, 'professional', 'phone');

/**
 * AddProfessional: the admin's or HR's add (CandidateId 0 outside HR's recruitment). With a CandidateId it is the
 * appointment (docs/decisions/032-recruitment.md): the candidate must be approved by the admin; their
 * name, phone, e-mail, address, pincode, birth date, PAN and Aadhaar replace the form's, the professional type is
 * their designation, and the recruitment machine's APPOINT event is applied first in the same transaction (so a
 * second appointment, even at the same moment, is 409); their bank details are carried into the professional.
 * The joining date (decision 033) is the body's joiningDate, else the candidate's revised joining date, else their
 * documents' expected joining date, else today (India); a candidate's date that breaks the rules is 400 naming
 * joiningDate, so the form can send the actual day.
 */
export async function add(
  db: Db,
  body: ProfessionalInput,
  candidateId = 0,
  actor: Pick<CurrentUser, 'id' | 'role'> | null = null,
) {
  let input = body;
  let fromCandidate: { day: string; what: string } | null = null;
  if (candidateId > 0) {
    const cand = await recruitment.appointmentOf(db, candidateId);
    if (cand.revisedJoinDate)
      fromCandidate = { day: cand.revisedJoinDate, what: "the candidate's revised joining date" };
    else if (cand.expectedJoinDate)
      fromCandidate = { day: cand.expectedJoinDate, what: "the candidate's expected joining date" };
    input = {
      ...body,
      fullName: cand.fullName,
      professionalType: cand.professionalType,
      phone: cand.phone,
      email: cand.email,
      addressLine1: cand.address,
      pinCode: cand.pincode,
      birthDate: cand.dob,
      panNumber: cand.panNumber ?? body.panNumber,
      aadharNumber: cand.aadharNumber ?? body.aadharNumber,
    };
  }
  const c = await check(db, input);
  let joinedOn = c.joinedOn;
  if (!joinedOn && fromCandidate) {
    const why = joiningDateProblem(fromCandidate.day, indiaToday(), c.profile.birthDate);
    if (why) {
      throw invalidRequest([
        { field: 'joiningDate', message: `${fromCandidate.what} ${fromCandidate.day} ${why}: give the actual day` },
      ]);
    }
    joinedOn = fromCandidate.day;
  }
  const joined = joinedOn ?? indiaToday();
  const password = oneTimePassword();
  const id = await db
    .transaction(async (tx) => {
      const link = candidateId > 0 ? await recruitment.appoint(tx, candidateId, actor) : null;
      const userId = await insertOne(tx, c, candidateId || null, password, joined);
      if (link) await link(userId);
      return userId;
    })
    .catch(raceConflictOfProfessional);
  return detail(db, id, { role: 'A' });
}

/**
 * For the demo seed: the profile of an existing TE account (the demo technician, whose password is the demo one), with
 * the same rules as AddProfessional. Null when the account is not a TE or already has a profile.
 */
export async function addProfileToAccount(db: Db, userId: number, body: ProfessionalInput) {
  const account = await repo.accountOf(db, userId);
  if (account?.role !== 'TE' || account.hasProfile) return null;
  const c = await check(db, { ...body, phone: account.mobileNo }, userId);
  await db
    .transaction(async (tx) => {
      await repo.insertProfessional(tx, {
        ...c.profile,
        userId,
        candidateId: null,
        joinedOn: c.joinedOn ?? indiaToday(),
      });
      await repo.insertZoneLinks(tx, userId, c.zoneIds ?? []);
      await repo.insertServiceLinks(tx, userId, c.serviceIds ?? []);
    })
    .catch(raceConflictOfProfessional);
  return userId;
}

/**
 * UpdateProfessional: the profile; the zone and skill lists replace the current ones when given. A new joining date
 * may not move across a locked attendance month or after a recorded day (409, decision 033).
 */
export async function update(db: Db, id: number, body: ProfessionalInput) {
  if (!(await repo.find(db, id))) throw notFound(`Professional ${id}`);
  const c = await check(db, body, id);
  await db
    .transaction(async (tx) => {
      const locked = await repo.lock(tx, id);
      if (!locked) throw notFound(`Professional ${id}`);
      if (c.joinedOn && c.joinedOn !== locked.joinedOn) {
        await attendance.checkJoiningChange(tx, id, locked.joinedOn, c.joinedOn);
      }
      await persons.updateUser(tx, id, { fullName: c.fullName, email: c.email, mobileNo: c.phone, phone: c.phone });
      await repo.updateProfessional(tx, id, { ...c.profile, ...(c.joinedOn ? { joinedOn: c.joinedOn } : {}) });
      if (c.zoneIds) {
        await repo.pruneZones(tx, id, c.zoneIds);
        await repo.insertZoneLinks(tx, id, c.zoneIds);
      }
      if (c.serviceIds) {
        await repo.pruneServices(tx, id, c.serviceIds);
        await repo.insertServiceLinks(tx, id, c.serviceIds);
      }
    })
    .catch(raceConflictOfProfessional);
  return detail(db, id, { role: 'A' });
}
