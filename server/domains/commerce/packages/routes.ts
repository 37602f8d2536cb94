import type { CurrentUser } from '../../../http';
import { currentUser, type Handlers, ok, privateDownload } from '../../../http';
import { toPaise, toRupees } from '../../../money';
import { cachedReply } from '../../../plugins/cache';
import { customerOf } from '../../platform';
import * as packages from './service';

// Money crosses the HTTP boundary here only: the API speaks rupees, the service and the database paise.
const serviceOut = (s: packages.PackageService) => ({
  id: s.id,
  serviceId: s.serviceId,
  heading: s.heading,
  imageUrl: s.imageUrl,
  price: toRupees(s.pricePaise),
  discountPercent: s.discountPercent,
  gstPercent: s.gstPercent,
  value: toRupees(s.valuePaise),
  available: s.available,
});

const packageOut = (p: packages.SpecialPackage) => ({
  id: p.id,
  pkgName: p.pkgName,
  pkgDesc: p.pkgDesc,
  price: toRupees(p.pricePaise),
  expiredStatus: p.expiredStatus,
  pkgImageUrl: p.pkgImageUrl,
  pkgImageName: p.pkgImageName,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
  available: p.available,
  servicesValue: toRupees(p.servicesValuePaise),
  services: p.services.map(serviceOut),
});

/** Marketing and the admin run packages: they see every one, expired or not. */
const manages = (user: CurrentUser | null | undefined) => user?.role === 'A' || user?.role === 'MR';

export const packageHandlers: Handlers = {
  async addSpecialPackage(req, reply) {
    const b = req.body;
    const data = await packages.addPackage(
      req.server.db,
      req.server.storage,
      { ...b, pricePaise: toPaise(b.price, 'price') },
      currentUser(req).id,
    );
    // GetSpecialPackages is a cached public read: drop the cached copies.
    req.server.responseCache.bump();
    reply.code(201);
    return ok(packageOut(data), `Package ${data.pkgName} added.`);
  },

  async updateSpecialPackage(req) {
    const b = req.body;
    const data = await packages.updatePackage(
      req.server.db,
      req.server.storage,
      b.Id,
      { ...b, pricePaise: toPaise(b.price, 'price') },
      currentUser(req).id,
    );
    req.server.responseCache.bump();
    return ok(packageOut(data), `Package ${data.pkgName} saved.`);
  },

  async expirePackage(req) {
    const data = await packages.setExpired(req.server.db, req.query.Id, req.query.ExpFlag, currentUser(req).id);
    req.server.responseCache.bump();
    return ok(
      packageOut(data),
      data.expiredStatus === 'Y' ? `Package ${data.pkgName} expired.` : `Package ${data.pkgName} is offered again.`,
    );
  },

  getSpecialPackages: (req, reply) => {
    const manager = manages(req.user);
    const q = req.query;
    return cachedReply(req, reply, !manager, async () =>
      ok(
        await (async () => {
          const page = await packages.listPackages(
            req.server.db,
            { ...q, pkgId: q.PkgId },
            { manager, expired: manager ? (q.expired ?? 'all') : 'N' },
          );
          return { ...page, items: page.items.map(packageOut) };
        })(),
      ),
    );
  },

  async addPackageService(req, reply) {
    const data = await packages.addService(req.server.db, req.query.PkgId, req.query.ServiceId, currentUser(req).id);
    req.server.responseCache.bump();
    reply.code(201);
    return ok(packageOut(data), `Service added to package ${data.pkgName}.`);
  },

  async deletePackageService(req) {
    const data = await packages.removeService(req.server.db, req.query.Id, currentUser(req).id);
    req.server.responseCache.bump();
    return ok(packageOut(data), `Service taken out of package ${data.pkgName}.`);
  },

  async addPackageToCart(req) {
    const db = req.server.db;
    const customer = await customerOf(db, currentUser(req), req.query.MobileNo);
    const data = await packages.bookPackage(db, customer, req.query.PkgId);
    return ok(data, `Package ${data.pkgName} added to the cart`);
  },

  async getAdvertisementExcel(req, reply) {
    const type = req.query.AdvType;
    const xlsx = await packages.advertisementsWorkbook(req.server.db, type);
    const day = new Date().toISOString().slice(0, 10);
    const name = `${type === 'CO' ? 'coupons' : type === 'AD' ? 'advertisements' : 'advertisements-and-coupons'}-${day}.xlsx`;
    return privateDownload(reply, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', name, xlsx);
  },
};
