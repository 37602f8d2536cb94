// Runs before every API and end-to-end test file (vitest.config.ts setupFiles): the file's first server then resets
// the worker's database to the template (decision 041).
import { testFileStarted } from './server';

testFileStarted();
