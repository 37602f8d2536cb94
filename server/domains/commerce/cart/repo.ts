import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { Output, WritePlan } from '../../../db/plan';
import { rawRows } from '../../../db/rows';
import { cartLines, categories, services, specialPackages, subCategories, users } from '../../../db/schema';
import { paise } from '../../../money';
import { servicePriceTerms } from '../../catalogue';

/** A cart line with what the cart page and the checkout quote need from its service, sub-category and category. */
export const lineColumns = {
  id: cartLines.id,
  serviceId: cartLines.serviceId,
  quantity: cartLines.quantity,
  slotStart: cartLines.slotStart,
  packageId: cartLines.packageId,
  heading: services.heading,
  imageUrl: services.imageUrl,
  subCategoryId: services.subCategoryId,
  ...servicePriceTerms,
};

/** The customer's cart lines in the order they were added, with lineColumns' fields. */
const LINES_OF = `select cl.id, cl.service_id as "serviceId", cl.quantity, cl.slot_start as "slotStart",
    cl.package_id as "packageId", s.heading, s.image_url as "imageUrl", s.sub_category_id as "subCategoryId",
    sc.category_id as "categoryId", c.sac_code as "sacCode", s.price_paise as "pricePaise",
    s.discount_percent as "discountPercent", s.gst_percent as "gstPercent",
    (s.active and sc.active and c.active) as available
  from cart_lines cl
  join services s on s.id = cl.service_id
  join sub_categories sc on sc.id = s.sub_category_id
  join categories c on c.id = sc.category_id
  where cl.customer_user_id = $1::int
  order by cl.created_at, cl.id`;

const LINE_SHAPE = {
  id: 'int',
  serviceId: 'int',
  quantity: 'int',
  slotStart: 'timestamp?',
  packageId: 'int?',
  heading: 'text',
  imageUrl: 'text?',
  subCategoryId: 'int',
  categoryId: 'int',
  sacCode: 'text',
  pricePaise: 'int',
  discountPercent: 'int',
  gstPercent: 'int',
  available: 'bool',
} as const;

type CartLineRow = {
  [K in keyof typeof lineColumns]: K extends 'available'
    ? boolean
    : (typeof lineColumns)[K] extends { _: { data: infer D; notNull: infer N } }
      ? N extends true
        ? D
        : D | null
      : never;
};

/**
 * The cart with its services (lineColumns), as a fixed text: every cart page, quote and placement reads it, and the
 * select builder cost more than the query (decision 040).
 */
export const linesOf = async (exec: Executor, customerUserId: number): Promise<CartLineRow[]> =>
  (await rawRows(exec, { text: LINES_OF, values: [customerUserId] }, LINE_SHAPE)).map((r) => ({
    ...r,
    pricePaise: paise(r.pricePaise),
  }));

/**
 * A service with whether it is on offer. Plain SQL, not the select builder, as upsertLine: every add to cart runs
 * both, and building the builder's query cost more than running it (decision 038).
 */
export const findService = async (exec: Executor, id: number) => {
  const rows = await rawRows(
    exec,
    sql`
    select s.id, s.heading, (s.active and sc.active and c.active) as available
    from services s
    join sub_categories sc on sc.id = s.sub_category_id
    join categories c on c.id = sc.category_id
    where s.id = ${id}::int`,
    { id: 'int', heading: 'text', available: 'bool' },
  );
  return rows[0];
};

export const findServices = (exec: Executor, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : exec
        .select({ id: services.id, available: lineColumns.available })
        .from(services)
        .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
        .innerJoin(categories, eq(categories.id, subCategories.categoryId))
        .where(inArray(services.id, ids));

/** Locks the customer's row so that concurrent writes to one cart run one after another. */
export const lockCustomer = (exec: Executor, customerUserId: number) =>
  exec.select({ id: users.id }).from(users).where(eq(users.id, customerUserId)).for('update');

export const lockLine = async (exec: Executor, customerUserId: number, serviceId: number) =>
  (
    await exec
      .select({
        id: cartLines.id,
        quantity: cartLines.quantity,
        slotStart: cartLines.slotStart,
        packageId: cartLines.packageId,
      })
      .from(cartLines)
      .where(and(eq(cartLines.customerUserId, customerUserId), eq(cartLines.serviceId, serviceId)))
      .for('update')
  )[0];

export const insertLine = async (
  exec: Executor,
  values: { customerUserId: number; serviceId: number; quantity: number; slotStart: Date | null },
) => (await exec.insert(cartLines).values(values).returning({ id: cartLines.id }))[0];

export const updateLine = (exec: Executor, id: number, values: { quantity?: number; slotStart?: Date | null }) =>
  exec
    .update(cartLines)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(cartLines.id, id));

export const deleteLine = (exec: Executor, id: number) => exec.delete(cartLines).where(eq(cartLines.id, id));

export const deleteLines = async (exec: Executor, customerUserId: number) =>
  (await exec.delete(cartLines).where(eq(cartLines.customerUserId, customerUserId)).returning({ id: cartLines.id }))
    .length;

/** The customer's cart emptied as a step of a plan, when `after` (placing's order) wrote a row. */
export const planEmptyCart = (plan: WritePlan, customerUserId: number, after: Output) =>
  plan.add(
    'cart_emptied',
    sql`delete from cart_lines where customer_user_id = ${customerUserId}::int and exists (select 1 from ${after.ref})`,
  );

/**
 * Adds `quantity` of a service to the cart in one statement: a new line, or the existing line raised (at most to
 * `cap`, or not at all when `refuseOver` and the sum would pass 99). Returns the line's quantity, or undefined when
 * the line was already full or is a package's line.
 */
export const upsertLine = async (
  exec: Executor,
  values: { customerUserId: number; serviceId: number; quantity: number; slotStart: Date | null },
  mode: 'refuse' | 'cap',
) => {
  // A package's line keeps quantity 1 (decision 022): AddCart and a merge leave it alone.
  const setWhere =
    mode === 'refuse'
      ? sql`cart_lines.quantity + excluded.quantity <= 99 and cart_lines.package_id is null`
      : sql`cart_lines.package_id is null`;
  const rows = await rawRows(
    exec,
    sql`
    insert into cart_lines (customer_user_id, service_id, quantity, slot_start)
    values (${values.customerUserId}::int, ${values.serviceId}::int, ${values.quantity}::int, ${values.slotStart?.toISOString() ?? null}::timestamptz)
    on conflict (customer_user_id, service_id) do update set
      quantity = least(cart_lines.quantity + excluded.quantity, 99),
      slot_start = coalesce(excluded.slot_start, cart_lines.slot_start),
      updated_at = now()
    where ${setWhere}
    returning id, quantity`,
    { id: 'int', quantity: 'int' },
  );
  return rows[0];
};

// ---- Special packages in the cart (decision 022) ----

/** The customer's lines of these services (any package or none), with the service's heading. */
export const linesOfServices = (exec: Executor, customerUserId: number, serviceIds: number[]) =>
  serviceIds.length === 0
    ? Promise.resolve([])
    : exec
        .select({ serviceId: cartLines.serviceId, packageId: cartLines.packageId, heading: services.heading })
        .from(cartLines)
        .innerJoin(services, eq(services.id, cartLines.serviceId))
        .where(and(eq(cartLines.customerUserId, customerUserId), inArray(cartLines.serviceId, serviceIds)));

/** One line of quantity 1 per service, marked with the package. */
export const insertPackageLines = (exec: Executor, customerUserId: number, packageId: number, serviceIds: number[]) =>
  exec
    .insert(cartLines)
    .values(serviceIds.map((serviceId) => ({ customerUserId, serviceId, packageId, quantity: 1, slotStart: null })));

/** Removes every line of one package from the customer's cart; answers how many went. */
export const deletePackageLines = async (exec: Executor, customerUserId: number, packageId: number) =>
  (
    await exec
      .delete(cartLines)
      .where(and(eq(cartLines.customerUserId, customerUserId), eq(cartLines.packageId, packageId)))
      .returning({ id: cartLines.id })
  ).length;

/** A package's name (the cart's messages about package lines). */
export const packageName = async (exec: Executor, packageId: number) =>
  (
    await exec.select({ name: specialPackages.pkgName }).from(specialPackages).where(eq(specialPackages.id, packageId))
  )[0]?.name ?? `package ${packageId}`;

/** The line of a service in the customer's cart, without a lock. */
export const findLine = async (exec: Executor, customerUserId: number, serviceId: number) =>
  (
    await exec
      .select({ id: cartLines.id, packageId: cartLines.packageId })
      .from(cartLines)
      .where(and(eq(cartLines.customerUserId, customerUserId), eq(cartLines.serviceId, serviceId)))
  )[0];
