// Fails when src/api/schema.gen.ts or operations.gen.ts is not what `npm run api:generate` makes from openapi.yaml.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OPERATIONS_FILE, operationsModule } from './generate-operations';

const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'api-check-')), 'schema.gen.ts');
const bin = path.resolve('node_modules/.bin');
execFileSync(path.join(bin, 'openapi-typescript'), ['openapi.yaml', '-o', tmp], { stdio: 'pipe' });
const fresh = fs.readFileSync(tmp, 'utf8');
const committed = fs.existsSync('src/api/schema.gen.ts') ? fs.readFileSync('src/api/schema.gen.ts', 'utf8') : '';
if (fresh !== committed) {
  console.error('src/api/schema.gen.ts is stale: run `npm run api:generate` and commit the result.');
  process.exit(1);
}
const operations = operationsModule(fs.readFileSync('openapi.yaml', 'utf8'));
if (operations !== (fs.existsSync(OPERATIONS_FILE) ? fs.readFileSync(OPERATIONS_FILE, 'utf8') : '')) {
  console.error(`${OPERATIONS_FILE} is stale: run \`npm run api:generate\` and commit the result.`);
  process.exit(1);
}
console.log('API types and operations are up to date with openapi.yaml.');
