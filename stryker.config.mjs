// Mutation tests of the pure money and rule modules (decision 042): `npm run test:mutants`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutants.config.ts' },
  coverageAnalysis: 'perTest',
  // The machine is shared: two test runners at most.
  concurrency: 2,
  mutate: [
    'server/money.ts',
    // The quote: discounts, GST and its CGST/SGST/IGST split, totals and the wallet.
    'server/domains/commerce/orders/quote.ts',
    'server/domains/commerce/orders/promotions.ts',
    // Cancellation fees and refunds, the reschedule window, the customer's actions.
    'server/domains/commerce/orderLines/rules.ts',
    'server/domains/people/payroll/calc.ts',
    'server/domains/people/payroll/statutory.ts',
    // The machines' transitions and guards, not their label tables.
    'src/machines/coupon/coupon.machine.ts:43-45',
    'src/machines/coupon/coupon.machine.ts:69-112',
    'src/machines/orderLine/orderLine.machine.ts:92-149',
  ],
  // The sandbox copy leaves out what no unit test reads.
  ignorePatterns: ['/docs', '/bench', '/public', '/tests/api', '/tests/e2e'],
  // `npm run test:mutants -- --incremental` keeps results here and retests only mutants whose code or tests changed.
  // Off by default: a mutant evaluated once at import (a table entry, a module constant) keeps its old result when
  // only a new test would kill it, so the score can read low until a full run.
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: 80 },
};
