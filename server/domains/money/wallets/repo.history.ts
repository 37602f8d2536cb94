import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { ledgerEntries, ledgerTransfers, users } from '../../../db/schema';
export interface HistoryQuery {
  page?: number;
  pageSize?: number;
  from?: string;
  to?: string;
}

/** Days are India's: `from` starts at its midnight IST, `to` includes its whole day. */
function dateRange(q: HistoryQuery): SQL[] {
  const where: SQL[] = [];
  if (q.from) where.push(gte(ledgerEntries.createdAt, sql`(${q.from}::date)::timestamp at time zone 'Asia/Kolkata'`));
  if (q.to) where.push(lt(ledgerEntries.createdAt, sql`(${q.to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`));
  return where;
}

/** One account's entries, newest first, with what each transfer was for and who made it. */
export async function history(exec: Executor, accountId: number, q: HistoryQuery, limit?: number) {
  const { page, pageSize, offset } = pageOf(q);
  const where = and(eq(ledgerEntries.accountId, accountId), ...dateRange(q));
  const rows = await exec
    .select({
      id: ledgerEntries.id,
      at: ledgerEntries.createdAt,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      kind: ledgerTransfers.kind,
      reference: ledgerTransfers.reference,
      remark: ledgerTransfers.remark,
      doneBy: users.fullName,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .leftJoin(users, eq(users.id, ledgerTransfers.actorId))
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(limit ?? pageSize)
    .offset(limit ? 0 : offset);
  const total = limit ? rows.length : (await exec.select({ n: count() }).from(ledgerEntries).where(where))[0].n;
  return { items: rows, total, page, pageSize };
}

/** Credits and debits of an account since the first of this month, India time. */
export async function monthTotals(exec: Executor, accountId: number) {
  const [row] = await exec
    .select({
      credits: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)`,
      debits: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.accountId, accountId),
        gte(
          ledgerEntries.createdAt,
          sql`date_trunc('month', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata'`,
        ),
      ),
    );
  return { credits: Number(row.credits), debits: Number(row.debits) };
}

/** The newest entry's time of an account: the balance's "as of". */
export async function lastMovedAt(exec: Executor, accountId: number) {
  const [row] = await exec
    .select({ at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId))
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return row?.at ?? null;
}
