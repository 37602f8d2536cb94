// Favourites (decision 014; Customer/UserFavoritesAddDel and Customer/GetUserFavorites): a customer's
// saved services, toggled from the heart on service cards and the service page, listed in My account.
import type { Db } from '../../../db/client';
import type { PageQuery } from '../../../db/paging';
import { badRequest, type CurrentUser, conflict, notFound } from '../../../http';
import { isPartyRole } from '../../../roles';
import * as catalogue from '../catalogue/service';
import * as repo from './repo';

/** Enough for anyone, and the heart buttons read the whole set in one page (the contract's largest). */
export const MAX_FAVOURITES = 200;

/**
 * Adds the service to the customer's favourites, or removes it when it is one. A service customers cannot see
 * cannot be added (404) but can always be removed, so a withdrawn service can be cleared from the list.
 */
export async function toggleFavourite(db: Db, customerUserId: number, serviceId: number) {
  return db.transaction(async (tx) => {
    if (!(await repo.lockCustomer(tx, customerUserId))) throw notFound(`Customer ${customerUserId}`);
    if (await repo.deleteFavourite(tx, customerUserId, serviceId)) {
      return { serviceId, favourite: false, message: 'Removed from your favourites.' };
    }
    const service = await catalogue.serviceVisibility(tx, serviceId);
    if (!service?.visible) throw notFound(`Service ${serviceId}`);
    if ((await repo.countFavourites(tx, customerUserId)) >= MAX_FAVOURITES) {
      throw conflict('ServiceId', `You can keep at most ${MAX_FAVOURITES} favourites; remove one first.`);
    }
    if (!(await repo.insertFavourite(tx, customerUserId, serviceId))) {
      throw conflict('ServiceId', 'Your favourites changed meanwhile; please try again.');
    }
    return { serviceId, favourite: true, message: `${service.heading} added to your favourites.` };
  });
}

/**
 * One page of a customer's favourites with each service's card data. A customer reads their own (`id` omitted or
 * theirs: the x-owner hook refuses another's); staff name the customer.
 */
export async function pageFavourites(db: Db, caller: CurrentUser, id: number | undefined, q: PageQuery) {
  let customerUserId: number;
  if (isPartyRole(caller.role)) customerUserId = caller.id;
  else {
    if (id === undefined) throw badRequest('Id', "is required: the customer's user id");
    if ((await repo.findUserRole(db, id)) !== 'Cust') throw notFound(`Customer ${id}`);
    customerUserId = id;
  }
  const page = await repo.pageFavourites(db, customerUserId, q);
  const services = await catalogue.servicesByIds(
    db,
    page.items.map((f) => f.serviceId),
  );
  return {
    ...page,
    items: page.items.map((f) => {
      const { visible, ...service } = services.get(f.serviceId)!;
      return {
        id: f.id,
        custId: f.customerUserId,
        servicesId: f.serviceId,
        createDate: f.createdAt,
        available: visible,
        service,
      };
    }),
  };
}
