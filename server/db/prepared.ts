import type pg from 'pg';

/**
 * Named (prepared) statements for the queries this process sends again and again (decision 035). PostgreSQL then
 * parses and analyses each once per connection instead of on every call, and may keep its plan; node-postgres sends
 * only Bind and Execute for it after the first time.
 *
 * A text becomes a named statement the second time it is seen, so one-off texts never take a slot; at most
 * `MAX_NAMED` texts are named per process (each is kept by every pooled connection that runs it), and a text past
 * that runs unnamed as before.
 */
export const MAX_NAMED = 1000;
const MAX_SEEN = 5000;

const named = new Map<string, string>();
const seenOnce = new Set<string>();

/** The statement name for this text, or undefined to run it unnamed. */
export function statementName(text: string): string | undefined {
  const name = named.get(text);
  if (name !== undefined) return name;
  if (named.size >= MAX_NAMED) return undefined;
  if (!seenOnce.has(text)) {
    if (seenOnce.size >= MAX_SEEN) seenOnce.clear();
    seenOnce.add(text);
    return undefined;
  }
  seenOnce.delete(text);
  const fresh = `d${named.size}`;
  named.set(text, fresh);
  return fresh;
}

type QueryConfig = { text?: unknown; name?: string; values?: unknown };

/** Makes a pooled client name the statements it runs (see statementName); called once per new connection. */
export function nameStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && !('submit' in config)) {
      const c = config as QueryConfig;
      const values = rest[0] ?? c.values;
      // Only parameterised statements: a text with no parameters may hold several statements (simple protocol).
      if (c.name === undefined && typeof c.text === 'string' && Array.isArray(values) && values.length > 0) {
        const name = statementName(c.text);
        if (name !== undefined) c.name = name;
      }
    }
    return query(config, ...rest);
  };
}
