import type { FastifyReply } from 'fastify';
import { currentUser, done, type Handlers, idempotencyOf, ok } from '../../../http';
import { isStaff } from '../../../roles';
import * as products from './service';

// The product store (decision 028): products, the stock ledger, the inventory manager's dashboard. Rupees become paise
// here (termsFromApi) and nowhere else.

function csv(reply: FastifyReply, name: string, text: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}.csv"`)
    .send(text);
}

export const productHandlers: Handlers = {
  async addProduct(req, reply) {
    const b = req.body;
    const data = await products.addProduct(
      req.server.db,
      req.server.storage,
      { ...b, terms: products.termsFromApi(b) },
      currentUser(req).id,
    );
    reply.code(201);
    return ok(data, `${data.productName} added to the store.`);
  },

  async updateProduct(req) {
    const { id, ...b } = req.body;
    const data = await products.updateProduct(
      req.server.db,
      req.server.storage,
      id,
      { ...b, terms: products.termsFromApi(b) },
      currentUser(req).id,
    );
    return ok(data, `${data.productName} updated.`);
  },

  async importProducts(req, reply) {
    const data = await products.importProducts(req.server.db, req.body, currentUser(req).id);
    reply.code(201);
    return ok(data, `${data.imported} product${data.imported === 1 ? '' : 's'} imported.`);
  },

  async deleteProduct(req) {
    await products.deleteProduct(req.server.db, req.query.id, currentUser(req).id);
    return done('Product deleted.');
  },

  async getProductsByVendorId(req) {
    const { vendorId, ...q } = req.query;
    return ok(await products.storeFor(req.server.db, vendorId, q));
  },

  async getProductHistory(req, reply) {
    const data = await products.history(req.server.db, req.query);
    if (req.query.format === 'csv') {
      const name = req.query.productId ? `product-${req.query.productId}-history` : 'stock-history';
      return csv(reply, name, products.historyCsv(data.items));
    }
    return ok(data);
  },

  async getInventoryProducts(req, reply) {
    const data = await products.listProducts(req.server.db, req.query);
    if (req.query.format === 'csv') {
      return csv(reply, req.query.lowStock ? 'products-low-stock' : 'products', products.productsCsv(data.items));
    }
    return ok(data);
  },

  async getProductDetails(req) {
    return ok(await products.productDetails(req.server.db, req.query.id, { staff: isStaff(currentUser(req)) }));
  },

  async addStockMovement(req, reply) {
    const data = await products.addStockMovement(
      req.server.db,
      req.body,
      currentUser(req).id,
      idempotencyOf(req, 'addStockMovement'),
    );
    reply.code(data.replayed ? 200 : 201);
    const what = data.replayed
      ? 'Already recorded'
      : req.body.kind === 'received'
        ? `${req.body.quantity} received`
        : 'Stock adjusted';
    return ok(data, `${what}: ${data.productName} has ${data.onHand} on hand, ${data.available} free.`);
  },

  async getInventoryDashboard(req) {
    return ok(await products.dashboard(req.server.db));
  },
};
