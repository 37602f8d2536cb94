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
  };
}
