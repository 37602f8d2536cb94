import { and, asc, eq, getTableColumns, inArray, type Name, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import type { Output, WritePlan } from '../../../db/plan';
import { rawRows } from '../../../db/rows';
import {
  cartLines,
  categories,
  creditNotes,
  orderLines,
  orders,
  services,
  states,
  subCategories,
  users,
} from '../../../db/schema';
import type { OrderLineState, OrderPaymentType, OrderStatus } from '../../../db/schema/orders';
import { servicePriceTerms } from '../../catalogue';

export type { OrderPaymentType };

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = typeof orderLines.$inferInsert;

/** The order a customer placed under an Idempotency-Key, if any. */
export async function findByIdempotency(exec: Executor, customerUserId: number, key: string) {
  const [row] = await exec
    .select()
    .from(orders)
    .where(and(eq(orders.customerUserId, customerUserId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

/**
 * Locks the customer's cart lines (placing waits here for a racing placement of the same cart, then finds the lines
 * it took gone), answering their ids.
 */
export async function lockCart(tx: Tx, customerUserId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: cartLines.id })
    .from(cartLines)
    .where(eq(cartLines.customerUserId, customerUserId))
    .orderBy(asc(cartLines.id))
    .for('update');
  return rows.map((r) => r.id);
}

/**
 * Placing's first statement: the customer's cart locked (lockCart) and, under an Idempotency-Key, the order already
 * placed with it (findByIdempotency), in one round trip. The order is read in the statement's snapshot, taken before
 * a racing twin's cart lock was waited for; a twin that committed meanwhile is found by placing's later look.
 */
export async function lockCartFindingKey(tx: Tx, customerUserId: number, key: string | null) {
  if (key === null) {
    await lockCart(tx, customerUserId);
    return null;
  }
  const [found] = await rawRows(
    tx,
    sql`
    with locked as (select id from cart_lines where customer_user_id = ${customerUserId}::int order by id for update)
    select o.* from (select count(*) from locked) l
      left join orders o on o.customer_user_id = ${customerUserId}::int and o.idempotency_key = ${key}::text`,
    orders,
  );
  // No order under the key: the left join answers a row of nulls.
  return found?.id == null ? null : found;
}

/** Services with their price terms and whether they are on offer (the explicit lines of a seed or test placement). */
export const servicesForLines = (exec: Executor, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : exec
        .select({
          serviceId: services.id,
          heading: services.heading,
          ...servicePriceTerms,
        })
        .from(services)
        .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
        .innerJoin(categories, eq(categories.id, subCategories.categoryId))
        .where(inArray(services.id, ids));

/**
 * For each category, why it is not served at the pincode (null when it is), in one query: the pincode's zone must be
 * active and list the category (catalogue service `availability`, for many categories at once). Also the pincode's
 * zone (null outside every zone), so the caller need not look it up again.
 */
export async function servedAt(
  exec: Executor,
  pinCode: string,
  categoryIds: number[],
): Promise<{
  zoneId: number | null | undefined;
  categories: Map<number, { served: boolean; name: string; zoneName: string | null; zoneActive: boolean | null }>;
}> {
  if (categoryIds.length === 0) return { zoneId: undefined, categories: new Map() };
  const rows = await rawRows(
    exec,
    sql`
    select c.id, c.name, zp.zone_id as "zoneId", z.zone_name as "zoneName", z.active as "zoneActive",
      (z.active and exists (select 1 from category_zones cz where cz.zone_id = z.id and cz.category_id = c.id)) as served
    from categories c
    left join zone_pincodes zp on zp.pin_code = ${pinCode}
    left join zones z on z.id = zp.zone_id
    where c.id in (${sql.join(
      categoryIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    { id: 'int', name: 'text', zoneId: 'int?', zoneName: 'text?', zoneActive: 'bool?', served: 'bool?' },
  );
  const first = rows[0];
  return {
    // undefined: no category matched, so the query said nothing about the pincode.
    zoneId: first ? first.zoneId : undefined,
    categories: new Map(
      rows.map((r) => [
        Number(r.id),
        { served: r.served === true, name: r.name, zoneName: r.zoneName, zoneActive: r.zoneActive },
      ]),
    ),
  };
}

export async function stateById(exec: Executor, id: number) {
  const [row] = await exec.select({ id: states.id, name: states.name }).from(states).where(eq(states.id, id));
  return row ?? null;
}

export async function person(exec: Executor, id: number) {
  const [row] = await exec
    .select({ id: users.id, fullName: users.fullName, mobileNo: users.mobileNo, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

const columnsOf = new Map<typeof orders | typeof orderLines, Map<string, { name: SQL | Name; type: SQL }>>();

/** A row's defined values as `(col, …)` and `(value::type, …)`: a VALUES list has no column to infer a type from. */
function typedValues(table: typeof orders | typeof orderLines, row: Record<string, unknown>, keys: string[]) {
  let known = columnsOf.get(table);
  if (!known) {
    known = new Map(
      Object.entries(getTableColumns(table)).map(([k, c]) => [
        k,
        { name: sql.identifier(c.name), type: sql.raw(c.getSQLType()) },
      ]),
    );
    columnsOf.set(table, known);
  }
  const columns = known;
  return keys.map((k) => {
    const column = columns.get(k);
    if (!column) throw new Error(`no column ${k}`);
    return { name: column.name, value: sql`${row[k] ?? null}::${column.type}` };
  });
}

const definedKeys = (row: object) => Object.keys(row).filter((k) => (row as Record<string, unknown>)[k] !== undefined);

/**
 * Placing's own steps of its write-plan (decision 040): the order, unless the customer already placed one under its
 * key (then the step answers no row, and the steps that read it write nothing), and its lines, in the quote's order
 * (so they take their ids in that order), answering id, service_id, zone_id and slot_start.
 */
export function planPlacedOrder(plan: WritePlan, order: NewOrder, lines: Omit<NewOrderLine, 'orderId'>[]) {
  const orderValues = typedValues(orders, order, definedKeys(order));
  const placedOrder = plan.add(
    'placed_order',
    sql`insert into orders (${sql.join(
      orderValues.map((v) => v.name),
      sql`, `,
    )}) values (${sql.join(
      orderValues.map((v) => v.value),
      sql`, `,
    )}) on conflict do nothing returning *`,
  );
  const lineKeys = definedKeys(lines[0]);
  const rows = lines.map((line, n) => {
    const values = typedValues(orderLines, line, lineKeys).map((v) => v.value);
    return sql`(${n}::int, ${sql.join(values, sql`, `)})`;
  });
  const placedLines = plan.add(
    'placed_lines',
    sql`insert into order_lines (order_id, ${sql.join(
      typedValues(orderLines, lines[0], lineKeys).map((v) => v.name),
      sql`, `,
    )})
      select ${placedOrder.col('id')}, ${sql.join(
        lineKeys.map((_, j) => sql.raw(`v.column${j + 2}`)),
        sql`, `,
      )}
        from ${placedOrder.ref} cross join (values ${sql.join(rows, sql`, `)}) v order by v.column1
      returning id, service_id, zone_id, slot_start`,
  );
  return { order: placedOrder, lines: placedLines };
}

/**
 * Runs placing's plan (its steps and whatever other modules added: the lines' transitions, the emptied cart), answering
 * the order and its lines, or null when the customer's key had placed one already (the caller replays that one).
 */
export async function runPlacing(
  tx: Tx,
  plan: WritePlan,
  placed: { order: Output; lines: Output },
): Promise<{
  order: OrderRow;
  lines: { id: number; serviceId: number; zoneId: number | null; slotStart: Date }[];
} | null> {
  const l = placed.lines;
  const [row] = await plan.run(
    tx,
    sql`select ${placed.order.ref}.*, (select json_agg(json_build_object('id', ${l.col('id')}, 'serviceId',
        ${l.col('service_id')}, 'zoneId', ${l.col('zone_id')}, 'slotStart', ${l.col('slot_start')})
        order by ${l.col('id')}) from ${l.ref}) as placed_lines
      from ${placed.order.ref}`,
    orders,
    { placedLines: 'json' },
  );
  if (!row) return null;
  const { placedLines, ...order } = row;
  const lines = placedLines as { id: number; serviceId: number; zoneId: number | null; slotStart: string }[];
  return { order, lines: lines.map((x) => ({ ...x, slotStart: new Date(x.slotStart) })) };
}

export async function lockOrder(tx: Tx, id: number) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

export async function findOrder(exec: Executor, id: number) {
  const [row] = await exec.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

export async function orderOfIntent(tx: Tx, paymentIntentId: number) {
  const [row] = await tx.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId)).for('update');
  return row ?? null;
}

export async function orderOfIntentRead(exec: Executor, paymentIntentId: number) {
  const [row] = await exec.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
  return row ?? null;
}

export async function updateOrder(tx: Tx, id: number, patch: Partial<NewOrder>) {
  await tx.update(orders).set(patch).where(eq(orders.id, id));
}

/**
 * The order paid: 'order created', its transfer, and the tax invoice numbered by the plan's `invoice` step (documents'
 * planDocumentNumber), in one statement with whatever else the plan holds (the customer's notice, the live event);
 * answers the invoice number. The invoice series and the live events' lock are so held for this statement and the
 * commit alone.
 */
export async function markPaid(
  tx: Tx,
  id: number,
  plan: WritePlan,
  invoice: Output,
  o: { transferId: number; at: Date },
) {
  const at = o.at.toISOString();
  const [row] = await plan.run(
    tx,
    sql`update orders set status = ${'order created' satisfies OrderStatus}, status_update_date = ${at}::timestamptz,
        transfer_id = ${o.transferId}, invoice_no = ${invoice.col('number')}, invoice_date = ${at}::timestamptz
      from ${invoice.ref} where orders.id = ${id}
      returning orders.invoice_no as "invoiceNo"`,
    { invoiceNo: 'text' },
  );
  if (!row) throw new Error(`markPaid: no order ${id}`);
  return row.invoiceNo;
}

/** The order's lines, locked, in id order. */
export const lockLinesOf = (tx: Tx, orderId: number) =>
  tx
    .select({ id: orderLines.id, state: orderLines.state })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id))
    .for('update');

export async function setLinesState(tx: Tx, ids: number[], state: OrderLineState, at: Date) {
  if (ids.length === 0) return;
  await tx.update(orderLines).set({ state, stateChangedAt: at }).where(inArray(orderLines.id, ids));
}

/** An order's GST per head: the sum of its lines', as its tax invoice totals it (decision 053). */
export async function gstSplitOf(exec: Executor, orderId: number) {
  const [row] = await exec
    .select({
      cgstPaise: sql<string>`coalesce(sum(${orderLines.cgstPaise}), 0)::text`,
      sgstPaise: sql<string>`coalesce(sum(${orderLines.sgstPaise}), 0)::text`,
      igstPaise: sql<string>`coalesce(sum(${orderLines.igstPaise}), 0)::text`,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return { cgstPaise: Number(row.cgstPaise), sgstPaise: Number(row.sgstPaise), igstPaise: Number(row.igstPaise) };
}

export const linesOf = (exec: Executor, orderId: number) =>
  exec.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));

/** The credit notes of an order's lines (issued when an invoiced line is cancelled). */
export const creditNotesOf = (exec: Executor, lineIds: number[]) =>
  lineIds.length === 0
    ? Promise.resolve([])
    : exec
        .select({
          orderLineId: creditNotes.orderLineId,
          number: creditNotes.number,
          totalPaise: creditNotes.totalPaise,
          createdAt: creditNotes.createdAt,
        })
        .from(creditNotes)
        .where(inArray(creditNotes.orderLineId, lineIds));
