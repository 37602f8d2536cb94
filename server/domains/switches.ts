import type { Db } from '../db/client';
import { currentUser, forbidden, type Handlers, type OpRequest, ok } from '../http';
import { catalogue } from './catalogue';
import { tips } from './commerce';
import { professionals } from './fieldService';
import { homeScreenAds, subscriptions } from './marketing';
import { geo } from './platform';
import { products, vendors } from './supply';

type Action = OpRequest<'toggleActive'>['query']['action1'];
type Toggle = (db: Db, id: number, actor: number) => Promise<{ id: number; active: boolean }>;

/** Each kind's own toggle; the catalogue's three levels share one. */
const toggles: Record<Action, Toggle> = {
  Zone: geo.toggleZone,
  Tip: tips.toggleTip,
  Professional: professionals.toggle,
  HomeScreenAdvs: homeScreenAds.toggle,
  Subscription: subscriptions.togglePlan,
  SubscriptionService: subscriptions.toggleDiscount,
  Product: products.toggle,
  Vendor: vendors.toggle,
  Category: (db, id, actor) => catalogue.toggle(db, 'Category', id, actor),
  SubCategory: (db, id, actor) => catalogue.toggle(db, 'SubCategory', id, actor),
  Services: (db, id, actor) => catalogue.toggle(db, 'Services', id, actor),
};

/**
 * DeReActivateAll (toggleActive) switches a record of any kind on or off, so it sits above every domain and calls each
 * through its door (docs/architecture.md).
 */
export const switchHandlers: Handlers = {
  async toggleActive(req) {
    const user = currentUser(req);
    const { action1, id } = req.query;
    // The inventory manager runs the product store: of the toggles, only the Product one is theirs.
    if (user.role === 'IM' && action1 !== 'Product') throw forbidden('The inventory manager can switch only products.');
    const data = await toggles[action1](req.server.db, id, user.id);
    return ok(data, data.active ? 'Activated.' : 'Deactivated.');
  },
};
