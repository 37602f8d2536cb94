import type { Db } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import { conflict, type FieldError, HttpError } from '../../../http';
import { chunks, nameKey, RowErrors } from '../../../imports';
import type { Paise } from '../../../money';
import { geo } from '../../platform';
import * as tax from '../tax/service';
import { categoryTaken, SAC_CODE, SAC_RULE } from './categories';
import type { ProfessionalType } from './common';
import * as repo from './repo';
import * as servicesRepo from './repo.services';
import { serviceMoney, serviceTaken } from './services';
import { subCategoryTaken } from './subCategories';

// Imports of categories, sub-categories and services: every row checked, then all or nothing.

const importRace = () =>
  conflict('rows', 'Another change added some of these names meanwhile; nothing was imported. Please try again.');

export interface CategoryImportRow {
  categoryName: string;
  details?: string;
  sacCode?: string;
  zoneName?: string;
}

/** `zoneName` lists zones separated by commas; a name used in several cities is written `Zone (City)`. */
export async function importCategories(db: Db, rows: CategoryImportRow[]) {
  const errors = new RowErrors();
  const seen = new Map<string, number>();
  rows.forEach((r, i) => {
    if (!r.categoryName.trim()) errors.add(i, 'categoryName', 'must not be empty');
    else errors.firstOf(seen, nameKey(r.categoryName), i, 'categoryName', `"${r.categoryName.trim()}"`);
    if (r.sacCode !== undefined && !SAC_CODE.test(r.sacCode.trim())) errors.add(i, 'sacCode', SAC_RULE);
  });
  const existing = await repo.categoryRows.named(db, [...seen.keys()]);
  const taken = new Map(existing.map((c) => [nameKey(c.name), c.name]));
  rows.forEach((r, i) => {
    const name = taken.get(nameKey(r.categoryName));
    if (name && seen.get(nameKey(r.categoryName)) === i) errors.add(i, 'categoryName', categoryTaken(name));
  });

  const tokens = rows.map((r) =>
    (r.zoneName ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => {
        const m = /^(.*?)\s*\(([^()]*)\)$/.exec(t);
        return m ? { text: t, zone: nameKey(m[1]), city: nameKey(m[2]) } : { text: t, zone: nameKey(t), city: null };
      }),
  );
  const zones = await geo.zonesNamed(db, [...new Set(tokens.flat().map((t) => t.zone))]);
  const zoneIds: number[][] = rows.map(() => []);
  tokens.forEach((list, i) => {
    for (const t of list) {
      const matches = zones.filter(
        (z) => nameKey(z.zoneName) === t.zone && (t.city === null || nameKey(z.cityName) === t.city),
      );
      if (matches.length === 1) zoneIds[i].push(matches[0].id);
      else if (matches.length === 0) errors.add(i, 'zoneName', `"${t.text}" is not a known zone`);
      else {
        const cities = matches.map((z) => z.cityName).join(', ');
        errors.add(
          i,
          'zoneName',
          `"${t.text}" names zones in several cities (${cities}); write it as "${t.text} (City)"`,
        );
      }
    }
  });
  errors.throwIfAny();

  try {
    await db.transaction(async (tx) => {
      for (const part of chunks(rows.map((r, i) => ({ r, i })))) {
        const inserted = await repo.insertCategories(
          tx,
          part.map(({ r }) => ({
            name: r.categoryName.trim(),
            details: r.details?.trim() ?? '',
            ...(r.sacCode && { sacCode: r.sacCode.trim() }),
          })),
        );
        const idOf = new Map(inserted.map((c) => [nameKey(c.name), c.id]));
        const links = part.flatMap(({ r, i }) =>
          [...new Set(zoneIds[i])].map((zoneId) => ({ categoryId: idOf.get(nameKey(r.categoryName))!, zoneId })),
        );
        for (const linkPart of chunks(links)) await repo.addCategoryZones(tx, linkPart);
      }
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw importRace();
    throw err;
  }
  return { imported: rows.length };
}

export interface SubCategoryImportRow {
  subCategoryName: string;
  headingField?: string;
  categoryName: string;
}

/** Resolves category names (case-insensitive) in one query; unknown names are row errors. */
async function categoryIdsByName(db: Db, rows: { categoryName: string }[], errors: RowErrors) {
  const found = await repo.categoryRows.named(db, [...new Set(rows.map((r) => nameKey(r.categoryName)))]);
  const ids = new Map(found.map((c) => [nameKey(c.name), c.id]));
  return rows.map((r, i) => {
    const id = ids.get(nameKey(r.categoryName));
    if (id === undefined) errors.add(i, 'categoryName', `"${r.categoryName.trim()}" is not a known category`);
    return id;
  });
}

export async function importSubCategories(db: Db, rows: SubCategoryImportRow[]) {
  const errors = new RowErrors();
  const categoryIds = await categoryIdsByName(db, rows, errors);
  const seen = new Map<string, number>();
  const keyOf = (i: number) => `${categoryIds[i]}|${nameKey(rows[i].subCategoryName)}`;
  rows.forEach((r, i) => {
    if (!r.subCategoryName.trim()) errors.add(i, 'subCategoryName', 'must not be empty');
    else if (categoryIds[i] !== undefined) {
      errors.firstOf(seen, keyOf(i), i, 'subCategoryName', `"${r.subCategoryName.trim()}" in ${r.categoryName.trim()}`);
    }
  });
  const existing = await repo.subCategoryRows.named(
    db,
    [...new Set(rows.map((r) => nameKey(r.subCategoryName)))],
    [...new Set(categoryIds.filter((id): id is number => id !== undefined))],
  );
  const taken = new Map(existing.map((s) => [`${s.categoryId}|${nameKey(s.name)}`, s.name]));
  rows.forEach((r, i) => {
    const name = categoryIds[i] !== undefined ? taken.get(keyOf(i)) : undefined;
    if (name && seen.get(keyOf(i)) === i)
      errors.add(i, 'subCategoryName', subCategoryTaken(r.categoryName.trim(), name));
  });
  errors.throwIfAny();

  try {
    await db.transaction(async (tx) => {
      for (const part of chunks(rows.map((r, i) => ({ r, i })))) {
        await repo.subCategoryRows.insertMany(
          tx,
          part.map(({ r, i }) => ({
            name: r.subCategoryName.trim(),
            headingField: r.headingField?.trim() ?? '',
            categoryId: categoryIds[i]!,
          })),
        );
      }
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw importRace();
    throw err;
  }
  return { imported: rows.length };
}

/** A sheet row with its amounts already in paise; null where the rupees were invalid (already in `errors`). */
export interface ServiceImportRow {
  heading: string;
  price: Paise | null;
  discount?: number;
  gst: number;
  categoryName: string;
  subCategoryName: string;
  pDetails?: string;
  professionalType: ProfessionalType;
  visitingCharges?: Paise | null;
}

export async function importServices(db: Db, rows: ServiceImportRow[], errors = new RowErrors()) {
  const gstRates = await tax.ratesInForce(db, new Date());
  const money = rows.map((r, i) => {
    if (r.price === null || r.visitingCharges === null) return undefined;
    try {
      return serviceMoney({ ...r, price: r.price, visitingCharges: r.visitingCharges }, gstRates);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      for (const e of err.errors as FieldError[]) errors.add(i, e.field, e.message);
      return undefined;
    }
  });
  const categoryIds = await categoryIdsByName(db, rows, errors);
  const subs = await repo.subCategoryRows.named(
    db,
    [...new Set(rows.map((r) => nameKey(r.subCategoryName)))],
    [...new Set(categoryIds.filter((id): id is number => id !== undefined))],
  );
  const subIdOf = new Map(subs.map((s) => [`${s.categoryId}|${nameKey(s.name)}`, s.id]));
  const subIds = rows.map((r, i) => {
    if (categoryIds[i] === undefined) return undefined;
    const id = subIdOf.get(`${categoryIds[i]}|${nameKey(r.subCategoryName)}`);
    if (id === undefined) {
      errors.add(
        i,
        'subCategoryName',
        `"${r.subCategoryName.trim()}" is not a sub-category of ${r.categoryName.trim()}`,
      );
    }
    return id;
  });

  const seen = new Map<string, number>();
  const keyOf = (i: number) => `${subIds[i]}|${nameKey(rows[i].heading)}`;
  rows.forEach((r, i) => {
    if (!r.heading.trim()) errors.add(i, 'heading', 'must not be empty');
    else if (subIds[i] !== undefined) {
      errors.firstOf(seen, keyOf(i), i, 'heading', `"${r.heading.trim()}" in ${r.subCategoryName.trim()}`);
    }
  });
  const existing = await servicesRepo.serviceRows.named(
    db,
    [...new Set(rows.map((r) => nameKey(r.heading)))],
    [...new Set(subIds.filter((id): id is number => id !== undefined))],
  );
  const taken = new Map(existing.map((s) => [`${s.subCategoryId}|${nameKey(s.heading)}`, s.heading]));
  rows.forEach((r, i) => {
    const heading = subIds[i] !== undefined ? taken.get(keyOf(i)) : undefined;
    if (heading && seen.get(keyOf(i)) === i) errors.add(i, 'heading', serviceTaken(r.subCategoryName.trim(), heading));
  });
  errors.throwIfAny();

  try {
    await db.transaction(async (tx) => {
      for (const part of chunks(rows.map((r, i) => ({ r, i })))) {
        await servicesRepo.serviceRows.insertMany(
          tx,
          part.map(({ r, i }) => ({
            heading: r.heading.trim(),
            subCategoryId: subIds[i]!,
            details: r.pDetails?.trim() ?? '',
            professionalType: r.professionalType,
            ...money[i]!,
          })),
        );
      }
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw importRace();
    throw err;
  }
  return { imported: rows.length };
}
