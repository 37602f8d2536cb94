// Products and stock through the store's own doors (Vendor/AddProducts, Vendor/AddStockMovement), as the inventory
// manager, so the rules and the stock ledger run as in production. Every argument is optional.
import { dataOf } from './catalogue';
import type { Row } from './factories';
import type { TestServer } from './server';

type Extra = Record<string, unknown>;

let seq = 0;
const next = () => `${process.pid.toString(36)}-${++seq}`;

export function productFactories(t: TestServer, as: 'IM' | 'A' = 'IM') {
  const token = () => t.tokenFor(as);
  const f = {
    /**
     * A product of the store: HSN 842121, MRP 500, 10% off (actualPrice 450), GST 18%, cost 300, 100 in stock, low
     * at 10, unless told otherwise (`quantity` is its opening stock). Answers the product as the API shows it.
     */
    async product(over: Extra = {}): Promise<Row> {
      return dataOf<Row>(
        await t.api('POST', '/api/Vendor/AddProducts', {
          token: await token(),
          body: {
            productName: `Test product ${next()}`,
            hsnCode: '842121',
            mrp: 500,
            discount: 10,
            discountType: 'percentage',
            gst: 18,
            cost: 300,
            lowStockAt: 10,
            quantity: 100,
            ...over,
          },
        }),
        201,
      );
    },

    /** Receives `qty` more units of a product; answers the product after it. */
    async receive(productId: number, qty: number, reason?: string): Promise<Row> {
      return dataOf<Row>(
        await t.api('POST', '/api/Vendor/AddStockMovement', {
          token: await token(),
          body: { productId, kind: 'received', quantity: qty, ...(reason ? { reason } : {}) },
        }),
        201,
      );
    },

    /** Adjusts a product's units on hand by a signed quantity, with a reason; answers the product after it. */
    async adjust(productId: number, qty: number, reason = 'Stock count'): Promise<Row> {
      return dataOf<Row>(
        await t.api('POST', '/api/Vendor/AddStockMovement', {
          token: await token(),
          body: { productId, kind: 'adjusted', quantity: qty, reason },
        }),
        201,
      );
    },

    /** The product as the inventory manager sees it now (onHand, reserved, available). */
    async details(productId: number): Promise<Row> {
      return dataOf<Row>(await t.api('GET', `/api/Vendor/GetProductDetails?id=${productId}`, { token: await token() }));
    },
  };
  return f;
}
