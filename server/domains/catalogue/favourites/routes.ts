import { currentUser, type Handlers, ok } from '../../../http';
import { serviceOut } from '../catalogue/routes';
import * as favourites from './service';

// Money crosses the HTTP boundary here only: the service card's amounts in rupees.

export const favouriteHandlers: Handlers = {
  async toggleFavourite(req) {
    const { message, ...data } = await favourites.toggleFavourite(
      req.server.db,
      currentUser(req).id,
      req.body.ServiceId,
    );
    return ok(data, message);
  },

  async getUserFavourites(req) {
    const { Id, ...q } = req.query;
    const page = await favourites.pageFavourites(req.server.db, currentUser(req), Id, q);
    return ok({ ...page, items: page.items.map((f) => ({ ...f, service: serviceOut(f.service) })) });
  },
};
