import path from 'node:path';

/** Everything the server reads from the environment, in one place (documented in .env.example). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  demoPassword: string | null;
  sessionTtlHours: number;
  logLevel: string;
  /** Serve the built front end (off in tests that only need the API). */
  serveClient: boolean;
  /** Where the built front end is (default ./dist). */
  clientDir: string;
  rateLimits: boolean;
  /** The site's public origin (https://doorstep.example), for robots.txt and sitemap.xml; null: the request's. */
  publicUrl: string | null;
  /** Proxies whose X-Forwarded-For is believed: a hop count or addresses/CIDRs; false (the socket's address) by default. */
  trustProxy: false | number | string[];
}

/** TRUST_PROXY: empty or `false` trusts no proxy; a number is a hop count; otherwise comma-separated addresses. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true')
    throw new Error('TRUST_PROXY=true would let any client choose its address: give a hop count or the proxies');
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    demoPassword: env.DEMO_PASSWORD || null,
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 12),
    logLevel: env.LOG_LEVEL ?? 'info',
    serveClient: env.SERVE_CLIENT !== 'false',
    clientDir: path.resolve(env.CLIENT_DIR ?? path.join(import.meta.dirname, '..', 'dist')),
    rateLimits: env.RATE_LIMITS !== 'off',
    publicUrl: env.PUBLIC_URL || null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}
