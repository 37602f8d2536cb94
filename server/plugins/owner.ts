import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Operation } from '../contract';
import { type CurrentUser, forbidden } from '../http';
import { accountKey, isPartyRole } from '../roles';

/**
 * x-owner (decision 013): the parameter or body field that names the customer, vendor or professional an operation
 * acts for, and what it names them by. `mobile`: their mobile number; `userId`: their account id; `login`: their
 * mobile number or e-mail.
 */
export interface OwnerRule {
  in: 'body' | 'query' | 'path';
  name: string;
  is: 'mobile' | 'userId' | 'login';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    owner?: OwnerRule;
  }
}

export function ownerRuleOf(op: Operation): OwnerRule | undefined {
  const rule = op.spec['x-owner'] as OwnerRule | undefined;
  if (!rule) return undefined;
  if (!['body', 'query', 'path'].includes(rule.in) || !rule.name || !['mobile', 'userId', 'login'].includes(rule.is)) {
    throw new Error(`${op.operationId}: x-owner must be { in: body|query|path, name, is: mobile|userId|login }`);
  }
  return rule;
}

function ownerValue(req: FastifyRequest, rule: OwnerRule): unknown {
  const part = rule.in === 'body' ? req.body : rule.in === 'query' ? req.query : req.params;
  return part && typeof part === 'object' ? (part as Record<string, unknown>)[rule.name] : undefined;
}

/** True when the value names the caller. */
export function namesCaller(user: CurrentUser, rule: OwnerRule, value: unknown): boolean {
  if (rule.is === 'userId') return Number(value) === user.id;
  const key = accountKey(value);
  const own = [user.mobileNo, user.phone].filter(Boolean).map(accountKey);
  if (rule.is === 'login' && user.email) own.push(accountKey(user.email));
  return own.includes(key);
}

/**
 * One check for every operation that names a party: a customer, vendor or professional may act only for
 * themselves; the staff roles the operation lists in x-roles may act for anyone. Runs after validation, so the
 * value has its contract type. An omitted optional owner field means the caller (the service fills it in).
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', (req, _reply, done) => {
      const rule = req.routeOptions.config?.owner;
      const user = req.user;
      if (!rule || !user || !isPartyRole(user.role)) return done();
      const value = ownerValue(req, rule);
      if (value === undefined || value === null || value === '') return done();
      if (namesCaller(user, rule, value)) return done();
      done(forbidden(`${rule.name} must be your own: you can only act for your own account.`));
    });
  },
  { name: 'owner' },
);
