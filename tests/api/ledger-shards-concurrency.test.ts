// The system accounts that may go negative are kept in shards (decision 036), so transfers on different connections
// do not queue on one row until their commits. PostgreSQL only: PGlite is one connection, so nothing there waits.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../server/db/client';
import * as repo from '../../server/domains/money/wallets/repo';
import { checkLedger, post, systemAccountId } from '../../server/domains/money/wallets/service';
import { paise } from '../../server/money';
import { accountOf, startTestServer, type TestServer } from '../support/server';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;
if (!process.env.DATABASE_URL) console.log(`ledger-shards-concurrency.test.ts skipped: ${skipped}`);

const rowsOf = <T>(res: unknown) => ('rows' in (res as object) ? (res as { rows: T[] }).rows : (res as T[]));

describe.skipIf(skipped)(`ledger shards under concurrency${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 120_000);
  afterAll(() => t?.close());
  afterEach(async () => {
    const report = await checkLedger(t.db);
    expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
  });

  const one = async <T>(tx: Tx | TestServer['db'], query: ReturnType<typeof sql>) =>
    rowsOf<T>(await tx.execute(query))[0];
  const userId = async (role: 'Cust' | 'VE') =>
    (await one<{ id: number }>(t.db, sql`select id from users where mobile_no = ${accountOf(role).mobileNo}`)).id;

  /** ₹1 from the adjustments account into a wallet; answers the adjustments shard it moved. */
  async function credit(tx: Tx, wallet: number, key: string) {
    await post(tx, {
      kind: 'admin_credit',
      legs: [
        { accountId: wallet, amount: 100 },
        { accountId: systemAccountId('adjustments'), amount: -100 },
      ],
      remark: 'Shard test',
      actorId: null,
      idempotency: { key, hash: key },
      amountField: 'Amount',
      amount: paise(100),
    });
    return (
      await one<{ account_id: number }>(
        tx,
        sql`select e.account_id from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
          where t.idempotency_key = ${key} and e.amount < 0`,
      )
    ).account_id;
  }

  it('every system account that may go negative has its 15 shards, of its kind, under id × 16 + shard', async () => {
    const accounts = rowsOf<{ id: number; kind: string; provider: string | null; shard: number }>(
      await t.db.execute(
        sql`select id, kind, provider, shard from ledger_accounts where owner_user_id is null and allow_negative order by id`,
      ),
    );
    const bases = accounts.filter((a) => a.shard === 0);
    expect(bases.length).toBeGreaterThanOrEqual(10);
    for (const b of bases) {
      const shards = accounts.filter((a) => a.kind === b.kind && a.provider === b.provider && a.shard > 0);
      expect(shards.map((s) => [s.id, s.shard])).toEqual(
        Array.from({ length: 15 }, (_, i) => [b.id * repo.SHARDS + i + 1, i + 1]),
      );
    }
  });

  it('a transfer on another connection moves another shard and does not wait for an open one to commit', async () => {
    const [customer, vendor] = await Promise.all([userId('Cust'), userId('VE')]);
    const [customerWallet, vendorWallet] = await t.db.transaction(async (tx) => [
      await repo.walletAccount(tx, 'customer_wallet', customer, 'Customer'),
      await repo.walletAccount(tx, 'vendor_wallet', vendor, 'Vendor'),
    ]);
    const before = (await repo.systemAccount(t.db, 'adjustments')).balance;

    // A posts and stays open, holding its shard of the adjustments account.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let posted!: (v: { pid: number; shard: number }) => void;
    const aPosted = new Promise<{ pid: number; shard: number }>((r) => {
      posted = r;
    });
    const a = t.db.transaction(async (tx) => {
      const { pid } = await one<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      posted({ pid, shard: await credit(tx, customerWallet, `shard-a-${Date.now()}`) });
      await held;
    });
    const first = await aPosted;

    // B runs on a connection of another shard (a connection of A's shard is kept busy, so the pool opens another),
    // with a lock timeout: had it queued behind A's row, it would fail instead of waiting.
    const busy: (() => void)[] = [];
    const busyDone: Promise<unknown>[] = [];
    let second: { pid: number; shard: number } | null = null;
    try {
      for (let i = 0; i < 6 && !second; i++) {
        let done = false;
        let free!: () => void;
        const stay = new Promise<void>((r) => {
          free = r;
        });
        let ready!: () => void;
        const tried = new Promise<void>((r) => {
          ready = r;
        });
        busyDone.push(
          t.db.transaction(async (tx) => {
            try {
              const { pid } = await one<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
              if (pid % repo.SHARDS !== first.pid % repo.SHARDS) {
                await tx.execute(sql`set local lock_timeout = '2s'`);
                second = { pid, shard: await credit(tx, vendorWallet, `shard-b-${Date.now()}`) };
                done = true;
              }
            } finally {
              ready();
            }
            if (!done) await stay;
          }),
        );
        busy.push(free);
        await tried;
      }
    } finally {
      for (const free of busy) free();
      await Promise.all(busyDone);
      release();
      await a;
    }
    expect(second).not.toBeNull();
    const b = second!;
    expect(b.shard).not.toBe(first.shard);
    for (const s of [first, b]) {
      const id = systemAccountId('adjustments');
      expect(s.shard).toBe(s.pid % repo.SHARDS === 0 ? id : id * repo.SHARDS + (s.pid % repo.SHARDS));
    }
    // The account's balance is its shards summed: both credits came out of it.
    expect((await repo.systemAccount(t.db, 'adjustments')).balance).toBe(before - 200);
  });
});
