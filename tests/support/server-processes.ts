// Real server processes on one PostgreSQL database (decision 039: several identical app processes share it), for
// the money concurrency test and bench:wallet. Each process is `server/main.ts` as production starts it.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Db } from '../../server/db/client';
import { sandboxOrders } from '../../server/db/schema';
import { addAddress } from '../../server/domains/commerce/addresses/service';
import { signup } from '../../server/domains/commerce/customers/service';
import { adminMove } from '../../server/domains/money/wallets/service';
import { paise } from '../../server/money';
import { databaseUrlFor, ensurePostgresTemplate, postgresFromTemplate } from './template';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A new database copied from the migrated, seeded test template (demo accounts use TEST_PASSWORD). Tests get fast
 * commits; `durable` (the benches) keeps every commit waiting for its WAL flush, as production does.
 */
export async function templateCopy(base: string, prefix = 'doorstep_p', opts: { durable?: boolean } = {}) {
  const template = await ensurePostgresTemplate(base);
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await postgresFromTemplate(base, template, name, opts);
  return {
    name,
    url: databaseUrlFor(base, name),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Whether a PostgreSQL server answers at `url`. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** A port free right now (main.ts prints its configured port, so PORT=0 would not tell us the real one). */
/** True when Redis answers a PING at `url` within a second. */
export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the process printed (stdout and stderr), for a failure's message. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `tsx server/main.ts` with `env` on a free port and waits until it listens. `SERVER_NODE_ARGS` adds node's
 * own flags, to profile a bench's server (`SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`).
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    // No job runner unless the test asks (JOBS=on): these tests are about requests (decision 065).
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), JOBS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  // Only the tail is kept: a process logging warnings for a minute must not grow this without bound.
  const keep = (d: Buffer) => {
    out = (out + d).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const onData = () => {
      if (out.includes('Doorstep is running')) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

let seq = 0;
/** A customer through the sign-up service (as tests/support/factories.ts makes them), with a password to sign in. */
export async function signupCustomer(db: Db, tag: string) {
  const n = ++seq;
  const input = {
    fullName: `Money ${tag} ${n}`,
    mobileNo: `6${String((process.pid * 1000 + n) % 1_000_000_000).padStart(9, '0')}`,
    email: `money-${tag}-${process.pid}-${n}@example.in`,
    city: 'Bengaluru',
    pinCode: '560034',
    password: `Money-pass-${n}`,
  };
  const made = await signup(db, input);
  return { ...input, id: made.Id };
}

/**
 * A customer for the money races: signed up (again when the drawn referral code clashes: 100 alike names may draw one
 * twice), with a Karnataka address at `pinCode` and `rupees` credited to the wallet by the admin `adminId`.
 */
export async function fundedCustomer(db: Db, o: { tag: string; pinCode: string; rupees: number; adminId: number }) {
  let c: Awaited<ReturnType<typeof signupCustomer>> | null = null;
  for (let attempt = 0; !c; attempt++) {
    c = await signupCustomer(db, o.tag).catch((e) => {
      if (attempt >= 5) throw e;
      return null;
    });
  }
  const address = await addAddress(db, c.id, {
    adress: '1 Race Road',
    pinCode: o.pinCode,
    city: 'Bengaluru',
    state: 'Karnataka',
    receiverName: c.fullName,
    receiverMobileNo: c.mobileNo,
  });
  if (o.rupees > 0) {
    await adminMove(db, {
      kind: 'customer',
      who: { id: c.id },
      amount: paise(o.rupees * 100),
      action: 'Credit',
      remark: 'Race funds',
      actor: { id: o.adminId } as never,
      idempotency: { key: null, hash: 'x' },
      amountField: 'Amount',
      maxWalletBalance: 100_000_000,
    });
  }
  return { ...c, addressId: address.id };
}

/**
 * The sandbox provider's own record of an order, changed as a real provider's could be: paid with another amount
 * than the order asked for (the sandbox's checkout page only ever pays the asked amount).
 */
export async function sandboxPaysOtherAmount(db: Db, orderId: string, amountPaise: number) {
  const [row] = await db
    .update(sandboxOrders)
    .set({
      status: 'PAID',
      amount: amountPaise,
      paymentId: `sbx_pay_${randomBytes(12).toString('hex')}`,
      paidAt: new Date(),
    })
    .where(eq(sandboxOrders.orderId, orderId))
    .returning({ orderId: sandboxOrders.orderId });
  if (!row) throw new Error(`the sandbox has no order ${orderId}`);
}
