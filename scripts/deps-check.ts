// `npm run deps:check` (decision 064): `npm outdated`, failing when a runtime dependency is a major version behind
// without a decision recording why. The registry's advisory endpoint does not answer here, so currency is the check.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { heldBack, type Outdated, unexplainedMajors } from './deps-rules';

const root = path.resolve(import.meta.dirname, '..');
// npm outdated exits 1 whenever anything is outdated: its JSON is the answer either way.
const run = spawnSync('npm', ['outdated', '--json'], { cwd: root, encoding: 'utf8' });
if (run.error || (run.status !== 0 && run.status !== 1) || !run.stdout.trim().startsWith('{')) {
  console.error(`npm outdated failed: ${run.error ?? run.stderr}`);
  process.exit(2);
}
const outdated = JSON.parse(run.stdout) as Record<string, Outdated>;
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const decisionsDir = path.join(root, 'docs/decisions');
const decisions = fs.readdirSync(decisionsDir).map((f) => fs.readFileSync(path.join(decisionsDir, f), 'utf8'));
const held = heldBack(decisions);

for (const [name, o] of Object.entries(outdated)) {
  const note = held.has(name) ? ` (held at ${held.get(name)} by a decision)` : '';
  console.log(`${name.padEnd(36)} ${String(o.current ?? '-').padEnd(12)} ${o.wanted.padEnd(12)} ${o.latest}${note}`);
}
const bad = unexplainedMajors(outdated, Object.keys(pkg.dependencies), held);
if (bad.length) {
  console.error(
    `\nA major version behind, with no reason recorded (add "- \`name\` held at N: why" to a decision):\n  ${bad.join('\n  ')}`,
  );
  process.exit(1);
}
console.log('\nNo runtime dependency is a major version behind without a recorded reason.');
