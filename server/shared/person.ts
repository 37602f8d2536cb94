import { randomBytes } from 'node:crypto';
import { uniqueViolation } from '../db/errors';
import { conflict, type FieldError, HttpError } from '../http';
import { nameKey, type RowErrors } from '../imports';
import {
  aadhaarLast4,
  aadhaarProblem,
  birthDateProblem,
  EMAIL,
  joiningDateProblem,
  listOf,
  MOBILE,
  maskedAadhaar,
  normalAadhaar,
  normalPan,
  PIN,
  panProblem,
} from './identity';

/**
 * The rules of a person record: the profile a professional and a vendor both keep beside their account (address,
 * PAN, Aadhaar, birth date), checked the same way on a form and on an import row (decision 050).
 */

/** The first word of a full name: how a customer and a professional are shown each other. */
export const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

/** Whose record it is, as the messages name it: "Another vendor has PAN …". */
export type PersonKind = 'professional' | 'vendor';

/** Today's calendar day in India (UTC+5:30). */
export const indiaToday = (now = new Date()) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** A one-time password: 12 characters from 9 random bytes (decision 017). */
export const oneTimePassword = () => randomBytes(9).toString('base64url');

/** 400 listing every field's problem at once. */
export const invalidRequest = (errors: FieldError[]) =>
  new HttpError(400, 'Invalid request', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);

/** A profile's Aadhaar number as a reader sees it: whole for those who may see it, else masked to its last 4. */
export const aadhaarShown = (aadhaarNumber: string, full: boolean) => ({
  aadharNumber: full ? aadhaarNumber : maskedAadhaar(aadhaarNumber),
  aadharLast4: aadhaarLast4(aadhaarNumber),
  aadharMasked: !full,
});

/** A rating average to one decimal, or null before the first rating. */
export const averageOf = (count: number, total: number) => (count > 0 ? Math.round((total / count) * 10) / 10 : null);

// ---------------------------------------------------------------- a form's body

/** The fields of a person record both profiles' bodies carry under the same names. */
export interface PersonBody {
  email?: string | null;
  stateId: number;
  cityId: number;
  pinCode: string;
  addressLine1: string;
  addressLine2?: string | null;
  birthDate?: string | null;
  panNumber: string;
  aadharNumber: string;
}

/** The shared fields of a form's body; a profile without a joining date or second number leaves them out. */
export interface PersonFields {
  mobile: string;
  altContactNo?: string | null;
  email?: string | null;
  addressLine1: string;
  birthDate?: string | null;
  joiningDate?: string | null;
  panNumber: string;
  aadharNumber: string;
}

/**
 * Checks the shared fields, telling `bad` each problem in the order the answer lists them (address, PAN, Aadhaar,
 * birth date, joining date, second number), and gives them trimmed and normalised.
 */
export function checkPersonFields(body: PersonFields, bad: (field: string, message: string) => void) {
  const addressLine1 = body.addressLine1.trim();
  if (!addressLine1) bad('addressLine1', 'must not be empty');
  const pan = normalPan(body.panNumber);
  const panWhy = panProblem(pan);
  if (panWhy) bad('panNumber', panWhy);
  const aadhaar = normalAadhaar(body.aadharNumber);
  const aadhaarWhy = aadhaarProblem(aadhaar);
  if (aadhaarWhy) bad('aadharNumber', aadhaarWhy);
  const birthDate = body.birthDate?.trim() || null;
  if (birthDate) {
    const why = birthDateProblem(birthDate, indiaToday());
    if (why) bad('birthDate', why);
  }
  const joinedOn = body.joiningDate?.trim() || null;
  if (joinedOn) {
    const why = joiningDateProblem(joinedOn, indiaToday(), birthDate);
    if (why) bad('joiningDate', why);
  }
  const altContactNo = body.altContactNo?.trim() || null;
  if (altContactNo && altContactNo === body.mobile) bad('altContactNo', 'must differ from the phone number');
  return { addressLine1, pan, aadhaar, birthDate, joinedOn, altContactNo, email: body.email?.trim() || null };
}

/** The keys already held by someone else: accounts' mobile numbers and e-mails, profiles' PANs and Aadhaar numbers. */
export interface KeysTaken {
  mobiles: Set<string>;
  emails: Set<string>;
  pans: Set<string>;
  aadhaars: Set<string>;
}

/** 409 naming the first key of the body that someone else holds. */
export function throwIfTaken(
  t: KeysTaken,
  kind: PersonKind,
  mobileField: string,
  p: { mobile: string; email: string | null; pan: string; aadhaar: string },
) {
  if (t.mobiles.has(p.mobile)) {
    throw conflict(mobileField, `An account with mobile number ${p.mobile} already exists.`);
  }
  if (p.email && t.emails.has(p.email.toLowerCase())) {
    throw conflict('email', `An account with e-mail ${p.email} already exists.`);
  }
  if (t.pans.has(p.pan)) throw conflict('panNumber', `Another ${kind} has PAN ${p.pan}.`);
  if (t.aadhaars.has(p.aadhaar)) {
    throw conflict('aadharNumber', `Another ${kind} has the Aadhaar number ending ${aadhaarLast4(p.aadhaar)}.`);
  }
}

/**
 * A unique index that another write won meanwhile, as 409 naming the field: the profile's keys (PAN, Aadhaar, then
 * `more` as [index name part, field, what it is]), then the account's e-mail, else its mobile number.
 */
export function raceConflict(
  err: unknown,
  kind: PersonKind,
  mobileField: string,
  more: [string, string, string][] = [],
): never {
  const c = uniqueViolation(err);
  if (c === null) throw err;
  const keys: [string, string, string][] = [
    ['pan', 'panNumber', 'PAN'],
    ['aadhaar', 'aadharNumber', 'Aadhaar number'],
    ...more,
  ];
  for (const [part, field, what] of keys)
    if (c.includes(part)) throw conflict(field, `Another ${kind} has this ${what}.`);
  if (c.includes('email')) throw conflict('email', 'An account with this e-mail already exists.');
  throw conflict(mobileField, 'An account with this mobile number already exists.');
}

// ---------------------------------------------------------------- an import's rows

/** An import row's shared fields, trimmed and normalised; the vendor's GSTIN counts among its keys. */
export interface PersonRow {
  mobile: string;
  altContactNo?: string;
  email: string | null;
  pinCode: string;
  addressLine1: string;
  pan: string;
  aadhaar: string;
  gstin?: string | null;
  birthDate?: string;
  joiningDate?: string;
  cityName: string;
  stateName: string;
}

/** The columns of a person record both profiles' import sheets carry under the same names. */
export interface PersonSheetRow {
  email?: string;
  cityName: string;
  stateName: string;
  pinCode: string;
  addressLine1: string;
  addressLine2?: string;
  birthDate?: string;
  panNumber: string;
  aadharNumber: string;
  zoneName?: string;
}

/** The keys of an import row (its mobile number under the sheet's own name), trimmed and normalised for the checks. */
export const personKeysOfRow = (
  mobile: string,
  r: Pick<PersonSheetRow, 'email' | 'panNumber' | 'aadharNumber' | 'pinCode'>,
) => ({
  mobile: mobile.trim(),
  email: r.email?.trim() || null,
  pan: normalPan(r.panNumber),
  aadhaar: normalAadhaar(r.aadharNumber),
  pinCode: r.pinCode.trim(),
});

/** A checked row's place, address and identity numbers, as both profiles' tables keep them. */
export const personProfileOfRow = (
  r: Pick<PersonRow, 'pinCode' | 'pan' | 'aadhaar' | 'birthDate'> & { addressLine1: string; addressLine2?: string },
  inState: { id: number; stateId: number } | undefined,
) => ({
  stateId: inState?.stateId ?? 0,
  cityId: inState?.id ?? 0,
  pinCode: r.pinCode,
  addressLine1: r.addressLine1.trim(),
  addressLine2: r.addressLine2?.trim() || null,
  birthDate: r.birthDate?.trim() || null,
  panNumber: r.pan,
  aadhaarNumber: r.aadhaar,
});

/** The first row of each key in the sheet, to report the later ones as repeats. */
export const newSeenKeys = () => ({
  mobile: new Map<string, number>(),
  email: new Map<string, number>(),
  pan: new Map<string, number>(),
  aadhaar: new Map<string, number>(),
  gstin: new Map<string, number>(),
});
export type SeenKeys = ReturnType<typeof newSeenKeys>;

/** The rules of the shared fields on row `i`, in the order the answer lists them, and the repeats inside the sheet. */
export function checkPersonRow(
  errors: RowErrors,
  i: number,
  r: PersonRow,
  seen: SeenKeys,
  mobileField: string,
  today: string,
) {
  if (!MOBILE.test(r.mobile)) errors.add(i, mobileField, 'must be a 10-digit mobile number');
  else errors.firstOf(seen.mobile, r.mobile, i, mobileField, r.mobile);
  const alt = r.altContactNo?.trim();
  if (alt && !MOBILE.test(alt)) errors.add(i, 'altContactNo', 'must be a 10-digit mobile number');
  if (r.email && !EMAIL.test(r.email)) errors.add(i, 'email', 'is not an e-mail address');
  else if (r.email) errors.firstOf(seen.email, r.email.toLowerCase(), i, 'email', r.email);
  if (!PIN.test(r.pinCode)) errors.add(i, 'pinCode', 'must be 6 digits, not starting with 0');
  if (!r.addressLine1.trim()) errors.add(i, 'addressLine1', 'must not be empty');
  const panWhy = panProblem(r.pan);
  if (panWhy) errors.add(i, 'panNumber', panWhy);
  else errors.firstOf(seen.pan, r.pan, i, 'panNumber', r.pan);
  const aadhaarWhy = aadhaarProblem(r.aadhaar);
  if (aadhaarWhy) errors.add(i, 'aadharNumber', aadhaarWhy);
  else errors.firstOf(seen.aadhaar, r.aadhaar, i, 'aadharNumber', `Aadhaar ending ${aadhaarLast4(r.aadhaar)}`);
  if (r.gstin) errors.firstOf(seen.gstin, r.gstin, i, 'gstno', r.gstin);
  const birth = r.birthDate?.trim();
  if (birth) {
    const why = birthDateProblem(birth, today);
    if (why) errors.add(i, 'birthDate', why);
  }
  const joined = r.joiningDate?.trim();
  if (joined) {
    const why = joiningDateProblem(joined, today, birth);
    if (why) errors.add(i, 'joiningDate', why);
  }
}

/** The city of row `i` among the cities found by name, or undefined with the problem added. */
export function cityOfRow<C extends { city: string; state: string }>(
  errors: RowErrors,
  i: number,
  r: Pick<PersonRow, 'cityName' | 'stateName'>,
  found: C[],
): C | undefined {
  const city = found.filter((c) => c.city === nameKey(r.cityName));
  const inState = city.find((c) => c.state === nameKey(r.stateName));
  if (city.length === 0) errors.add(i, 'cityName', `"${r.cityName.trim()}" is not a city we know`);
  else if (!inState) errors.add(i, 'stateName', `"${r.cityName.trim()}" is not a city of "${r.stateName.trim()}"`);
  return inState;
}

/** An import's zone list: "Zone" or "Zone (City)" for a name several cities use. */
export const zoneNamesOf = (text: string | undefined) =>
  listOf(text).map((t) => {
    const m = /^(.*?)\s*\(([^()]*)\)$/.exec(t);
    return m ? { text: t, zone: nameKey(m[1]), city: nameKey(m[2]) } : { text: t, zone: nameKey(t), city: null };
  });

/** The ids of row `i`'s zones among the zones found by name (each once), with a problem added for each that fails. */
export function zonesOfRow(
  errors: RowErrors,
  i: number,
  names: ReturnType<typeof zoneNamesOf>,
  found: { id: number; zoneName: string; cityName: string }[],
) {
  const zoneIds: number[] = [];
  for (const z of names) {
    const matches = found.filter(
      (f) => nameKey(f.zoneName) === z.zone && (z.city === null || nameKey(f.cityName) === z.city),
    );
    if (matches.length === 0) errors.add(i, 'zoneName', `"${z.text}" is not a zone`);
    else if (matches.length > 1)
      errors.add(i, 'zoneName', `"${z.text}" is a zone of several cities: write it "Zone (City)"`);
    else zoneIds.push(matches[0].id);
  }
  return [...new Set(zoneIds)];
}

/** Row `i`'s keys that someone outside the sheet holds (checked on each key's first row only). */
export function rowKeysTaken(
  errors: RowErrors,
  i: number,
  r: PersonRow,
  seen: SeenKeys,
  t: KeysTaken & { gstins?: Set<string> },
  kind: PersonKind,
  mobileField: string,
) {
  if (seen.mobile.get(r.mobile) === i && t.mobiles.has(r.mobile))
    errors.add(i, mobileField, `an account with ${r.mobile} already exists`);
  if (r.email && seen.email.get(r.email.toLowerCase()) === i && t.emails.has(r.email.toLowerCase())) {
    errors.add(i, 'email', `an account with ${r.email} already exists`);
  }
  if (seen.pan.get(r.pan) === i && t.pans.has(r.pan)) errors.add(i, 'panNumber', `another ${kind} has PAN ${r.pan}`);
  if (seen.aadhaar.get(r.aadhaar) === i && t.aadhaars.has(r.aadhaar)) {
    errors.add(i, 'aadharNumber', `another ${kind} has the Aadhaar number ending ${aadhaarLast4(r.aadhaar)}`);
  }
  if (r.gstin && seen.gstin.get(r.gstin) === i && t.gstins?.has(r.gstin)) {
    errors.add(i, 'gstno', `another ${kind} has GSTIN ${r.gstin}`);
  }
}

/** An import that lost a unique key to another write meanwhile: nothing went in (409 for the whole sheet). */
export const importRace =
  (what: string) =>
  (err: unknown): never => {
    if (uniqueViolation(err) !== null) {
      throw conflict(
        'rows',
        `Another change added some of these ${what} meanwhile; nothing was imported. Please try again.`,
      );
    }
    throw err;
  };
