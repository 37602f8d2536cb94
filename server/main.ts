import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_ACCOUNTS, demoPassword, demoUserId, isEmpty, seedDemo } from './db/seed/demo';
import { seedDemoAttendance } from './db/seed/demo-attendance';
import { seedDemoCatalogue } from './db/seed/demo-catalogue';
import { seedDemoCoupons } from './db/seed/demo-coupons';
import { seedDemoDispatch } from './db/seed/demo-dispatch';
import { seedDemoFavourites } from './db/seed/demo-favourites';
import { seedDemoOrders } from './db/seed/demo-orders';
import { seedDemoPackages } from './db/seed/demo-packages';
import { seedDemoPayroll } from './db/seed/demo-payroll';
import { seedDemoProducts } from './db/seed/demo-products';
import { seedDemoProfessionals } from './db/seed/demo-professionals';
import { seedDemoQueries } from './db/seed/demo-queries';
import { seedDemoRecruitment } from './db/seed/demo-recruitment';
import { seedDemoReferrals } from './db/seed/demo-referrals';
import { seedDemoRequests } from './db/seed/demo-requests';
import { seedDemoSubscriptions } from './db/seed/demo-subscriptions';
import { seedDemoVendors } from './db/seed/demo-vendors';
import { seedReference } from './db/seed/reference';
import { startJobs } from './jobs';
import { registerLedgerMetrics } from './jobs/ledger-metrics';
import { trackAccepts } from './plugins/connections';
import { registerJobMetrics } from './plugins/operations';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// Under the migration lock: processes starting together migrate and seed once (decision 063).
await database.migrate(() => seedReference(database.db));

// Demo data only ever goes into the embedded database, and only when it is empty.
if (database.kind === 'pglite') {
  const password = demoPassword(config.dataDir, config.demoPassword);
  if (await isEmpty(database.db)) {
    await seedDemo(database.db, password);
    await seedDemoCatalogue(database.db, path.join(config.dataDir, 'uploads'));
    // The demo customer's orders in every state and other customers' ratings (after the addresses and wallets).
    await seedDemoOrders(database.db, {
      company: config.company,
      customerMobileNo: DEMO_ACCOUNTS.find((a) => a.role === 'Cust')!.mobileNo,
    });
    // An answered query about the demo customer's first completed line, and their welcome credit's notification.
    await seedDemoQueries(
      database.db,
      DEMO_ACCOUNTS.find((a) => a.role === 'Cust')!.mobileNo,
      DEMO_ACCOUNTS.find((a) => a.role === 'A')!.mobileNo,
    );
    // Demo data that points at the catalogue's services comes after it.
    await seedDemoFavourites(database.db, DEMO_ACCOUNTS.find((a) => a.role === 'Cust')!.mobileNo);
    // Professionals over the demo zones and services. After the demo orders: those were booked before dispatch existed
    // (slot capacity would refuse services no demo professional of the zone does); before the jobs that name them.
    await seedDemoProfessionals(database.db);
    // Jobs in every state over today and the coming days (many the demo technician's) and professionals' ratings.
    await seedDemoDispatch(database.db, { company: config.company });
    // Two home-page advertisements and a special package of demo services (decision 022).
    await seedDemoPackages(database.db, path.join(config.dataDir, 'uploads'));
    // Coupons in every state, made by the demo marketing user and decided by the demo admin.
    await seedDemoCoupons(database.db, {
      marketingMobileNo: DEMO_ACCOUNTS.find((a) => a.role === 'MR')!.mobileNo,
      adminMobileNo: DEMO_ACCOUNTS.find((a) => a.role === 'A')!.mobileNo,
      uploadsDir: path.join(config.dataDir, 'uploads'),
    });
    // The demo admin's referral cost and people who joined with the demo customer's code: one paid at their first
    // completed visit, one refused as a self-referral, one waiting (after the professionals and dispatch).
    await seedDemoReferrals(database.db, { company: config.company, password });
    // Two subscription plans with service discounts; the demo customer holds Home Care Silver, paid from the wallet.
    await seedDemoSubscriptions(database.db, {
      adminMobileNo: DEMO_ACCOUNTS.find((a) => a.role === 'A')!.mobileNo,
      customerMobileNo: DEMO_ACCOUNTS.find((a) => a.role === 'Cust')!.mobileNo,
      uploadsDir: path.join(config.dataDir, 'uploads'),
      company: config.company,
    });
    // The inventory (decisions 027 to 029): three vendors with professionals (after the professionals), the store's products
    // with their stock (received by the demo inventory manager), then the demo vendor's requests in every state.
    await seedDemoVendors(database.db);
    await seedDemoProducts(database.db, await demoUserId(database.db, 'IM'));
    await seedDemoRequests(database.db, { company: config.company });
    // Attendance (decision 033): two months for every professional, holidays (before the payroll locks a month).
    await seedDemoAttendance(database.db);
    // Payroll (decision 034): structures, the company float, the last full month paid (after professionals and attendance).
    await seedDemoPayroll(database.db);
    // Recruitment (decision 032): candidates at every step by the demo HR user, histories over two months (after professionals).
    await seedDemoRecruitment(database.db, path.join(config.dataDir, 'uploads'));
    console.log('Demo data created.');
  }
  console.log(`Demo accounts (admin@doorstep.test ... customer@doorstep.test) use the password: ${password}`);
}

const app = await buildApp(config, database);
// The job runner (decision 065): payment reconciliation, coupon expiry and salary runs.
const jobs = config.jobs ? await startJobs(app) : null;
if (jobs) {
  registerJobMetrics(app, async () =>
    (await jobs.counts()).flatMap(({ queue, ...byState }) =>
      Object.entries(byState).map(([state, count]) => ({ queue, state, count: Number(count) })),
    ),
  );
}
registerLedgerMetrics(app);

/**
 * Stopping (decision 063): /readyz turns 503; the listener closes once the connections already queued are taken
 * (plugins/connections.ts); requests in flight finish (a request arriving on an open connection meanwhile gets
 * Fastify's 503 with Connection: close), live streams end with a retry hint, the running job finishes or is handed
 * back, then the pool closes. Past SHUTDOWN_GRACE_MS the connections still open are cut.
 */
let stopping = false;
const accepts = trackAccepts(app.server, { quietMs: 50, maxMs: 300 });
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.operations.draining = true;
  app.log.info({ signal }, 'stopping: finishing the requests in flight');
  const deadline = setTimeout(() => {
    app.log.error(`requests still running after ${config.shutdownGraceMs} ms: closing their connections`);
    process.exitCode = 1;
    app.server.closeAllConnections();
  }, config.shutdownGraceMs);
  let reap: NodeJS.Timeout | undefined;
  try {
    await accepts.quiet();
    // Node's server.close() closes the connections idle at that moment only: a keep-alive connection whose request
    // finishes later would otherwise hold the close for its whole keep-alive timeout. Not before the queue is taken:
    // a connection not yet read counts as idle.
    reap = setInterval(() => app.server.closeIdleConnections(), 100);
    // The running job finishes, or goes back to the queue for another process, while requests drain.
    await Promise.all([jobs?.stop(), app.close()]);
    await database.close();
  } catch (err) {
    console.error('stopping failed', err);
    process.exitCode = 1;
  } finally {
    if (reap) clearInterval(reap);
    clearTimeout(deadline);
  }
  process.exit();
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
await app.listen({ port: config.port, host: config.host });
console.log(`Doorstep is running at http://localhost:${config.port} (API reference at /docs)`);
