import { configDefaults, defineConfig } from 'vitest/config';
import EndToEndLast from './tests/support/sequencer';

const onPostgres = !!process.env.DATABASE_URL;
// Every API and end-to-end file copies one migrated, seeded template (decision 010) built here once per run.
const templateSetup = 'tests/support/global-setup.ts';
// Tells the worker a new file began: its first server resets the worker's database (decision 041).
const perFile = ['tests/support/per-file.ts'];
/** The API files that also run on PostgreSQL when DATABASE_URL is set (decision 031). */
const POSTGRES_FILES = [
  'tests/api/*-concurrency.test.ts',
  'tests/api/*.model.test.ts',
  'tests/api/*-two-processes.test.ts',
  'tests/api/workflow.test.ts',
  'tests/api/imports.test.ts',
  'tests/api/role-matrix.test.ts',
  'tests/api/bad-input.test.ts',
  'tests/api/named-statements.test.ts',
  'tests/api/postgres-pool.test.ts',
  // Operating (decisions 062 to 064): metrics of the pool, stopping under load, restoring a dump.
  'tests/api/operations.test.ts',
  'tests/api/shutdown.test.ts',
  'tests/api/backup-postgres.test.ts',
  // Money: the ledger, payments and the orders and requests they pay for.
  'tests/api/wallets.test.ts',
  'tests/api/payments.test.ts',
  'tests/api/orders.test.ts',
  'tests/api/order-lines.test.ts',
  'tests/api/refund-to-source.test.ts',
  'tests/api/product-requests.test.ts',
  'tests/api/gst-heads.test.ts',
  'tests/api/subscription-invoices.test.ts',
  // The GST returns against the ledger's heads (decision 058).
  'tests/api/gst-returns.test.ts',
  // The sales and purchase reports against the ledger (decision 057).
  'tests/api/sales-reports.test.ts',
  'tests/api/products.test.ts',
  'tests/api/vendors.test.ts',
  // Issue 13: payroll moves money; recruitment and attendance meet PostgreSQL through their model and concurrency
  // files and the role-matrix and bad-input walks.
  'tests/api/payroll.test.ts',
  // The books and profit per professional reconcile with the ledger and the documents (decisions 059 and 060).
  'tests/api/books.test.ts',
  // Statutory dues are paid from the company wallet (decision 056).
  'tests/api/statutory-dues.test.ts',
  // The job runner: two runners on one PostgreSQL fire a schedule once (decision 065).
  'tests/api/jobs-two-runners.test.ts',
];

export default defineConfig({
  test: {
    // The slowest files are printed at the end of every run, CI included.
    reporters: ['default', './tests/support/slowest-files.ts'],
    // The end-to-end files start last: their front end is built meanwhile (tests/e2e/global-setup.ts).
    sequence: { sequencer: EndToEndLast },
    // Vitest's default is one worker fewer than the cores: one worker on this 2-core machine, which ran every file
    // one after another (CI neared its 15 minutes). Two files run at once, of any project: an end-to-end file mostly
    // waits on its browser, so it shares the machine well with an API file.
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // With PostgreSQL at hand, its files run there only (decision 031): each API file runs once per run.
          exclude: [...configDefaults.exclude, ...(onPostgres ? POSTGRES_FILES : [])],
          env: { TEST_DB: 'pglite' },
          globalSetup: [templateSetup],
          setupFiles: perFile,
          // Files share a worker's imported modules (the server, PGlite) instead of importing them again; each
          // file still gets its own database copy and server, so no data is shared.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                // PGlite is PostgreSQL's own engine run one transaction at a time, so PostgreSQL adds what PGlite
                // cannot show: races, row locks and money (decision 031). Every operation still meets PostgreSQL
                // through the role matrix and the bad-input walk; the fuzz tests only the HTTP layer.
                include: POSTGRES_FILES,
                env: { TEST_DB: 'postgres' },
                globalSetup: [templateSetup],
                setupFiles: perFile,
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // On PostgreSQL when it is at hand, as in production: the database then works in its own processes, not
          // in the test worker's beside the browser driver (10% less worker time; decision 031).
          env: { TEST_DB: onPostgres ? 'postgres' : 'pglite' },
          globalSetup: [templateSetup, 'tests/e2e/global-setup.ts'],
          // A failed test prints what its pages showed and were waiting for (tests/support/e2e-failures.ts).
          setupFiles: [...perFile, 'tests/support/e2e-failures.ts'],
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits up to 20 s (vitest's default is 1 s) for a page to reach the state a test names: the
          // same states are required, with room for a busy machine or concurrent tests (a page's lazy chunk and data
          // took over 5 s once on a 2-core CI machine running two browser files and the API files at once, and a
          // list's refetch over 10 s in a slow spell of the shared machine).
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
