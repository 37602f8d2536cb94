import type { Handlers } from '../../../http';
import { ok } from '../../../http';
import { setSessionCookie } from '../../../plugins/auth';
import * as customers from './service';

export const customerHandlers: Handlers = {
  async customerSignup(req, reply) {
    const data = await customers.signupAndSignIn(
      req.server.db,
      req.body,
      { ip: req.ip, device: 'Web' },
      req.server.config.sessionTtlHours,
    );
    setSessionCookie(req, reply, data.Token, new Date(data.ExpiresAt));
    reply.code(201);
    return ok(data, 'Your account is ready, and you are signed in.');
  },
};
