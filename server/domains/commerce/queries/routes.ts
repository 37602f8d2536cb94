import { currentUser, type Handlers, ok } from '../../../http';
import * as queries from './service';

export const queryHandlers: Handlers = {
  async addCustomerQuery(req, reply) {
    const data = await queries.raise(req.server.db, currentUser(req), req.body);
    reply.code(201);
    return ok(data, 'Your query was sent. We will answer it soon.');
  },

  async getCustomerQueries(req) {
    return ok(await queries.list(req.server.db, currentUser(req), req.query ?? {}));
  },

  async responseCustomerQuery(req) {
    const data = await queries.answer(req.server.db, currentUser(req), req.query.Id, req.body.QueryAns);
    return ok(data, 'The answer was sent to the customer.');
  },

  async deleteCustomerQuery(req) {
    return ok(await queries.remove(req.server.db, currentUser(req), req.query.Id), 'The query was deleted.');
  },
};
