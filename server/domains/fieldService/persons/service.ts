import type { Db, Executor } from '../../../db/client';
import type { RoleCode } from '../../../http';
import { nameKey, RowErrors } from '../../../imports';
import { notify } from '../../../plugins/notify';
import {
  checkPersonRow,
  cityOfRow,
  importRace,
  indiaToday,
  type KeysTaken,
  newSeenKeys,
  oneTimePassword,
  type PersonKind,
  type PersonRow,
  rowKeysTaken,
  type SeenKeys,
  type zoneNamesOf,
  zonesOfRow,
} from '../../../shared/person';
import { contactsTaken, createAccount, geo } from '../../platform';
import * as repo from './repo';

/**
 * The person record that professionals and vendors share (decision 050): the place and zones of the profile, the
 * account beside it and its welcome. The profile's own table, and its PAN and Aadhaar keys, stay with its module.
 */

type Bad = (field: string, message: string) => void;

/** The state's name when the city is one of its cities; otherwise null with the problem told to `bad`. */
export async function checkPlace(exec: Executor, stateId: number, cityId: number, bad: Bad) {
  const place = await repo.placeOf(exec, stateId, cityId);
  if (!place.state) bad('stateId', 'is not a state');
  else if (!place.cityOfState) bad('cityId', 'is not a city of that state');
  return place.state;
}

/** The body's zone list as ids (each once), or undefined when it sent none; zones that do not exist go to `bad`. */
export async function checkZones(exec: Executor, list: { zoneId: number }[] | undefined, field: string, bad: Bad) {
  if (!list) return undefined;
  const zoneIds = [...new Set(list.map((z) => z.zoneId))];
  const found = new Set((await repo.zonesByIds(exec, zoneIds)).map((z) => z.id));
  const missing = zoneIds.filter((id) => !found.has(id));
  if (missing.length) bad(field, `has zones that do not exist: ${missing.join(', ')}`);
  return zoneIds;
}

/** The cities and zones an import's rows name, each kind in one query (matched to the rows by cityOfRow, zonesOfRow). */
async function placesNamed(db: Executor, rows: { cityName: string; zones: { zone: string }[] }[]) {
  const citiesFound = await repo.citiesByNames(db, [...new Set(rows.map((r) => nameKey(r.cityName)))]);
  const zonesFound = await geo.zonesNamed(db, [...new Set(rows.flatMap((r) => r.zones.map((z) => z.zone)))]);
  return { citiesFound, zonesFound };
}

/** The sheet's keys someone outside it holds: accounts' mobile numbers and e-mails, then the profile's own keys. */
async function sheetKeysTaken<K>(db: Executor, seen: SeenKeys, profileKeys: () => Promise<K>) {
  return {
    ...(await contactsTaken(db, { mobiles: [...seen.mobile.keys()], emails: [...seen.email.keys()] })),
    ...(await profileKeys()),
  };
}

/** A row of a people sheet, trimmed and normalised: the shared fields and its zones by name (`zoneNamesOf`). */
export type SheetPersonRow = PersonRow & { zones: ReturnType<typeof zoneNamesOf> };

/** A sheet of one kind of person: what the profile's module says of its own fields and table. */
export interface PeopleSheet<R extends SheetPersonRow, Own, Ready> {
  kind: PersonKind;
  /** The sheet's name for the mobile number column. */
  mobileField: string;
  /** The profile's own fields of row `i`, checked before the shared ones. */
  checkFields: (errors: RowErrors, i: number, r: R) => void;
  /** The keys of the profile's own table (PAN, Aadhaar, …) that someone outside the sheet holds. */
  keysTaken: (seen: SeenKeys) => Promise<Omit<KeysTaken, 'mobiles' | 'emails'> & { gstins?: Set<string> }>;
  /** Row `i` with its city found (or not): the profile's checks that need it, before its zones are. */
  checkPlaced: (
    errors: RowErrors,
    i: number,
    r: R,
    inState: { id: number; stateId: number; stateName: string } | undefined,
  ) => Own;
  /** The row as its write takes it. */
  ready: (r: R, inState: { id: number; stateId: number } | undefined, zoneIds: number[], own: Own) => Ready;
  /** Writes one row with its one-time password; `today` is the import's India day. */
  insert: (tx: Executor, row: Ready, password: string, today: string) => Promise<unknown>;
  /** The rows in a lost race's answer ("people", "vendors"). */
  what: string;
}

/**
 * An import of people (decision 050): every row is checked before anything is written (the profile's own fields,
 * the shared ones and the repeats inside the sheet; its city and zones by name; the keys someone outside the sheet
 * holds), then all rows go in, each with its one-time password, in one transaction.
 */
export async function importPeople<R extends SheetPersonRow, Own, Ready>(
  db: Db,
  rows: R[],
  sheet: PeopleSheet<R, Own, Ready>,
) {
  const errors = new RowErrors();
  const today = indiaToday();
  const seen = newSeenKeys();
  rows.forEach((r, i) => {
    sheet.checkFields(errors, i, r);
    checkPersonRow(errors, i, r, seen, sheet.mobileField, today);
  });

  const { citiesFound, zonesFound } = await placesNamed(db, rows);
  const t = await sheetKeysTaken(db, seen, () => sheet.keysTaken(seen));
  const ready = rows.map((r, i) => {
    const inState = cityOfRow(errors, i, r, citiesFound);
    const own = sheet.checkPlaced(errors, i, r, inState);
    const zoneIds = zonesOfRow(errors, i, r.zones, zonesFound);
    rowKeysTaken(errors, i, r, seen, t, sheet.kind, sheet.mobileField);
    return sheet.ready(r, inState, zoneIds, own);
  });
  errors.throwIfAny();

  await db
    .transaction(async (tx) => {
      for (const row of ready) await sheet.insert(tx, row, oneTimePassword(), today);
    })
    .catch(importRace(sheet.what));
  return { imported: ready.length };
}

export const zonesByIds = repo.zonesByIds;
export const citiesByNames = repo.citiesByNames;
export const updateUser = repo.updateUser;
export const revokeSessions = repo.revokeSessions;

/** The account of a new person record, with a one-time password they must change at the first sign-in. */
export async function openAccount(
  exec: Executor,
  a: {
    role: Extract<RoleCode, 'TE' | 'VE'>;
    fullName: string;
    mobileNo: string;
    email: string | null;
    password: string;
  },
) {
  const userId = await createAccount(exec, a);
  await repo.updateUser(exec, userId, { mustChangePassword: true });
  return userId;
}

/** The welcome message with the one-time password, by SMS and (when known) e-mail, through the outbox. */
export async function sendWelcome(
  exec: Executor,
  to: { mobileNo: string; email: string | null },
  message: { template: string; body: string; password: string },
) {
  const sent = { template: message.template, body: message.body, payload: { password: message.password } };
  await notify(exec, { channel: 'sms', recipient: to.mobileNo, ...sent });
  if (to.email) await notify(exec, { channel: 'email', recipient: to.email, ...sent });
}
