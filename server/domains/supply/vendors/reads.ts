import fs from 'node:fs/promises';
import type { Db, Executor } from '../../../db/client';
import { type PageQuery, pageOf } from '../../../db/paging';
import { type CurrentUser, notFound } from '../../../http';
import type { Storage } from '../../../plugins/storage';
import { aadhaarLast4 } from '../../../shared/identity';
import { aadhaarShown } from '../../../shared/person';
import { proofMime, proofStorage } from '../../../shared/proofs';
import * as repo from './repo';

export async function detail(exec: Executor, id: number, viewer: Pick<CurrentUser, 'role'>) {
  const row = await repo.detail(exec, id);
  if (!row) throw notFound(`Vendor ${id}`);
  const zones = await repo.zonesOf(exec, id);
  const full = viewer.role === 'A';
  const { aadhaarNumber, aadhaarProofUrl, deletedAt, ...rest } = row;
  return {
    ...rest,
    phone: row.mobileNo,
    ...aadhaarShown(aadhaarNumber, full),
    hasAadharProof: aadhaarProofUrl !== null,
    deleted: deletedAt !== null,
    createdDate: row.createdDate.toISOString(),
    vendorZoneList: zones,
  };
}

/** GetVendorByID: a vendor reads only their own (x-owner), and a deleted vendor is gone for them. */
export async function detailFor(db: Db, id: number, user: CurrentUser) {
  const d = await detail(db, id, user);
  if (user.role !== 'A' && d.deleted) throw notFound(`Vendor ${id}`);
  return d;
}

/** The stored Aadhaar proof's bytes, type and name. */
export async function proofOf(db: Db, uploads: Storage, id: number) {
  const row = await repo.detail(db, id);
  if (!row) throw notFound(`Vendor ${id}`);
  if (!row.aadhaarProofUrl) throw notFound(`The Aadhaar proof of vendor ${id}`);
  const bytes = await fs.readFile(proofStorage(uploads).pathOf(row.aadhaarProofUrl)).catch(() => null);
  if (!bytes) throw notFound(`The Aadhaar proof of vendor ${id}`);
  return { bytes, mime: proofMime(row.aadhaarProofUrl), fileName: row.aadharFileName ?? 'aadhaar-proof' };
}

export async function list(db: Db, q: PageQuery & { status?: 'all' | 'active' | 'inactive' }) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await repo.page(db, { search: q.search, status: q.status ?? 'all', limit, offset });
  const items = rows.map(({ aadhaarNumber, ...r }) => ({
    ...r,
    aadharLast4: aadhaarLast4(aadhaarNumber),
    createdDate: r.createdDate.toISOString(),
  }));
  return { items, total, page, pageSize };
}
