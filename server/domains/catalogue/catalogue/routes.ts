import type { FastifyRequest } from 'fastify';
import { done, type Handlers, ok } from '../../../http';
import { RowErrors, rowPaise } from '../../../imports';
import { type Paise, toPaise, toRupees } from '../../../money';
import { cachedReply } from '../../../plugins/cache';
import { isAdmin } from '../../../roles';
import * as catalogue from './service';

/** Visitors always see visible items; admins may choose with `status` (default active). */
function viewOf(req: FastifyRequest): catalogue.View {
  const admin = isAdmin(req.user);
  const status = (req.query as { status?: catalogue.Status }).status;
  return { admin, status: admin ? (status ?? 'active') : 'active' };
}

// Money crosses the HTTP boundary here only: requests speak rupees, services and the database paise.
const serviceIn = <T extends { price: number; visitingCharges?: number }>(body: T) => ({
  ...body,
  price: toPaise(body.price, 'price'),
  visitingCharges: body.visitingCharges === undefined ? undefined : toPaise(body.visitingCharges, 'visitingCharges'),
});

type Priced = { price: Paise; discountedPrice: Paise; gstAmount: Paise; finalPrice: Paise; visitingCharges: Paise };
/** A service's amounts in rupees: the catalogue's and the favourites' replies. */
export const serviceOut = <T extends Priced>(s: T) => ({
  ...s,
  price: toRupees(s.price),
  discountedPrice: toRupees(s.discountedPrice),
  gstAmount: toRupees(s.gstAmount),
  finalPrice: toRupees(s.finalPrice),
  visitingCharges: toRupees(s.visitingCharges),
});

export const catalogueHandlers: Handlers = {
  // ---- categories
  async addCategory(req, reply) {
    const data = await catalogue.addCategory(req.server.db, req.server.storage, req.body);
    reply.code(201);
    return ok(data, `Category ${data.categoryName} added.`);
  },

  async updateCategory(req) {
    const data = await catalogue.updateCategory(req.server.db, req.server.storage, req.params.id, req.body);
    return ok(data, `Category ${data.categoryName} saved.`);
  },

  getAllCategories: (req, reply) => {
    const view = viewOf(req);
    return cachedReply(req, reply, !view.admin, async () =>
      ok(await catalogue.pageCategories(req.server.db, req.query, view)),
    );
  },

  getCategoryById: (req, reply) => {
    const admin = isAdmin(req.user);
    return cachedReply(req, reply, !admin, async () =>
      ok(await catalogue.getCategory(req.server.db, req.params.id, admin)),
    );
  },

  async deleteCategory(req) {
    const row = await catalogue.deleteCategory(req.server.db, req.server.storage, req.query.id);
    return done(`Category ${row.name} deleted.`);
  },

  async importCategories(req, reply) {
    const data = await catalogue.importCategories(req.server.db, req.body);
    reply.code(201);
    return ok(data, `Imported ${data.imported} categor${data.imported === 1 ? 'y' : 'ies'}.`);
  },

  getZonesByCategory: async (req) =>
    ok(await catalogue.listCategoryZones(req.server.db, req.query.CategoryId, isAdmin(req.user))),

  async addZoneToCategory(req) {
    const data = await catalogue.addZoneToCategory(req.server.db, req.query.CategoryId, req.query.Zoneid);
    return ok(data, `Now offered in ${data.zoneName}.`);
  },

  async deleteZoneFromCategory(req) {
    const link = await catalogue.deleteZoneFromCategory(req.server.db, req.query.id);
    return done(`No longer offered in ${link.zoneName}.`);
  },

  getNewServices: (req, reply) =>
    cachedReply(req, reply, true, async () => ok((await catalogue.newServices(req.server.db)).map(serviceOut))),

  // ---- sub-categories
  async addSubCategory(req, reply) {
    const data = await catalogue.addSubCategory(req.server.db, req.server.storage, req.body);
    reply.code(201);
    return ok(data, `Sub-category ${data.subCategoryName} added.`);
  },

  async updateSubCategory(req) {
    const data = await catalogue.updateSubCategory(req.server.db, req.server.storage, req.params.id, req.body);
    return ok(data, `Sub-category ${data.subCategoryName} saved.`);
  },

  getAllSubCategories: (req, reply) => {
    const view = viewOf(req);
    return cachedReply(req, reply, !view.admin, async () =>
      ok(await catalogue.pageSubCategories(req.server.db, req.query, view)),
    );
  },

  getSubCategoryById: (req, reply) => {
    const admin = isAdmin(req.user);
    return cachedReply(req, reply, !admin, async () =>
      ok(await catalogue.getSubCategory(req.server.db, req.params.id, admin)),
    );
  },

  getSubCategoriesByCategory: (req, reply) => {
    const view = viewOf(req);
    return cachedReply(req, reply, !view.admin, async () =>
      ok(await catalogue.listSubCategoriesOfCategory(req.server.db, req.params.id, view)),
    );
  },

  async deleteSubCategory(req) {
    const row = await catalogue.deleteSubCategory(req.server.db, req.server.storage, req.query.id);
    return done(`Sub-category ${row.name} deleted.`);
  },

  async importSubCategories(req, reply) {
    const data = await catalogue.importSubCategories(req.server.db, req.body);
    reply.code(201);
    return ok(data, `Imported ${data.imported} sub-categor${data.imported === 1 ? 'y' : 'ies'}.`);
  },

  // ---- services
  async addService(req, reply) {
    const data = serviceOut(await catalogue.addService(req.server.db, req.server.storage, serviceIn(req.body)));
    reply.code(201);
    return ok(data, `Service ${data.heading} added.`);
  },

  async updateService(req) {
    const data = serviceOut(
      await catalogue.updateService(req.server.db, req.server.storage, req.params.id, serviceIn(req.body)),
    );
    return ok(data, `Service ${data.heading} saved.`);
  },

  getAllServices: (req, reply) => {
    const view = viewOf(req);
    return cachedReply(req, reply, !view.admin, async () => {
      const page = await catalogue.pageServices(req.server.db, req.query, view);
      return ok({ ...page, items: page.items.map(serviceOut) });
    });
  },

  getServiceById: (req, reply) => {
    const admin = isAdmin(req.user);
    return cachedReply(req, reply, !admin, async () =>
      ok(serviceOut(await catalogue.getService(req.server.db, req.params.id, admin))),
    );
  },

  getServicesBySubCategory: (req, reply) => {
    const view = viewOf(req);
    return cachedReply(req, reply, !view.admin, async () =>
      ok((await catalogue.listServicesOfSubCategory(req.server.db, req.params.id, view)).map(serviceOut)),
    );
  },

  async deleteService(req) {
    const row = await catalogue.deleteService(req.server.db, req.server.storage, req.query.id);
    return done(`Service ${row.heading} deleted.`);
  },

  async importServices(req, reply) {
    const errors = new RowErrors();
    const rows = req.body.map((r, i) => ({
      ...r,
      price: rowPaise(errors, i, r.price, 'price'),
      visitingCharges:
        r.visitingCharges === undefined ? undefined : rowPaise(errors, i, r.visitingCharges, 'visitingCharges'),
    }));
    const data = await catalogue.importServices(req.server.db, rows, errors);
    reply.code(201);
    return ok(data, `Imported ${data.imported} service${data.imported === 1 ? '' : 's'}.`);
  },

  async checkCategoryAvailability(req) {
    const data = await catalogue.availability(req.server.db, req.query.Pincode, req.query.CategoryId);
    return ok(data, data.message);
  },

  // ---- media
  getServiceMedia: async (req) => ok(await catalogue.listMedia(req.server.db, req.query, isAdmin(req.user))),

  async addServiceMedia(req, reply) {
    const { ServiceId, Vidtype } = req.query;
    const data = await catalogue.addMedia(req.server.db, req.server.storage, ServiceId, Vidtype, req.body);
    reply.code(201);
    return ok(
      data,
      Vidtype === 'youtube' ? 'Video link added.' : `${Vidtype === 'image' ? 'Picture' : 'Video'} added.`,
    );
  },

  async deleteServiceMedia(req) {
    await catalogue.deleteMedia(req.server.db, req.server.storage, req.query.Id);
    return done('Removed.');
  },

  globalSearch: async (req) => {
    const found = await catalogue.globalSearch(req.server.db, req.query.search);
    return ok({ ...found, services: found.services.map((s) => ({ ...s, finalPrice: toRupees(s.finalPrice) })) });
  },
};
