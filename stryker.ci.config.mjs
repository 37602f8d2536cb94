// The fast subset of the mutation tests for CI (decision 042): `npm run test:mutants:ci`. Rupees and paise, the
// half-up rounding and the price breakdown, against their own test file only: its mutants must die there.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { configFile: 'vitest.mutants-ci.config.ts' },
  mutate: ['server/money.ts'],
  // The sandbox needs the module and its test: the screens, the API and browser tests and the docs stay out.
  ignorePatterns: ['/src', '/docs', '/bench', '/public', '/scripts', '/tests/api', '/tests/e2e', '/openapi.yaml'],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation-ci/mutation.json' },
};
