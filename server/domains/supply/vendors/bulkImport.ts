import type { Db } from '../../../db/client';
import { RowErrors } from '../../../imports';
import { gstinProblem } from '../../../shared/gstin';
import { normalAadhaar, normalPan } from '../../../shared/identity';
import {
  checkPersonRow,
  cityOfRow,
  importRace,
  indiaToday,
  newSeenKeys,
  oneTimePassword,
  rowKeysTaken,
  zoneNamesOf,
  zonesOfRow,
} from '../../../shared/person';
import { persons } from '../../fieldService';
import * as repo from './repo';
import { type Checked, fullNameOf, insertOne } from './rules';

export interface ImportRow {
  firstName: string;
  lastName: string;
  mobileNo: string;
  email?: string;
  cityName: string;
  stateName: string;
  pinCode: string;
  addressLine1: string;
  addressLine2?: string;
  birthDate?: string;
  panNumber: string;
  aadharNumber: string;
  gstno?: string;
  zoneName?: string;
}

/**
 * Excel/AddVendorExcel: every row is checked (the rules of AddVendor, names that must resolve, duplicates inside the
 * sheet) before anything is written; then all rows go in, each with its one-time password and wallet, in one
 * transaction.
 */
export async function importRows(db: Db, rows: ImportRow[]) {
  const errors = new RowErrors();
  const today = indiaToday();
  // Only the vendor's columns: a vendor's sheet has no second number or joining date to check.
  const norm = rows.map((r) => ({
    firstName: r.firstName.trim(),
    lastName: r.lastName.trim(),
    mobile: r.mobileNo.trim(),
    email: r.email?.trim() || null,
    pan: normalPan(r.panNumber),
    aadhaar: normalAadhaar(r.aadharNumber),
    gstin: r.gstno?.replace(/\s+/g, '').toUpperCase() || null,
    pinCode: r.pinCode.trim(),
    addressLine1: r.addressLine1,
    addressLine2: r.addressLine2,
    birthDate: r.birthDate,
    cityName: r.cityName,
    stateName: r.stateName,
    zones: zoneNamesOf(r.zoneName),
  }));
  const seen = newSeenKeys();
  norm.forEach((r, i) => {
    if (!r.firstName) errors.add(i, 'firstName', 'must not be empty');
    if (!r.lastName) errors.add(i, 'lastName', 'must not be empty');
    checkPersonRow(errors, i, r, seen, 'mobileNo', today);
  });

  const { citiesFound, zonesFound } = await persons.placesNamed(db, norm);
  const t = await persons.sheetKeysTaken(db, seen, () =>
    repo.taken(db, { pans: [...seen.pan.keys()], aadhaars: [...seen.aadhaar.keys()], gstins: [...seen.gstin.keys()] }),
  );

  const ready: Checked[] = [];
  norm.forEach((r, i) => {
    const inState = cityOfRow(errors, i, r, citiesFound);
    if (r.gstin && inState) {
      const why = gstinProblem(r.gstin, inState.stateName);
      if (why) errors.add(i, 'gstno', why);
    }
    const zoneIds = zonesOfRow(errors, i, r.zones, zonesFound);
    rowKeysTaken(errors, i, r, seen, t, 'vendor', 'mobileNo');
    ready.push({
      fullName: fullNameOf(r.firstName, r.lastName),
      mobileNo: r.mobile,
      email: r.email,
      zoneIds,
      proof: null,
      profile: {
        firstName: r.firstName,
        lastName: r.lastName,
        stateId: inState?.stateId ?? 0,
        cityId: inState?.id ?? 0,
        pinCode: r.pinCode,
        addressLine1: r.addressLine1.trim(),
        addressLine2: r.addressLine2?.trim() || null,
        birthDate: r.birthDate?.trim() || null,
        panNumber: r.pan,
        aadhaarNumber: r.aadhaar,
        gstin: r.gstin,
        aadhaarFileName: null,
      },
    });
  });
  errors.throwIfAny();

  await db
    .transaction(async (tx) => {
      for (const c of ready) await insertOne(tx, c, oneTimePassword(), null);
    })
    .catch(importRace('vendors'));
  return { imported: ready.length };
}
