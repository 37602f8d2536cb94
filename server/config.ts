import path from 'node:path';
import { canonicalStateName, gstinProblem, gstStateCode } from './shared/gstin';

/** Everything the server reads from the environment, in one place (documented in .env.example). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  demoPassword: string | null;
  sessionTtlHours: number;
  /** The session cookie's Secure attribute: 'auto' sets it unless the request came to a loopback host (decision 043). */
  sessionCookieSecure: boolean | 'auto';
  logLevel: string;
  /** Serve the built front end (off in tests that only need the API). */
  serveClient: boolean;
  /** Where the built front end is (default ./dist). */
  clientDir: string;
  rateLimits: boolean;
  /** Where the rate limits count when several processes serve the site (decision 039); null: in this process. */
  redisUrl: string | null;
  /** Whether server/main.ts starts this process's job runner (decision 065); JOBS=off leaves it to other processes. */
  jobs: boolean;
  /** The site's public origin (https://doorstep.example), for robots.txt and sitemap.xml; null: the request's. */
  publicUrl: string | null;
  /** Proxies whose X-Forwarded-For is believed: a hop count or addresses/CIDRs; false (the socket's address) by default. */
  trustProxy: false | number | string[];
  payments: PaymentsConfig;
  company: CompanyConfig;
  /** METRICS_TOKEN: the bearer token /metrics asks for; null (unset) leaves /metrics off (decision 062). */
  metricsToken: string | null;
  overload: OverloadConfig;
  /** SHUTDOWN_GRACE_MS: how long a stopping process lets requests in flight finish (decision 063). */
  shutdownGraceMs: number;
}

/** When the server sheds load with 503 and Retry-After (decision 062); 0 switches a check off. */
export interface OverloadConfig {
  /** OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: the event loop's mean delay over one sample. */
  maxEventLoopDelayMs: number;
  /** OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: the share of one sample the event loop was busy (0 to 1). */
  maxEventLoopUtilization: number;
  retryAfterSeconds: number;
  /** How often the load is sampled. */
  sampleIntervalMs: number;
}

/** The supplier on every tax invoice (CGST Rule 46) and the state that decides CGST + SGST or IGST. */
export interface CompanyConfig {
  legalName: string;
  address: string;
  /** A state name of the states table, spelled as there ('Karnataka'). */
  state: string;
  /** Its GST state code ('29'), the first two digits of the GSTIN. */
  stateCode: string;
  gstin: string;
}

/** The supplier's block of every tax invoice (an order's, a plan's, a product request's). */
export const invoiceSupplier = (c: CompanyConfig) => ({
  legalName: c.legalName,
  address: c.address,
  state: c.state,
  stateCode: c.stateCode,
  gstin: c.gstin,
});

/**
 * The tax on a subscription plan sold (decision 054): its price includes GST at this rate, under SAC 999799 (other
 * services n.e.c.: a prepaid entitlement to discounts, not itself a cleaning or repair service).
 */
export const PLAN_TAX = { sacCode: '999799', gstRate: 18 } as const;

/** The embedded default: a demo company in Karnataka with a well-formed demo GSTIN (not a real registration). */
const DEMO_COMPANY = {
  legalName: 'Doorstep Home Services Private Limited',
  address: '4th Floor, 80 Feet Road, Koramangala, Bengaluru 560034',
  state: 'Karnataka',
  gstin: '29AAFCD1234K1ZN',
};

export function loadCompany(env: NodeJS.ProcessEnv): CompanyConfig {
  const stateText = env.COMPANY_STATE?.trim() || DEMO_COMPANY.state;
  const state = canonicalStateName(stateText);
  if (!state) throw new Error(`COMPANY_STATE must be a state or union territory of India, not ${stateText}`);
  const gstin = (env.COMPANY_GSTIN?.trim() || DEMO_COMPANY.gstin).toUpperCase();
  const problem = gstinProblem(gstin, state);
  if (problem) throw new Error(`COMPANY_GSTIN ${gstin} ${problem}`);
  return {
    legalName: env.COMPANY_LEGAL_NAME?.trim() || DEMO_COMPANY.legalName,
    address: env.COMPANY_ADDRESS?.trim() || DEMO_COMPANY.address,
    state,
    stateCode: gstStateCode(state)!,
    gstin,
  };
}

/** Payment providers and wallet limits (decision 013). Keys come only from the environment. */
export interface PaymentsConfig {
  /** Cashfree PG: used for mode CF when both are set. */
  cashfree: { appId: string; secretKey: string; baseUrl: string; apiVersion: string } | null;
  /** Razorpay: used for mode RP when both are set. */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; baseUrl: string } | null;
  /**
   * Whether the built-in sandbox takes payments. Anyone who knows an order id can press its Pay button, so by default
   * it is on only while no real provider is configured (PAYMENT_SANDBOX=on|off overrides).
   */
  sandbox: boolean;
  /** Wallet limits in paise: the largest single top-up and the largest balance a wallet may hold. */
  maxTopUpPaise: number;
  maxWalletBalancePaise: number;
  /** Open payment intents older than this are re-verified and then expired by the reconciliation job. */
  intentTtlMinutes: number;
}

const rupeesToPaise = (value: string | undefined, fallbackRupees: number) => {
  const n = Number(value ?? fallbackRupees);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`A wallet limit must be a positive number of rupees, not ${value}`);
  return Math.round(n * 100);
};

/** A payment provider is on when both its credentials are set; `settings` completes its configuration. */
const provider = <T>(
  id: string | undefined,
  secret: string | undefined,
  settings: (id: string, secret: string) => T,
) => (id && secret ? settings(id, secret) : null);

export function loadPayments(env: NodeJS.ProcessEnv): PaymentsConfig {
  const cashfree = provider(env.CASHFREE_APP_ID, env.CASHFREE_SECRET_KEY, (appId, secretKey) => ({
    appId,
    secretKey,
    baseUrl: env.CASHFREE_BASE_URL || 'https://sandbox.cashfree.com/pg',
    apiVersion: env.CASHFREE_API_VERSION || '2023-08-01',
  }));
  const razorpay = provider(env.RAZORPAY_KEY_ID, env.RAZORPAY_KEY_SECRET, (keyId, keySecret) => ({
    keyId,
    keySecret,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET || '',
    baseUrl: env.RAZORPAY_BASE_URL || 'https://api.razorpay.com/v1',
  }));
  return {
    cashfree,
    razorpay,
    sandbox: env.PAYMENT_SANDBOX === 'on' || (env.PAYMENT_SANDBOX !== 'off' && !cashfree && !razorpay),
    maxTopUpPaise: rupeesToPaise(env.WALLET_MAX_TOPUP, 50_000),
    maxWalletBalancePaise: rupeesToPaise(env.WALLET_MAX_BALANCE, 200_000),
    intentTtlMinutes: Number(env.PAYMENT_INTENT_TTL_MINUTES ?? 30),
  };
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

function parseCookieSecure(v: string | undefined): boolean | 'auto' {
  if (!v || v === 'auto') return 'auto';
  if (v === 'on' || v === 'off') return v === 'on';
  throw new Error(`SESSION_COOKIE_SECURE must be auto, on or off, not ${v}`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    demoPassword: env.DEMO_PASSWORD || null,
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 12),
    sessionCookieSecure: parseCookieSecure(env.SESSION_COOKIE_SECURE),
    logLevel: env.LOG_LEVEL ?? 'info',
    serveClient: env.SERVE_CLIENT !== 'false',
    clientDir: path.resolve(env.CLIENT_DIR ?? path.join(import.meta.dirname, '..', 'dist')),
    rateLimits: env.RATE_LIMITS !== 'off',
    redisUrl: env.REDIS_URL || null,
    jobs: env.JOBS !== 'off',
    publicUrl: env.PUBLIC_URL || null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    payments: loadPayments(env),
    company: loadCompany(env),
    metricsToken: env.METRICS_TOKEN || null,
    overload: {
      maxEventLoopDelayMs: Number(env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ?? 1000),
      maxEventLoopUtilization: Number(env.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION ?? 0),
      retryAfterSeconds: 5,
      sampleIntervalMs: 1000,
    },
    shutdownGraceMs: Number(env.SHUTDOWN_GRACE_MS ?? 20_000),
  };
}
