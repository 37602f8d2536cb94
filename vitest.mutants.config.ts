import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The unit tests alone, for the mutation tests (stryker.config.mjs, decision 042): no server, database template or
 * browser, so each mutant's tests start in milliseconds. The same files as the `unit` project of vitest.config.ts,
 * less the one that opens a database (PGlite): no mutated module is read through it, and its setup timed out with
 * two test runners busy on this 2-core machine.
 */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'tests/unit/read-together.test.ts'],
    environment: 'node',
  },
});
