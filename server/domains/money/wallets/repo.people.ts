import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { accountContact } from '../../../db/links';
import { likeTerm, orderOf, type PageQuery, pageFor, qualified } from '../../../db/paging';
import { rawRows } from '../../../db/rows';
import { customers, ledgerAccounts, users } from '../../../db/schema';
import type { RoleCode } from '../../../http';
import { personWhere, type WalletKind, walletKindOf } from './repo.accounts';

/**
 * A customer's or vendor's wallet balance in paise (0 for one never opened) and when it last moved, in one statement:
 * null when there is no such person. Every checkout and My Balance asks.
 */
export async function personBalance(exec: Executor, where: { id?: number; mobileNo?: string }, role: RoleCode) {
  const kind = walletKindOf(role);
  const [row] = await rawRows(
    exec,
    sql`
    select a.balance, (select e.created_at from ledger_entries e where e.account_id = a.id order by e.id desc limit 1)
      as moved_at
    from users u left join ledger_accounts a on a.kind = ${kind} and a.owner_user_id = u.id
    where u.role = ${role} and ${personWhere(where)}`,
    { balance: 'bigint?', movedAt: 'timestamp?' },
  );
  if (!row) return null;
  return { balance: row.balance ?? 0, movedAt: row.movedAt };
}

/** The wallet a person of this role holds. */

/** A customer or vendor, with their wallet's id if it was ever opened (one query for a money move's first step). */
export async function findPerson(exec: Executor, where: { id?: number; mobileNo?: string }, role: RoleCode) {
  const kind = walletKindOf(role);
  // Plain SQL, not the select builder: every admin wallet move starts here, and building the query cost more than
  // running it (decision 038).
  const [row] = await rawRows(
    exec,
    sql`
    select u.id, u.full_name, u.mobile_no, u.email, u.role, u.active,
      (select a.id from ledger_accounts a where a.kind = ${kind} and a.owner_user_id = u.id) as wallet_id
    from users u
    where u.role = ${role} and ${personWhere(where)}`,
    { id: 'int', fullName: 'text', mobileNo: 'text', email: 'text?', role: 'text', active: 'bool', walletId: 'int?' },
  );
  return row ? { ...row, role: row.role as RoleCode } : null;
}

const walletBalance = (kind: WalletKind) =>
  sql<number>`coalesce((select ${ledgerAccounts.balance} from ${ledgerAccounts} where ${ledgerAccounts.kind} = ${kind} and ${ledgerAccounts.ownerUserId} = ${qualified(users.id)}), 0)`.mapWith(
    Number,
  );

/** A people list's search: the name or the mobile number contains the term. */
const nameOrMobile = (search: string | undefined) =>
  search ? or(ilike(users.fullName, likeTerm(search)), ilike(users.mobileNo, likeTerm(search))) : undefined;

/** Customers with their wallet balances ('User Management'). */
export function pageCustomers(exec: Executor, q: PageQuery) {
  const balance = walletBalance('customer_wallet');
  return pageFor(
    q,
    exec
      .select({
        ...accountContact,
        city: customers.city,
        pinCode: customers.pinCode,
        active: users.active,
        balance,
        createdAt: users.createdAt,
      })
      .from(users)
      .innerJoin(customers, eq(customers.userId, users.id))
      .$dynamic(),
    exec.select({ total: count() }).from(users).innerJoin(customers, eq(customers.userId, users.id)).$dynamic(),
    and(eq(users.role, 'Cust'), nameOrMobile(q.search)),
    orderOf(
      q,
      { fullName: users.fullName, mobileNo: users.mobileNo, createdAt: users.createdAt, balance },
      'createdAt',
      users.id,
    ),
  );
}

/** Vendors with their wallet balances and when it last moved. */
export async function pageVendorWallets(exec: Executor, q: PageQuery) {
  const balance = walletBalance('vendor_wallet');
  const lastMoved = sql<Date | null>`(select e.created_at from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'vendor_wallet' and a.owner_user_id = ${qualified(users.id)} order by e.id desc limit 1)`;
  const found = await pageFor(
    q,
    exec
      .select({
        ...accountContact,
        active: users.active,
        balance,
        lastMovedAt: lastMoved,
      })
      .from(users)
      .$dynamic(),
    exec.select({ total: count() }).from(users).$dynamic(),
    and(eq(users.role, 'VE'), nameOrMobile(q.search)),
    orderOf(
      q,
      { fullName: users.fullName, mobileNo: users.mobileNo, balance, lastMovedAt: lastMoved },
      'fullName',
      users.id,
    ),
  );
  return {
    ...found,
    items: found.items.map((v) => ({ ...v, lastMovedAt: v.lastMovedAt ? new Date(v.lastMovedAt) : null })),
  };
}
