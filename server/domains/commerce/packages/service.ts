// Special packages (with their expiry flag Y, and the Marketing package calls): services
// sold together at one price before GST. Marketing and the admin make them; a customer books one into the cart
// (cart.addPackageLines) and the checkout quote prices its lines together while the package is whole
// (docs/decisions/022-advertisements-and-packages.md).
import type { Db, Executor } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import type { PageQuery } from '../../../db/paging';
import { badRequest, conflict, notFound } from '../../../http';
import { mulDivHalfUp, type Paise, paise, rupeesText } from '../../../money';
import { addedActive, recordTransition } from '../../../plugins/audit';
import { checkOptionalImage, type Storage } from '../../../plugins/storage';
import * as cart from '../cart/service';
import type { AdvType } from './repo';
import * as repo from './repo';

export type { ExpiredFilter } from './repo';

/** A package holds a handful of services (the admin's "special offers"). */
export const MAX_PACKAGE_SERVICES = 20;
const MAX_PRICE_PAISE = paise(10_00_000 * 100);
const ENTITY = 'SpecialPackage';

export interface PackageService extends repo.PackageServiceRow {
  /** One unit after the catalogue discount, before GST. */
  valuePaise: Paise;
}

export interface SpecialPackage extends repo.PackageRow {
  available: boolean;
  servicesValuePaise: Paise;
  services: PackageService[];
}

const unitValue = (s: { pricePaise: number; discountPercent: number }) =>
  paise(mulDivHalfUp(s.pricePaise, 100 - s.discountPercent, 100));

async function withServices(exec: Executor, rows: repo.PackageRow[]): Promise<SpecialPackage[]> {
  const all = await repo.servicesOf(
    exec,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const list = all.filter((s) => s.packageId === r.id).map((s) => ({ ...s, valuePaise: unitValue(s) }));
    return {
      ...r,
      services: list,
      servicesValuePaise: paise(list.reduce((sum, s) => sum + s.valuePaise, 0)),
      available: r.expiredStatus === 'N' && list.length > 0 && list.every((s) => s.available),
    };
  });
}

/**
 * A page of packages with their services. `manager` (marketing and the admin) sees every package and may filter by
 * expiry; anyone else sees only packages bookable now. With `pkgId`, a package the caller may not see is 404.
 */
export async function listPackages(
  db: Db,
  q: PageQuery & { pkgId?: number },
  view: { manager: boolean; expired: repo.ExpiredFilter },
) {
  const page = await repo.pagePackages(db, q, view);
  if (q.pkgId && page.items.length === 0) throw notFound(`Package ${q.pkgId}`);
  return { ...page, items: await withServices(db, page.items) };
}

export async function getPackage(exec: Executor, id: number): Promise<SpecialPackage> {
  const row = await repo.findPackage(exec, id);
  if (!row) throw notFound(`Package ${id}`);
  return (await withServices(exec, [row]))[0];
}

export interface PackageInput {
  pkgName: string;
  pkgDesc: string;
  pricePaise: Paise;
  imagebase64Data?: string;
  fileName?: string;
}

function checkFields(input: PackageInput) {
  const pkgName = input.pkgName.trim().replace(/\s+/g, ' ');
  const pkgDesc = input.pkgDesc.trim();
  if (!pkgName) throw badRequest('pkgName', 'must not be empty');
  if (!pkgDesc) throw badRequest('pkgDesc', 'must not be empty');
  if (input.pricePaise < 100 || input.pricePaise > MAX_PRICE_PAISE) {
    throw badRequest('price', 'must be from 1 to 10,00,000 rupees');
  }
  return { pkgName, pkgDesc };
}

const nameTaken = (name: string) => conflict('pkgName', `A package named ${name} already exists.`);

/** The services to put in a package: each must exist and be on offer now (404 / 409 naming it). */
async function checkServices(exec: Executor, ids: number[], field: string) {
  const found = await repo.findServices(exec, ids);
  for (const id of ids) {
    const s = found.find((f) => f.id === id);
    if (!s) throw notFound(`Service ${id}`);
    if (!s.available) throw conflict(field, `${s.heading} is not on offer now: switch it on before adding it.`);
  }
  return found;
}

export async function addPackage(
  db: Db,
  storage: Storage,
  input: PackageInput & { serviceIds?: number[] },
  actorId: number,
): Promise<SpecialPackage> {
  const { pkgName, pkgDesc } = checkFields(input);
  const serviceIds = [...new Set(input.serviceIds ?? [])];
  if (serviceIds.length > MAX_PACKAGE_SERVICES) {
    throw badRequest('serviceIds', `must list at most ${MAX_PACKAGE_SERVICES} services`);
  }
  if (!input.imagebase64Data) throw badRequest('imagebase64Data', 'is required: a package needs a picture');
  const image = await checkOptionalImage(input.imagebase64Data, 'imagebase64Data');
  await checkServices(db, serviceIds, 'serviceIds');
  const id = await storage
    .withFiles([image && { folder: 'packages', file: image }], async ([pkgImageUrl]) => ({
      result: await db.transaction(async (tx) => {
        await repo.lockPackageNames(tx);
        if (await repo.findPackageByName(tx, pkgName)) throw nameTaken(pkgName);
        await checkServices(tx, serviceIds, 'serviceIds');
        const id = await repo.insertPackage(tx, {
          pkgName,
          pkgDesc,
          pricePaise: input.pricePaise,
          pkgImageUrl,
          pkgImageName: pkgImageUrl ? input.fileName?.trim() || null : null,
          createdBy: actorId,
        });
        await repo.insertPackageServices(tx, id, serviceIds);
        await recordTransition(tx, addedActive(ENTITY, id, actorId, `${pkgName} at ${rupeesText(input.pricePaise)}`));
        return id;
      }),
    }))
    .catch(onNameRace(pkgName));
  return getPackage(db, id);
}

const onNameRace = (name: string) => (err: unknown) => {
  if (uniqueViolation(err) !== null) throw nameTaken(name);
  throw err;
};

const stateOf = (p: { expiredStatus: 'Y' | 'N' }) => (p.expiredStatus === 'Y' ? 'expired' : 'active');

export async function updatePackage(
  db: Db,
  storage: Storage,
  id: number,
  input: PackageInput,
  actorId: number,
): Promise<SpecialPackage> {
  const { pkgName, pkgDesc } = checkFields(input);
  if (!(await repo.findPackage(db, id))) throw notFound(`Package ${id}`);
  const image = await checkOptionalImage(input.imagebase64Data, 'imagebase64Data');
  await storage.withFiles([image && { folder: 'packages', file: image }], async ([newUrl]) =>
    db.transaction(async (tx) => {
      await repo.lockPackageNames(tx);
      const old = await repo.lockPackage(tx, id);
      if (!old) throw notFound(`Package ${id}`);
      if (await repo.findPackageByName(tx, pkgName, id)) throw nameTaken(pkgName);
      await repo.updatePackage(tx, id, {
        pkgName,
        pkgDesc,
        pricePaise: input.pricePaise,
        ...(newUrl ? { pkgImageUrl: newUrl, pkgImageName: input.fileName?.trim() || null } : {}),
      });
      const changes = [
        old.pkgName !== pkgName ? `name ${old.pkgName} → ${pkgName}` : null,
        old.pricePaise !== input.pricePaise
          ? `price ${rupeesText(old.pricePaise)} → ${rupeesText(input.pricePaise)}`
          : null,
        old.pkgDesc !== pkgDesc ? 'description' : null,
        newUrl ? 'picture' : null,
      ].filter(Boolean);
      await recordTransition(tx, {
        entity: ENTITY,
        entityId: id,
        from: stateOf(old),
        to: stateOf(old),
        event: 'CHANGE',
        actorId,
        remark: changes.length ? changes.join('; ') : 'no change',
      });
      return { result: undefined, replaced: newUrl ? [old.pkgImageUrl] : [] };
    }),
  );
  return getPackage(db, id);
}

/** ExpirePackage: 'Y' takes it off the public pages (and out of reach of new bookings); 'N' offers it again. */
export async function setExpired(db: Db, id: number, flag: 'Y' | 'N', actorId: number): Promise<SpecialPackage> {
  await db.transaction(async (tx) => {
    const old = await repo.lockPackage(tx, id);
    if (!old) throw notFound(`Package ${id}`);
    if (old.expiredStatus === flag) return;
    await repo.updatePackage(tx, id, { expiredStatus: flag });
    await recordTransition(tx, {
      entity: ENTITY,
      entityId: id,
      from: stateOf(old),
      to: flag === 'Y' ? 'expired' : 'active',
      event: flag === 'Y' ? 'EXPIRE' : 'RENEW',
      actorId,
    });
  });
  return getPackage(db, id);
}

/** AddSPackagesService: one more service in the package (on offer, not already in it, at most 20). */
export async function addService(db: Db, packageId: number, serviceId: number, actorId: number) {
  await db.transaction(async (tx) => {
    const pkg = await repo.lockPackage(tx, packageId);
    if (!pkg) throw notFound(`Package ${packageId}`);
    const [service] = await checkServices(tx, [serviceId], 'ServiceId');
    if ((await repo.countPackageServices(tx, packageId)) >= MAX_PACKAGE_SERVICES) {
      throw conflict('PkgId', `A package holds at most ${MAX_PACKAGE_SERVICES} services.`);
    }
    const added = await repo.insertPackageServices(tx, packageId, [serviceId]);
    if (!added.length) throw conflict('ServiceId', `${service.heading} is already in package ${pkg.pkgName}.`);
    await recordTransition(tx, {
      entity: ENTITY,
      entityId: packageId,
      from: stateOf(pkg),
      to: stateOf(pkg),
      event: 'ADD_SERVICE',
      actorId,
      remark: service.heading,
    });
  });
  return getPackage(db, packageId);
}

/** DeletePackageServices: `id` is the package-service row. Carts holding the package then hold a broken package. */
export async function removeService(db: Db, id: number, actorId: number) {
  const packageId = await db.transaction(async (tx) => {
    const row = await repo.findPackageService(tx, id);
    if (!row) throw notFound(`Package service ${id}`);
    const pkg = await repo.lockPackage(tx, row.packageId);
    if (!pkg || !(await repo.deletePackageService(tx, id))) throw notFound(`Package service ${id}`);
    await recordTransition(tx, {
      entity: ENTITY,
      entityId: row.packageId,
      from: stateOf(pkg),
      to: stateOf(pkg),
      event: 'REMOVE_SERVICE',
      actorId,
      remark: row.heading,
    });
    return row.packageId;
  });
  return getPackage(db, packageId);
}

/**
 * Books a package into a customer's cart (decision 022): the package is locked against a concurrent change, must be
 * unexpired with services that are all on offer (400 naming PkgId otherwise), and the cart module adds one line of
 * quantity 1 per service marked with the package, in the same transaction.
 */
export async function bookPackage(db: Db, customerUserId: number, packageId: number) {
  return db.transaction(async (tx) => {
    const pkg = await repo.lockPackage(tx, packageId, 'share');
    if (!pkg) throw notFound(`Package ${packageId}`);
    if (pkg.expiredStatus === 'Y') throw badRequest('PkgId', `Package ${pkg.pkgName} has expired.`);
    const list = await repo.servicesOf(tx, [packageId]);
    if (!list.length) throw badRequest('PkgId', `Package ${pkg.pkgName} has no services yet.`);
    const off = list.find((s) => !s.available);
    if (off) throw badRequest('PkgId', `${off.heading} in package ${pkg.pkgName} is not available now.`);
    const serviceIds = list.map((s) => s.serviceId);
    await cart.addPackageLines(tx, customerUserId, { id: pkg.id, name: pkg.pkgName }, serviceIds);
    return { packageId: pkg.id, pkgName: pkg.pkgName, serviceIds };
  });
}

// ---- The advertisements workbook (GetAdvertisementExcel) ----

const IST_OFFSET_MS = 330 * 60_000;
const TYPE_NAMES: Record<AdvType, string> = { AD: 'Advertisement', CO: 'Coupon' };

/** Every advertisement (or coupon) not deleted as an .xlsx workbook, made with write-excel-file. */
export async function advertisementsWorkbook(db: Db, advType?: AdvType): Promise<Buffer> {
  const rows = await repo.advertisementsForExport(db, advType);
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const header = [
    'Id',
    'Type',
    'Description',
    'Discount description',
    'Picture',
    'Status',
    'Added by',
    'Role',
    'Created (India time)',
  ].map((value) => ({ value, fontWeight: 'bold' as const }));
  const data = [
    header,
    ...rows.map((r) => [
      { type: Number, value: r.id },
      { type: String, value: TYPE_NAMES[r.advType] ?? r.advType },
      { type: String, value: r.description },
      { type: String, value: r.discountDesc },
      { type: String, value: r.imageUrl ?? '' },
      { type: String, value: r.status ? 'Active' : 'Inactive' },
      { type: String, value: r.addedByName },
      { type: String, value: r.addedByRole },
      // A spreadsheet date has no time zone: written as India time, as every date in the app reads.
      { type: Date, value: new Date(r.createDate.getTime() + IST_OFFSET_MS), format: 'dd/mm/yyyy hh:mm' },
    ]),
  ];
  return writeXlsxFile(data, {
    sheet: 'Advertisements',
    columns: [
      { width: 8 },
      { width: 14 },
      { width: 50 },
      { width: 30 },
      { width: 40 },
      { width: 10 },
      { width: 24 },
      { width: 8 },
      { width: 18 },
    ],
    stickyRowsCount: 1,
  }).toBuffer();
}
