// `npm run ledger:check`: verifies the ledger's invariants on the configured database (DATABASE_URL, else the
// embedded one under DATA_DIR) and exits non-zero on any breach (decision 013).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { rawRows } from '../server/db/rows';
import { checkLedger } from '../server/domains/money/wallets/service';
import { stockCheck } from '../server/domains/supply/products/service';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
try {
  // A database never migrated has no ledger to check: say so, rather than fail on the first missing table.
  const [ledger] = await rawRows(database.db, sql`select to_regclass('public.ledger_entries') is not null as made`, {
    made: 'bool',
  });
  if (!ledger?.made) {
    console.error(`No ledger yet in ${where}: run npm run db:migrate (npm start migrates too), then check again.`);
    process.exit(2);
  }
  const report = await checkLedger(database.db);
  const c = report.counts;
  console.log(
    `Ledger check on ${where}: ${c.accounts} accounts, ${c.transfers} transfers, ${c.entries} entries, ${c.intents} payment intents`,
  );
  for (const check of report.checks) {
    console.log(`${check.breaches.length ? 'FAIL' : 'ok  '}  ${check.rule}`);
    for (const b of check.breaches) console.log(`        ${JSON.stringify(b)}`);
  }
  // The stock ledger (decision 028): each product's cached stock is the sum of its movements.
  const stock = await stockCheck(database.db);
  for (const check of stock.checks) {
    console.log(`${check.breaches.length ? 'FAIL' : 'ok  '}  ${check.rule}`);
    for (const b of check.breaches) console.log(`        ${JSON.stringify(b)}`);
  }
  const ok = report.ok && stock.ok;
  console.log(ok ? 'Every invariant holds.' : 'The ledger breaks an invariant: see FAIL above.');
  process.exitCode = ok ? 0 : 1;
} finally {
  await database.close();
}
