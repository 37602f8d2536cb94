import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { type PageQuery, pageOf } from '../../../db/paging';
import { favourites, users } from '../../../db/schema';

/** The customer's account row, locked: one customer's favourite changes run one at a time. */
export const lockCustomer = async (exec: Executor, userId: number) =>
  (await exec.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId)).for('update'))[0];

export const findUserRole = async (exec: Executor, userId: number) =>
  (await exec.select({ role: users.role }).from(users).where(eq(users.id, userId)))[0]?.role;

/** Removes the favourite; answers whether there was one. */
export const deleteFavourite = async (exec: Executor, customerUserId: number, serviceId: number) =>
  (
    await exec
      .delete(favourites)
      .where(and(eq(favourites.customerUserId, customerUserId), eq(favourites.serviceId, serviceId)))
      .returning({ id: favourites.id })
  ).length > 0;

/** Adds the favourite; answers false when it was there already. */
export const insertFavourite = async (exec: Executor, customerUserId: number, serviceId: number) =>
  (
    await exec
      .insert(favourites)
      .values({ customerUserId, serviceId })
      .onConflictDoNothing()
      .returning({ id: favourites.id })
  ).length > 0;

export const countFavourites = async (exec: Executor, customerUserId: number) =>
  (await exec.select({ n: count() }).from(favourites).where(eq(favourites.customerUserId, customerUserId)))[0].n;

/** One page of the customer's favourites, newest first. */
export async function pageFavourites(exec: Executor, customerUserId: number, q: PageQuery) {
  const { limit, offset, page, pageSize } = pageOf(q);
  const where = eq(favourites.customerUserId, customerUserId);
  const [items, total] = await Promise.all([
    exec
      .select({
        id: favourites.id,
        customerUserId: favourites.customerUserId,
        serviceId: favourites.serviceId,
        createdAt: favourites.createdAt,
      })
      .from(favourites)
      .where(where)
      .orderBy(desc(favourites.createdAt), desc(favourites.id))
      .limit(limit)
      .offset(offset),
    countFavourites(exec, customerUserId),
  ]);
  return { items, total, page, pageSize };
}
