import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
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
          categoryId: subCategories.categoryId,
          sacCode: categories.sacCode,
          pricePaise: services.pricePaise,
          discountPercent: services.discountPercent,
          gstPercent: services.gstPercent,
          available: sql<boolean>`(${services.active} and ${subCategories.active} and ${categories.active})`,
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

/** A table's column of a key, with the SQL type a parameter is cast to (a VALUES list has no column to infer it from). */
function columnOf(table: typeof orders | typeof orderLines, key: string) {
  const column = (getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>)[key];
  if (!column) throw new Error(`no column ${key}`);
  return { name: column.name, type: column.getSQLType() };
}

/** A transition every new line gets, logged in placing's statement (the machine decided it). */
export interface NewLineTransition {
  fromState: string | null;
  toState: string;
  event: string;
}

const placingTexts = new Map<string, string>();

/**
 * The text of placing's write for one shape (the keys given, the number of lines and of transitions per line, and
 * whether the cart is emptied), made once and kept: the order (unless the customer placed one under the key), its
 * lines, each line's transitions in the log, and the cart emptied, in one statement that answers the order and the
 * lines' ids.
 */
function placingText(orderKeys: string[], lineKeys: string[], lines: number, transitions: number, clear: boolean) {
  const shape = `${orderKeys.join()}|${lineKeys.join()}|${lines}|${transitions}|${clear}`;
  const known = placingTexts.get(shape);
  if (known) return known;
  let n = 0;
  const param = (type: string) => `$${++n}::${type}`;
  const orderColumns = orderKeys.map((k) => columnOf(orders, k));
  const lineColumns = lineKeys.map((k) => columnOf(orderLines, k));
  const orderValues = orderColumns.map((c) => param(c.type)).join(', ');
  // Each line's place comes first, so the lines take their ids in the quote's order.
  const lineRows = Array.from(
    { length: lines },
    (_, i) => `(${i}, ${lineColumns.map((c) => param(c.type)).join(', ')})`,
  );
  const transitionRows = Array.from(
    { length: transitions },
    (_, i) => `(${i}, ${param('text')}, ${param('text')}, ${param('text')})`,
  );
  const entity = param('text');
  const actor = param('int');
  const customer = clear ? param('int') : '';
  const text = `with o as (
      insert into orders (${orderColumns.map((c) => c.name).join(', ')}) values (${orderValues})
      on conflict do nothing returning *),
    l as (
      insert into order_lines (order_id, ${lineColumns.map((c) => c.name).join(', ')})
      select o.id, ${lineColumns.map((_, j) => `v.column${j + 2}`).join(', ')}
        from o cross join (values ${lineRows.join(', ')}) v order by v.column1
      returning id, service_id, zone_id, slot_start),
    t as (
      insert into transition_log (entity, entity_id, from_state, to_state, event, actor_id)
      select ${entity}, l.id, s.from_state, s.to_state, s.event, ${actor}
        from l cross join (values ${transitionRows.join(', ')}) s(n, from_state, to_state, event)
       order by l.id, s.n)${
         clear
           ? `,
    emptied as (delete from cart_lines where customer_user_id = ${customer} and exists (select 1 from o))`
           : ''
       }
    select o.*, (select json_agg(json_build_object('id', l.id, 'serviceId', l.service_id, 'zoneId', l.zone_id,
        'slotStart', l.slot_start) order by l.id) from l) as placed_lines
      from o`;
  placingTexts.set(shape, text);
  return text;
}

/**
 * Placing's write in one statement (decision 040): the order, unless the customer already placed one under its key
 * (then null: the caller replays that one), its lines with their transitions logged, and, with `clearCartOf`, the
 * customer's cart emptied (its lines were locked by lockCartFindingKey).
 */
export async function insertPlacedOrder(
  tx: Tx,
  w: {
    order: NewOrder;
    lines: Omit<NewOrderLine, 'orderId'>[];
    transitions: NewLineTransition[];
    entity: string;
    actorId: number | null;
    clearCartOf: number | null;
  },
): Promise<{
  order: OrderRow;
  lines: { id: number; serviceId: number; zoneId: number | null; slotStart: Date }[];
} | null> {
  const orderKeys = Object.keys(w.order).filter((k) => (w.order as Record<string, unknown>)[k] !== undefined);
  const lineKeys = Object.keys(w.lines[0]).filter((k) => (w.lines[0] as Record<string, unknown>)[k] !== undefined);
  const text = placingText(orderKeys, lineKeys, w.lines.length, w.transitions.length, w.clearCartOf !== null);
  const values: unknown[] = orderKeys.map((k) => (w.order as Record<string, unknown>)[k]);
  for (const line of w.lines) for (const k of lineKeys) values.push((line as Record<string, unknown>)[k] ?? null);
  for (const t of w.transitions) values.push(t.fromState, t.toState, t.event);
  values.push(w.entity, w.actorId);
  if (w.clearCartOf !== null) values.push(w.clearCartOf);
  const [row] = await rawRows(tx, { text, values }, orders, { placedLines: 'json' });
  if (!row) return null;
  const { placedLines, ...order } = row;
  const placed = placedLines as { id: number; serviceId: number; zoneId: number | null; slotStart: string }[];
  return { order, lines: placed.map((l) => ({ ...l, slotStart: new Date(l.slotStart) })) };
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
