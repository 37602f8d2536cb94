import type { Db } from '../../../db/client';
import { nameKey } from '../../../imports';
import { listOf, PIN } from '../../../shared/identity';
import { type PersonSheetRow, personKeysOfRow, personProfileOfRow, zoneNamesOf } from '../../../shared/person';
import * as persons from '../persons/service';
import * as repo from './repo';
import { type Checked, insertOne, PROFESSIONAL_TYPES } from './rules';

// ---------------------------------------------------------------- import

export interface ImportRow extends PersonSheetRow {
  fullName: string;
  roleName: string;
  phone: string;
  altContactNo?: string;
  /** The day they joined (decision 033); empty: the day of the import. */
  joiningDate?: string;
  vendorName?: string;
  serviceName?: string;
}

/**
 * Excel/AddProfessionalExcel: every row is checked (the same rules as AddProfessional, plus names that must resolve
 * and duplicates inside the sheet) before anything is written; then all rows go in, each with its one-time password,
 * in one transaction.
 */
export async function importRows(db: Db, rows: ImportRow[]) {
  const norm = rows.map((r) => ({
    ...r,
    fullName: r.fullName.trim(),
    ...personKeysOfRow(r.phone, r),
    type: PROFESSIONAL_TYPES.find((t) => nameKey(t) === nameKey(r.roleName)),
    services: listOf(r.serviceName),
    zones: zoneNamesOf(r.zoneName),
  }));

  // Names to ids, in one query per kind.
  const vendorsFound = new Map(
    (
      await repo.vendors(db, {
        mobiles: [...new Set(norm.map((r) => r.vendorName?.trim()).filter((v): v is string => !!v))],
      })
    ).map((v) => [v.mobileNo, v.id]),
  );
  const servicesFound = new Map<string, { id: number; professionalType: string }[]>();
  for (const s of await repo.servicesByNames(db, [...new Set(norm.flatMap((r) => r.services.map(nameKey)))])) {
    const key = nameKey(s.heading);
    servicesFound.set(key, [...(servicesFound.get(key) ?? []), s]);
  }
  const homeZones = await repo.zonesOfPincodes(db, [...new Set(norm.map((r) => r.pinCode).filter((p) => PIN.test(p)))]);

  return persons.importPeople(db, norm, {
    kind: 'professional',
    mobileField: 'phone',
    what: 'people',
    checkFields: (errors, i, r) => {
      if (!r.fullName) errors.add(i, 'fullName', 'must not be empty');
      if (!r.type) errors.add(i, 'roleName', 'must be Technician or Engineer');
    },
    keysTaken: (seen) => repo.taken(db, { pans: [...seen.pan.keys()], aadhaars: [...seen.aadhaar.keys()] }),
    checkPlaced: (errors, i, r) => {
      let vendorId: number | null = null;
      const vendor = r.vendorName?.trim();
      if (vendor) {
        vendorId = vendorsFound.get(vendor) ?? null;
        if (!vendorId) errors.add(i, 'vendorName', `${vendor} is not the mobile number of a vendor`);
      }
      const serviceIds: number[] = [];
      for (const name of r.services) {
        const matches = servicesFound.get(nameKey(name)) ?? [];
        const ofType = matches.filter((s) => s.professionalType === r.type);
        if (matches.length === 0) errors.add(i, 'serviceName', `"${name}" is not a service`);
        else if (r.type && ofType.length === 0)
          errors.add(i, 'serviceName', `"${name}" is not a service for a ${r.type.toLowerCase()}`);
        else if (ofType.length > 1) errors.add(i, 'serviceName', `"${name}" names more than one service`);
        else if (ofType[0]) serviceIds.push(ofType[0].id);
      }
      return { vendorId, serviceIds };
    },
    ready: (r, inState, zoneIds, { vendorId, serviceIds }): Checked => ({
      fullName: r.fullName,
      email: r.email,
      phone: r.mobile,
      joinedOn: r.joiningDate?.trim() || null,
      zoneIds,
      serviceIds: [...new Set(serviceIds)],
      profile: {
        ...personProfileOfRow(r, inState),
        professionalType: r.type ?? 'Technician',
        homeZoneId: homeZones.get(r.pinCode) ?? null,
        altContactNo: r.altContactNo?.trim() || null,
        vendorUserId: vendorId,
      },
    }),
    insert: (tx, c, password, today) => insertOne(tx, c, null, password, c.joinedOn ?? today),
  });
}
