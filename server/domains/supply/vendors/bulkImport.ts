import type { Db } from '../../../db/client';
import { gstinProblem } from '../../../shared/gstin';
import { type PersonSheetRow, personKeysOfRow, personProfileOfRow, zoneNamesOf } from '../../../shared/person';
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
  return persons.importPeople(db, norm, {
    kind: 'vendor',
    mobileField: 'mobileNo',
    what: 'vendors',
    checkFields: (errors, i, r) => {
      if (!r.firstName) errors.add(i, 'firstName', 'must not be empty');
      if (!r.lastName) errors.add(i, 'lastName', 'must not be empty');
    },
    keysTaken: (seen) =>
      repo.taken(db, {
        pans: [...seen.pan.keys()],
        aadhaars: [...seen.aadhaar.keys()],
        gstins: [...seen.gstin.keys()],
      }),
    checkPlaced: (errors, i, r, inState) => {
      if (r.gstin && inState) {
        const why = gstinProblem(r.gstin, inState.stateName);
        if (why) errors.add(i, 'gstno', why);
      }
    },
    ready: (r, inState, zoneIds): Checked => ({
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
    }),
    insert: (tx, c, password) => insertOne(tx, c, password, null),
  });
}
