import { currentUser, forbidden, type Handlers, ok } from '../http';
import { catalogue } from './catalogue';
import { tips } from './commerce';
import { professionals } from './fieldService';
import { homeScreenAds, subscriptions } from './marketing';
import { geo } from './platform';
import { products, vendors } from './supply';

/**
 * DeReActivateAll (toggleActive) switches a record of any kind on or off, so it sits above every domain and calls each
 * through its door (docs/architecture.md).
 */
export const switchHandlers: Handlers = {
  async toggleActive(req) {
    const user = currentUser(req);
    const actor = user.id;
    const { action1, id } = req.query;
    // The inventory manager runs the product store: of the toggles, only the Product one is theirs.
    if (user.role === 'IM' && action1 !== 'Product') throw forbidden('The inventory manager can switch only products.');
    const data =
      action1 === 'Zone'
        ? await geo.toggleZone(req.server.db, id, actor)
        : action1 === 'Tip'
          ? await tips.toggleTip(req.server.db, id, actor)
          : action1 === 'Professional'
            ? await professionals.toggle(req.server.db, id, actor)
            : action1 === 'HomeScreenAdvs'
              ? await homeScreenAds.toggle(req.server.db, id, actor)
              : action1 === 'Subscription'
                ? await subscriptions.togglePlan(req.server.db, id, actor)
                : action1 === 'SubscriptionService'
                  ? await subscriptions.toggleDiscount(req.server.db, id, actor)
                  : action1 === 'Product'
                    ? await products.toggle(req.server.db, id, actor)
                    : action1 === 'Vendor'
                      ? await vendors.toggle(req.server.db, id, actor)
                      : await catalogue.toggle(req.server.db, action1, id, actor);
    return ok(data, data.active ? 'Activated.' : 'Deactivated.');
  },
};
