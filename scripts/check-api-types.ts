// Fails when src/api/schema.gen.ts or operations.gen.ts is not what `npm run api:generate` makes from openapi.yaml.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { operationsModule } from './generate-operations';

const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'api-check-')), 'schema.gen.ts');
const bin = path.resolve('node_modules/.bin');
execFileSync(path.join(bin, 'openapi-typescript'), ['openapi.yaml', '-o', tmp], { stdio: 'pipe' });
const fresh = fs.readFileSync(tmp, 'utf8');
const committed = fs.existsSync('src/api/schema.gen.ts') ? fs.readFileSync('src/api/schema.gen.ts', 'utf8') : '';
if (fresh !== committed) {
  console.error('src/api/schema.gen.ts is stale: run `npm run api:generate` and commit the result.');
  process.exit(1);
}
for (const [file, text] of Object.entries(operationsModule(fs.readFileSync('openapi.yaml', 'utf8')))) {
  if (text !== (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '')) {
    console.error(`${file} is stale: run \`npm run api:generate\` and commit the result.`);
    process.exit(1);
  }
}
console.log('API types and operations are up to date with openapi.yaml.');
