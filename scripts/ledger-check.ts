// `npm run ledger:check`: verifies the ledger's invariants on the configured database (DATABASE_URL, else the
// embedded one under DATA_DIR) and exits non-zero on any breach (decision 013).
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { checkLedger } from '../server/domains/money/wallets/service';
import { stockCheck } from '../server/domains/supply/products/service';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const report = await checkLedger(database.db);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
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
