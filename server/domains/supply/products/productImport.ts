import type { Db } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import { conflict, type FieldError, HttpError } from '../../../http';
import { chunks, RowErrors } from '../../../imports';
import { addedActive, recordTransition } from '../../../plugins/audit';
import { tax } from '../../catalogue';
import type { ProductDiscountType } from './repo';
import * as repo from './repo';
import { moveStock } from './stock';
import { cleanDescription, ENTITY, hsnProblem, type Terms, termsFromApi } from './terms';

export interface ImportRow {
  productName: string;
  hsnCode: string;
  description?: string | null;
  mrp: number;
  discount?: number | null;
  discountType?: ProductDiscountType;
  gst: number;
  cost: number;
  lowStockAt?: number;
  quantity?: number;
}

/** AddProductsExcel: every row checked first (names unique in the file and the store); all rows or none. */
export async function importProducts(db: Db, rows: ImportRow[], actorId: number) {
  const errors = new RowErrors();
  const rates = await tax.ratesInForce(db, new Date());
  const seen = new Map<string, number>();
  const values = rows.map((r, i) => {
    let terms: Terms | undefined;
    try {
      terms = termsFromApi(r);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      for (const e of err.errors as FieldError[]) errors.add(i, e.field, e.message);
    }
    if (!rates.includes(r.gst)) errors.add(i, 'gst', tax.notInForce(rates));
    const hsn = hsnProblem(r.hsnCode, true);
    if (hsn) errors.add(i, 'hsnCode', hsn);
    const productName = r.productName.trim().replace(/\s+/g, ' ');
    if (!productName) errors.add(i, 'productName', 'must not be empty');
    else errors.firstOf(seen, productName.toLowerCase(), i, 'productName', `"${productName}"`);
    return { productName, terms, row: r };
  });
  const taken = await repo.namesTaken(db, [...seen.keys()]);
  const takenNames = new Map(taken.map((t) => [t.productName.toLowerCase(), t.productName]));
  values.forEach((v, i) => {
    const existing = takenNames.get(v.productName.toLowerCase());
    if (existing && seen.get(v.productName.toLowerCase()) === i) {
      errors.add(i, 'productName', `"${existing}" is already in the store`);
    }
  });
  errors.throwIfAny();

  await db
    .transaction(async (tx) => {
      for (const part of chunks(values)) {
        const ids = await repo.insertProducts(
          tx,
          part.map((v) => ({
            productName: v.productName,
            hsnCode: v.row.hsnCode,
            description: cleanDescription(v.row.description),
            ...v.terms!,
            gstPercent: v.row.gst,
            lowStockAt: v.row.lowStockAt ?? 10,
            active: true,
          })),
        );
        const lines = ids
          .map((productId, k) => ({ productId, quantity: part[k].row.quantity ?? 0 }))
          .filter((l) => l.quantity > 0);
        if (lines.length) {
          await moveStock(tx, {
            kind: 'received',
            lines,
            reason: 'Opening stock (import)',
            actorId,
            field: 'quantity',
          });
        }
        for (const id of ids) {
          await recordTransition(tx, addedActive(ENTITY, id, actorId, 'imported'));
        }
      }
    })
    .catch((err) => {
      // A product added under one of the names while the file was checked.
      if (uniqueViolation(err) !== null) {
        throw conflict('productName', 'A product with one of these names was added meanwhile: import the file again.');
      }
      throw err;
    });
  return { imported: rows.length };
}
