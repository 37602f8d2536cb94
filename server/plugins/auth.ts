import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h?.startsWith('Bearer ')) return null;
  const token = h.slice(7).trim();
  return token.length >= 20 && token.length <= 200 ? token : null;
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
  app.addHook('onRequest', (req, _reply, done) => {
    const roles = req.routeOptions.config?.roles;
    if (!roles) return done();
    const token = bearer(req);
    if (!token) {
      req.user = null;
      return done(refusal(req, roles, false));
    }
    findSession(opts.db, token).then((user) => {
      req.user = user;
      done(refusal(req, roles, true));
    }, done);
  });
});
