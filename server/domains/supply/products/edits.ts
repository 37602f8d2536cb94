// Adding, changing, deleting and switching off a product (decision 028).
import type { Db } from '../../../db/client';
import { conflict, notFound } from '../../../http';
import { rupeesText } from '../../../money';
import { activeToggle, recordTransition } from '../../../plugins/audit';
import { checkOptionalImage, type Storage } from '../../../plugins/storage';
import { tax } from '../../catalogue';
import * as repo from './repo';
import { moveStock } from './stock';
import {
  checkHsn,
  cleanDescription,
  cleanName,
  ENTITY,
  getProduct,
  nameTaken,
  onNameRace,
  type ProductInput,
} from './terms';

/** AddProducts: the product and its opening stock (a `received` movement) in one transaction. */
export async function addProduct(
  db: Db,
  storage: Storage,
  input: ProductInput & { quantity?: number },
  actorId: number,
) {
  const productName = cleanName(input.productName);
  const hsnCode = checkHsn(input.hsnCode, true)!;
  await tax.assertRateInForce(db, input.gst, new Date(), 'gst');
  if (await repo.findByName(db, productName)) throw nameTaken(productName);
  const image = await checkOptionalImage(input.imagebase64Data, 'imagebase64Data');
  const quantity = input.quantity ?? 0;
  const id = await storage
    .withFiles([image && { folder: 'products', file: image }], async ([imageUrl]) => ({
      result: await db.transaction(async (tx) => {
        const [id] = await repo.insertProducts(tx, [
          {
            productName,
            hsnCode,
            description: cleanDescription(input.description),
            ...input.terms,
            gstPercent: input.gst,
            lowStockAt: input.lowStockAt ?? 10,
            active: input.status ?? true,
            imageUrl,
            imageName: imageUrl ? input.fileName?.trim() || null : null,
          },
        ]);
        if (quantity > 0) {
          await moveStock(tx, {
            kind: 'received',
            lines: [{ productId: id, quantity }],
            reason: 'Opening stock',
            actorId,
            field: 'quantity',
          });
        }
        await recordTransition(tx, {
          entity: ENTITY,
          entityId: id,
          from: null,
          to: input.status === false ? 'inactive' : 'active',
          event: 'ADD',
          actorId,
          remark: `${productName}: MRP ${rupeesText(input.terms.mrpPaise)}, ${quantity} in stock`,
        });
        return id;
      }),
    }))
    .catch(onNameRace(productName));
  return getProduct(db, id);
}

/** UpdateProducts: everything but the stock; a new picture replaces the old one (removed once committed). */
export async function updateProduct(db: Db, storage: Storage, id: number, input: ProductInput, actorId: number) {
  const productName = cleanName(input.productName);
  const hsnCode = checkHsn(input.hsnCode, false);
  if (!(await repo.findProduct(db, id))) throw notFound(`Product ${id}`);
  await tax.assertRateInForce(db, input.gst, new Date(), 'gst');
  if (await repo.findByName(db, productName, id)) throw nameTaken(productName);
  const image = await checkOptionalImage(input.imagebase64Data, 'imagebase64Data');
  await storage
    .withFiles([image && { folder: 'products', file: image }], async ([newUrl]) =>
      db.transaction(async (tx) => {
        const old = await repo.lockProduct(tx, id);
        if (!old) throw notFound(`Product ${id}`);
        const next = {
          productName,
          hsnCode: hsnCode ?? old.hsnCode,
          description: cleanDescription(input.description),
          ...input.terms,
          gstPercent: input.gst,
          lowStockAt: input.lowStockAt ?? old.lowStockAt,
          active: input.status ?? old.active,
          ...(newUrl ? { imageUrl: newUrl, imageName: input.fileName?.trim() || null } : {}),
        };
        await repo.updateProduct(tx, id, next);
        const changes = [
          old.productName !== productName ? `name ${old.productName} → ${productName}` : null,
          old.mrpPaise !== next.mrpPaise ? `MRP ${rupeesText(old.mrpPaise)} → ${rupeesText(next.mrpPaise)}` : null,
          old.actualPricePaise !== next.actualPricePaise
            ? `price ${rupeesText(old.actualPricePaise)} → ${rupeesText(next.actualPricePaise)}`
            : null,
          old.costPaise !== next.costPaise ? `cost ${rupeesText(old.costPaise)} → ${rupeesText(next.costPaise)}` : null,
          old.gstPercent !== next.gstPercent ? `GST ${old.gstPercent}% → ${next.gstPercent}%` : null,
          old.hsnCode !== next.hsnCode ? `HSN ${old.hsnCode ?? 'none'} → ${next.hsnCode}` : null,
          old.lowStockAt !== next.lowStockAt ? `low stock at ${old.lowStockAt} → ${next.lowStockAt}` : null,
          (old.description ?? null) !== next.description ? 'description' : null,
          newUrl ? 'picture' : null,
        ].filter(Boolean);
        const state = (a: boolean) => (a ? 'active' : 'inactive');
        await recordTransition(tx, {
          entity: ENTITY,
          entityId: id,
          from: state(old.active),
          to: state(next.active),
          event: 'CHANGE',
          actorId,
          remark: changes.length ? changes.join('; ') : 'no change',
        });
        return { result: undefined, replaced: newUrl ? [old.imageUrl] : [] };
      }),
    )
    .catch(onNameRace(productName));
  return getProduct(db, id);
}

/**
 * DeleteProduct (decision 028): a soft delete. Refused while a request that is not finished (issued or cancelled)
 * names the product, or units are held for one: those requests still need its stock and its price.
 */
export async function deleteProduct(db: Db, id: number, actorId: number) {
  await db.transaction(async (tx) => {
    const product = await repo.lockProduct(tx, id);
    if (!product) throw notFound(`Product ${id}`);
    const open = await repo.openRequestsWith(tx, id);
    if (product.reserved > 0 || open.length > 0) {
      const which = open.length ? ` (request${open.length > 1 ? 's' : ''} ${open.join(', ')})` : '';
      throw conflict(
        'id',
        `${product.productName} cannot be deleted: it is on requests that are not finished${which}${product.reserved > 0 ? ` and ${product.reserved} units are held for them` : ''}. Switch it off instead, so no new request can ask for it.`,
      );
    }
    await repo.softDelete(tx, id);
    await recordTransition(tx, {
      entity: ENTITY,
      entityId: id,
      from: product.active ? 'active' : 'inactive',
      to: 'deleted',
      event: 'DELETE',
      actorId,
      remark: `${product.productName}, ${product.onHand} on hand`,
    });
  });
}

/** The Product toggle of DeReActivateAll: an inactive product is no longer offered to vendors. */
export async function toggle(db: Db, id: number, actorId: number) {
  return db.transaction(async (tx) => {
    const product = await repo.lockProduct(tx, id);
    if (!product) throw notFound(`Product ${id}`);
    const active = !product.active;
    await repo.updateProduct(tx, id, { active });
    await recordTransition(tx, activeToggle(ENTITY, id, active, actorId));
    return { id, active };
  });
}
