import { currentUser, done, type Handlers, ok } from '../../../http';
import { cachedReply } from '../../../plugins/cache';
import { isAdmin } from '../../../roles';
import * as banners from './service';

export const bannerHandlers: Handlers = {
  async addBanner(req, reply) {
    const data = await banners.addBanner(req.server.db, req.server.storage, req.body);
    reply.code(201);
    return ok(data, 'Banner added.');
  },

  getAllBanners: (req, reply) => {
    const admin = isAdmin(req.user);
    return cachedReply(req, reply, !admin, async () =>
      ok(
        await banners.pageBanners(req.server.db, req.query, {
          admin,
          status: admin ? (req.query.status ?? 'active') : 'active',
        }),
      ),
    );
  },

  async deleteBanner(req) {
    await banners.deleteBanner(req.server.db, req.server.storage, req.query.id);
    return done('Banner deleted.');
  },

  async changeBannerStatus(req) {
    const data = await banners.setBannerStatus(req.server.db, req.query.id, req.query.status, currentUser(req).id);
    return ok(data, data.status ? 'Banner shown.' : 'Banner hidden.');
  },
};
