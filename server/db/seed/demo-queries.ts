import { and, asc, eq, inArray } from 'drizzle-orm';
import { queries } from '../../domains/commerce';
import { notifyPerson } from '../../domains/platform';
import type { Db } from '../client';
import { customerQueries, notifications, orderLines, users } from '../schema';

export const DEMO_QUERY = {
  query: 'Will the technician bring the cleaning liquids, or should I buy them before the visit?',
  answer:
    'Our professional brings every material the service needs, cleaning liquids included. You do not need to buy anything.',
};

/**
 * Runs after the demo orders (server/main.ts): the demo customer has an answered query about their first completed
 * line (raised and answered through the queries service, so its transitions and the 'query answered' notification are
 * the product's own), and the notification of their seeded welcome credit. Does nothing twice.
 */
export async function seedDemoQueries(db: Db, customerMobileNo: string, adminMobileNo: string) {
  const [customer] = await db
    .select({ id: users.id, mobileNo: users.mobileNo })
    .from(users)
    .where(eq(users.mobileNo, customerMobileNo));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.mobileNo, adminMobileNo));
  if (!customer || !admin) return;

  const [welcome] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, customer.id), eq(notifications.kind, 'wallet_credited')));
  if (!welcome) {
    await db.transaction((tx) =>
      notifyPerson(tx, {
        userId: customer.id,
        mobileNo: customer.mobileNo,
        kind: 'wallet_credited',
        title: 'Wallet credited',
        body: '₹500.00 was added to your wallet (Welcome credit).',
        link: '/MyAccounts?tab=wallet',
      }),
    );
  }

  const [already] = await db
    .select({ id: customerQueries.id })
    .from(customerQueries)
    .where(eq(customerQueries.customerUserId, customer.id));
  if (already) return;
  const [line] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.customerUserId, customer.id), inArray(orderLines.state, ['completed', 'rated'])))
    .orderBy(asc(orderLines.id))
    .limit(1);
  if (!line) return;
  const raised = await queries.raise(db, customer, { OrderLineId: line.id, Query: DEMO_QUERY.query });
  await queries.answer(db, admin, raised.id, DEMO_QUERY.answer);
}
