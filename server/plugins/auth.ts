import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { type CurrentUser, HttpError, type RoleCode, unauthorized } from '../http';
import { findLiveSession } from './repo';

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
  }
  interface FastifyContextConfig {
    /** x-roles of the operation: 'public', 'any', or role codes. */
    roles?: string[];
    /** x-cache: shared — visitors may be answered from the response cache. */
    cacheable?: boolean;
    operationId?: string;
  }
}

const PASSWORD_CHANGE_ALLOWED = new Set(['me', 'logout', 'changePassword']);

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

const plausible = (token: string) => token.length >= 20 && token.length <= 200;

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h?.startsWith('Bearer ')) return null;
  const token = h.slice(7).trim();
  return plausible(token) ? token : null;
}

/** The browser's session cookie (decision 043): HttpOnly, so no script of a page can read the token. */
export const SESSION_COOKIE = 'doorstep_session';

/** The session token in a Cookie header, or null. */
export function sessionCookie(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const token = part.slice(eq + 1).trim();
    return plausible(token) ? token : null;
  }
  return null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function cookie(req: FastifyRequest, value: string, maxAgeSeconds: number) {
  const setting = req.server.config.sessionCookieSecure;
  const secure = setting === 'auto' ? !LOOPBACK.has(req.hostname) : setting;
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Gives the browser the session's cookie, living as long as the session. */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.header('set-cookie', cookie(req, token, Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000))));
}

/** Tells the browser to drop its session cookie. */
export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.header('set-cookie', cookie(req, '', 0));
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The operations that hand out a session: a page of another site must not sign a browser in (login CSRF). */
const SIGN_IN = new Set(['adminLogin', 'userLogin', 'customerSignup']);

/** Whether an Origin header names this site: PUBLIC_URL's origin when set, else the host the request came to. */
function ownOrigin(req: FastifyRequest, origin: string): boolean {
  const publicUrl = req.server.config.publicUrl;
  if (publicUrl) return origin === new URL(publicUrl).origin;
  try {
    return new URL(origin).host === req.host;
  } catch {
    return false;
  }
}

const crossSite = () =>
  new HttpError(403, 'Cross-site request refused', 'This change must be made from a Doorstep page.', [
    { field: 'origin', message: 'must be this site' },
  ]);

/**
 * A browser sends the cookie with every request to this site, including one a page of another site makes it send, so a
 * change that a cookie authorises must show it came from our own pages (decision 043): an Origin header naming this
 * site. (Its body is application/json, as every body is (plugins/input.ts): a page of another site cannot send that
 * without a CORS preflight, which this server never approves.) A bearer token needs no Origin: only a script that
 * holds it can send it.
 */
function crossSiteRefusal(req: FastifyRequest): HttpError | undefined {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.origin;
  if (!origin || !ownOrigin(req, origin)) return crossSite();
}

// Live sessions are remembered briefly so that every call does not query the database. Revocations in this
// process evict at once; another server process notices within SESSION_CACHE_MS.
const SESSION_CACHE_MS = 10_000;
const SESSION_CACHE_MAX = 10_000;
const sessionCache = new Map<string, { user: CurrentUser; until: number }>();

/** Forgets cached sessions of one user (after logout, password change or reset, deactivation). */
export function evictUserSessions(userId: number) {
  for (const [key, entry] of sessionCache) if (entry.user.id === userId) sessionCache.delete(key);
}

export async function findSession(db: Db, token: string): Promise<CurrentUser | null> {
  const key = hashToken(token);
  const now = Date.now();
  const hit = sessionCache.get(key);
  if (hit && hit.until > now) return hit.user;
  const user = await loadSession(db, key);
  if (user) {
    if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.clear();
    sessionCache.set(key, { user, until: Math.min(now + SESSION_CACHE_MS, user.expiresAt.getTime()) });
  } else {
    sessionCache.delete(key);
  }
  return user;
}

async function loadSession(db: Db, tokenHash: string): Promise<(CurrentUser & { expiresAt: Date }) | null> {
  const row = await findLiveSession(db, tokenHash);
  return row ? { ...row, role: row.role as RoleCode } : null;
}

/**
 * Enforces x-roles on every route before validation, so an anonymous caller gets 401 and a wrong role 403
 * whatever the body says. Routes without roles (static files, docs) are left alone.
 */
export default fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('user', null);
  /** The one-time-password and role rules, for a request whose user is known; an error refuses it. */
  const refusal = (req: FastifyRequest, roles: string[], hadToken: boolean): HttpError | undefined => {
    // A one-time password (first admin, new vendors) must be replaced before anything else is done.
    if (req.user?.mustChangePassword && !PASSWORD_CHANGE_ALLOWED.has(req.routeOptions.config?.operationId ?? '')) {
      return new HttpError(403, 'Password change required', 'Please change your one-time password first.');
    }
    if (roles.includes('public')) return;
    if (!req.user) return unauthorized(hadToken ? 'Your session has ended. Please sign in again.' : 'Please sign in.');
    if (roles.includes('any')) return;
    if (!roles.includes(req.user.role)) {
      return new HttpError(403, 'Not allowed for your role', 'Your role is not allowed to do this.');
    }
  };
  // Callback style: a visitor without a token (most reads) is decided without a promise or a tick.
  app.addHook('onRequest', (req, reply, done) => {
    const roles = req.routeOptions.config?.roles;
    if (!roles) return done();
    // A sign-in from another site's page is refused when the browser says so (an API client sends no Origin).
    const origin = req.headers.origin;
    if (origin && SIGN_IN.has(req.routeOptions.config?.operationId ?? '') && !ownOrigin(req, origin)) {
      return done(crossSite());
    }
    const fromHeader = bearer(req);
    const token = fromHeader ?? sessionCookie(req.headers.cookie);
    if (!token) {
      req.user = null;
      return done(refusal(req, roles, false));
    }
    const byCookie = fromHeader === null;
    findSession(opts.db, token).then((user) => {
      req.user = user;
      // A cookie whose session has ended is dropped, so the browser stops sending it.
      if (byCookie && !user) clearSessionCookie(req, reply);
      done((byCookie && user ? crossSiteRefusal(req) : undefined) ?? refusal(req, roles, true));
    }, done);
  });
});
