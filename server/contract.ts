import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  roles: string[];
  /** `x-cache: shared`: the reply is the same for every visitor and may be served from the response cache. */
  cache: boolean;
  tags: string[];
  spec: Record<string, unknown>;
}

let parsed: { text: string; contract: ReturnType<typeof parseContract> } | undefined;

/**
 * openapi.yaml parsed: the single source for routes, validation, roles and /docs. The parse is kept while the file
 * reads the same (test files build an app each in one process, decision 010); callers only read what it returns.
 */
export function loadContract() {
  const text = fs.readFileSync(path.join(root, 'openapi.yaml'), 'utf8');
  if (parsed?.text !== text) parsed = { text, contract: parseContract(text) };
  return parsed.contract;
}

function parseContract(text: string) {
  const document = parse(text) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const operations: Operation[] = [];
  for (const [p, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (method === 'parameters') continue;
      operations.push({
        operationId: op.operationId as string,
        method: method.toUpperCase(),
        path: p,
        roles: (op['x-roles'] as string[]) ?? [],
        cache: op['x-cache'] === 'shared',
        tags: (op.tags as string[]) ?? [],
        spec: op,
      });
    }
  }
  return { document, operations };
}
