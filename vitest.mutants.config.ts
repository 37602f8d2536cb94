import { defineConfig } from 'vitest/config';

/**
 * The unit tests alone, for the mutation tests (stryker.config.mjs, decision 042): no server, database template or
 * browser, so each mutant's tests start in milliseconds. The same files as the `unit` project of vitest.config.ts.
 */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
  },
});
