// `npm run test:paths`: QA's report. Prints, per machine, its states, transitions, generated paths and their coverage,
// then runs only the model-based tests and exits with vitest's code. `--report-only` prints the report alone; other
// arguments go to vitest.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { formatPathReport, MODEL_TEST_FILES, pathReport } from '../tests/support/machine-paths';

const args = process.argv.slice(2);
const reports = pathReport();
console.log(formatPathReport(reports));
const short = reports.filter((r) => r.statePercent < 100 || r.transitionPercent < 100);
if (short.length) console.error(`\nBelow 100%: ${short.map((r) => r.name).join(', ')}`);
if (args.includes('--report-only')) process.exit(short.length ? 1 : 0);

const files = fs
  .readdirSync('tests', { recursive: true, encoding: 'utf8' })
  .map((f) => path.posix.join('tests', f.split(path.sep).join('/')))
  .filter((f) => MODEL_TEST_FILES.some((re) => re.test(f)))
  .sort();
console.log(`\nRunning the model-based tests:\n  ${files.join('\n  ')}\n`);
const vitest = spawnSync(path.resolve('node_modules/.bin/vitest'), ['run', ...files, ...args], { stdio: 'inherit' });
process.exit(short.length ? 1 : (vitest.status ?? 1));
