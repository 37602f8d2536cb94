import type { Db } from '../../../db/client';
import { RowErrors } from '../../../imports';
import { gstinProblem } from '../../../shared/gstin';
import {
  checkPersonRow,
  cityOfRow,
  importRace,
  indiaToday,
  newSeenKeys,
  oneTimePassword,
  type PersonSheetRow,
  personKeysOfRow,
  personProfileOfRow,
  rowKeysTaken,
  zoneNamesOf,
  zonesOfRow,
} from '../../../shared/person';
import { persons } from '../../fieldService';
import * as repo from './repo';
import { type Checked, fullNameOf, insertOne } from './rules';

export interface ImportRow extends PersonSheetRow {
  firstName: string;
  lastName: string;
  mobileNo: string;
  gstno?: string;
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
    ...personKeysOfRow(r.mobileNo, r),
    gstin: r.gstno?.replace(/\s+/g, '').toUpperCase() || null,
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
        ...personProfileOfRow(r, inState),
        firstName: r.firstName,
        lastName: r.lastName,
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
