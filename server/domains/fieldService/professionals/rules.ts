import type { Executor } from '../../../db/client';
import { formProblems, type RoleCode } from '../../../http';
import { checkPersonFields, invalidRequest, type PersonBody, throwIfTaken } from '../../../shared/person';
import { contactsTaken } from '../../platform';
import * as persons from '../persons/service';
import type { ProfessionalType } from './repo';
import * as repo from './repo';

/** The transition log's entity name for the active toggle. */
export const ENTITY = 'Professional';
export const PROFESSIONAL_TYPES: ProfessionalType[] = ['Technician', 'Engineer'];

/** Who sees a professional's full Aadhaar number (the detail page only). */
export const SEES_AADHAAR = new Set<RoleCode>(['A', 'HR']);

export interface ProfessionalInput extends PersonBody {
  fullName: string;
  professionalType: ProfessionalType;
  phone: string;
  altContactNo?: string | null;
  /** The day they joined (decision 033); when not given: the candidate's date or today on an add, unchanged on an update. */
  joiningDate?: string | null;
  vendorId?: number | null;
  serviceId?: number;
  professionalServicesDetailsList?: { serviceId: number }[];
  professionalZoneDetailsList?: { zoneId: number }[];
}

export interface Checked {
  fullName: string;
  email: string | null;
  phone: string;
  profile: Omit<repo.ProfessionalInsert, 'userId' | 'candidateId' | 'joinedOn'>;
  /** The joining date the body gave (checked), or null. */
  joinedOn: string | null;
  zoneIds: number[] | undefined;
  serviceIds: number[] | undefined;
}

/**
 * Every rule of the body that the schema cannot state, all at once (400 listing each field), then the taken
 * mobile number, e-mail, PAN and Aadhaar (409 naming the field).
 */
export async function check(exec: Executor, body: ProfessionalInput, exceptId?: number): Promise<Checked> {
  const { errors, bad, filled } = formProblems();
  const fullName = filled('fullName', body.fullName);
  const person = checkPersonFields(
    {
      mobile: body.phone,
      altContactNo: body.altContactNo,
      email: body.email,
      addressLine1: body.addressLine1,
      birthDate: body.birthDate,
      joiningDate: body.joiningDate,
      panNumber: body.panNumber,
      aadharNumber: body.aadharNumber,
    },
    bad,
  );
  const { email, pan, aadhaar } = person;

  await persons.checkPlace(exec, body.stateId, body.cityId, bad);

  const vendorId = body.vendorId || null;
  if (vendorId && (await repo.vendors(exec, { ids: [vendorId] })).length === 0) bad('vendorId', 'is not a vendor');

  const zoneIds = await persons.checkZones(exec, body.professionalZoneDetailsList, 'professionalZoneDetailsList', bad);
  let serviceIds: number[] | undefined;
  if (body.professionalServicesDetailsList || body.serviceId) {
    serviceIds = [
      ...new Set([
        ...(body.professionalServicesDetailsList ?? []).map((s) => s.serviceId),
        ...(body.serviceId ? [body.serviceId] : []),
      ]),
    ];
    const found = new Map((await repo.servicesByIds(exec, serviceIds)).map((s) => [s.id, s]));
    if (body.serviceId && !found.has(body.serviceId)) bad('serviceId', 'is not a service (send 0 for none)');
    const listed = (body.professionalServicesDetailsList ?? []).map((s) => s.serviceId);
    const missing = listed.filter((id) => !found.has(id));
    if (missing.length) bad('professionalServicesDetailsList', `has services that do not exist: ${missing.join(', ')}`);
    const wrongType = [...found.values()].filter((s) => s.professionalType !== body.professionalType);
    if (wrongType.length) {
      bad(
        body.serviceId && wrongType.some((s) => s.id === body.serviceId)
          ? 'serviceId'
          : 'professionalServicesDetailsList',
        `${wrongType.map((s) => `"${s.heading}"`).join(', ')} ${wrongType.length === 1 ? 'is a service' : 'are services'} for ${body.professionalType === 'Technician' ? 'engineers' : 'technicians'}, not for a ${body.professionalType.toLowerCase()}`,
      );
    }
  }
  if (errors.length) throw invalidRequest(errors);

  const t = {
    ...(await contactsTaken(exec, { mobiles: [body.phone], emails: email ? [email.toLowerCase()] : [] }, exceptId)),
    ...(await repo.taken(exec, { pans: [pan], aadhaars: [aadhaar] }, exceptId)),
  };
  throwIfTaken(t, 'professional', 'phone', { mobile: body.phone, email, pan, aadhaar });

  return {
    fullName,
    email,
    phone: body.phone,
    joinedOn: person.joinedOn,
    zoneIds,
    serviceIds,
    profile: {
      professionalType: body.professionalType,
      stateId: body.stateId,
      cityId: body.cityId,
      pinCode: body.pinCode,
      homeZoneId: await repo.zoneOfPincode(exec, body.pinCode),
      addressLine1: person.addressLine1,
      addressLine2: body.addressLine2?.trim() || null,
      altContactNo: person.altContactNo,
      birthDate: person.birthDate,
      panNumber: pan,
      aadhaarNumber: aadhaar,
      vendorUserId: vendorId,
    },
  };
}

/** Makes the account (role TE, one-time password) and the profile with its zones and skills, inside `tx`. */
export async function insertOne(
  tx: Executor,
  c: Checked,
  candidateId: number | null,
  password: string,
  joinedOn: string,
) {
  const userId = await persons.openAccount(tx, {
    role: 'TE',
    fullName: c.fullName,
    mobileNo: c.phone,
    email: c.email,
    password,
  });
  await repo.insertProfessional(tx, { ...c.profile, userId, candidateId, joinedOn });
  await repo.insertZoneLinks(tx, userId, c.zoneIds ?? []);
  await repo.insertServiceLinks(tx, userId, c.serviceIds ?? []);
  await persons.sendWelcome(
    tx,
    { mobileNo: c.phone, email: c.email },
    {
      template: 'professional_welcome',
      body: `Welcome to Doorstep, ${c.fullName}. Sign in with your mobile number ${c.phone} and the one-time password ${password}; you will be asked to choose your own password.`,
      password,
    },
  );
  return userId;
}
