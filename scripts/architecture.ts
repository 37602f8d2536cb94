// `npm run arch` writes the domain graph into docs/architecture.md from dependency-cruiser's own output;
// `npm run arch -- --check` (run by `npm run check`) fails when the committed graph is stale.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const doc = path.join(root, 'docs/architecture.md');
const START = '<!-- domain-graph:start (npm run arch writes this part) -->';
const END = '<!-- domain-graph:end -->';

const mermaid = execFileSync(
  path.join(root, 'node_modules/.bin/depcruise'),
  [
    'server/domains',
    '--config',
    '.dependency-cruiser.cjs',
    '--include-only',
    '^server/domains',
    '--collapse',
    '^server/domains/[^/]+',
    '--output-type',
    'mermaid',
  ],
  { cwd: root, encoding: 'utf8' },
).trim();

const graph = `${START}\n\n\`\`\`mermaid\n${mermaid}\n\`\`\`\n\n${END}`;
const text = fs.readFileSync(doc, 'utf8');
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from < 0 || to < 0) throw new Error(`docs/architecture.md lacks the markers ${START} … ${END}`);
const next = text.slice(0, from) + graph + text.slice(to + END.length);

if (process.argv.includes('--check')) {
  if (next !== text) {
    console.error('docs/architecture.md: the domain graph is stale. Run `npm run arch` and commit the result.');
    process.exit(1);
  }
  console.log('docs/architecture.md: the domain graph is current.');
} else if (next !== text) {
  fs.writeFileSync(doc, next);
  console.log('docs/architecture.md: domain graph written.');
}
