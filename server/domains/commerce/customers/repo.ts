import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { customers, users } from '../../../db/schema';

export async function insertCustomer(
  exec: Executor,
  user: typeof users.$inferInsert,
  profile: Omit<typeof customers.$inferInsert, 'userId'>,
) {
  const [row] = await exec.insert(users).values(user).returning({ id: users.id });
  await exec.insert(customers).values({ ...profile, userId: row.id });
  return row.id;
}

export async function findCustomerByReferralCode(exec: Executor, code: string) {
  const rows = await exec
    .select({ userId: customers.userId })
    .from(customers)
    .where(sql`upper(${customers.referralCode}) = ${code.toUpperCase()}`)
    .limit(1);
  return rows[0];
}
