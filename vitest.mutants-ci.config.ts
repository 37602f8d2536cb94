import { defineConfig } from 'vitest/config';

/**
 * The CI subset of the mutation tests (stryker.ci.config.mjs, decision 042): the money module's own test file. A
 * config of its own rather than Stryker's `testFiles`, which in 10.1 runs no test for a mutant of a module constant
 * (it hands the test runner file names where test names are expected), so those mutants "survive".
 */
export default defineConfig({
  test: {
    include: ['tests/unit/money.test.ts'],
    environment: 'node',
  },
});
