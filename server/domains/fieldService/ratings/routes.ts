import { currentUser, type Handlers, ok } from '../../../http';
import * as ratings from './service';

export const ratingHandlers: Handlers = {
  async getRatingDetails(req) {
    return ok(await ratings.list(req.server.db, currentUser(req), req.query ?? {}));
  },

  async getFeedbackRatings(req) {
    return ok(await ratings.feedback(req.server.db, req.query));
  },

  async hideReview(req) {
    const data = await ratings.hide(req.server.db, currentUser(req), req.query.Id, req.body.Reason);
    // The service page's reviews are a cached public read: drop the cached copies.
    req.server.responseCache.bump();
    return ok(data, 'The review is hidden from the service page.');
  },

  async unhideReview(req) {
    const data = await ratings.unhide(req.server.db, currentUser(req), req.query.Id, req.body?.Remark);
    req.server.responseCache.bump();
    return ok(data, 'The review shows on the service page again.');
  },
};
