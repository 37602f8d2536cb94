// Product requests through the product's own doors (decision 029): a vendor with a professional, store products, the
// cart and the request machine's events, all through the API as the vendor, the inventory manager and the admin.
import { dataOf } from './catalogue';
import { factories } from './factories';
import type { TestServer } from './server';
import { vendorFactories } from './vendor-factories';

let seq = 0;
const tag = () => `${Date.now().toString(36)}${(++seq).toString(36)}${Math.floor(Math.random() * 1e4)}`;
const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });

export type Role = 'IM' | 'A';

export function productRequestFactories(t: TestServer) {
  const f = factories(t);
  const vf = vendorFactories(t);
  const pf = {
    /**
     * A store product through Vendor/AddProducts (the inventory manager): HSN 842121, MRP 500, 10% off, GST 18%, 50
     * in stock.
     */
    async product(over: Record<string, unknown> = {}) {
      const res = await t.api('POST', '/api/Vendor/AddProducts', {
        token: await t.tokenFor('IM'),
        body: {
          productName: `Filter ${tag()}`,
          hsnCode: '842121',
          mrp: 500,
          discount: 10,
          discountType: 'percentage',
          gst: 18,
          cost: 300,
          quantity: 50,
          ...over,
        },
      });
      const made = dataOf<Record<string, any>>(res, 201);
      return { ...made, id: made.id as number, productName: made.productName as string };
    },

    /** A vendor (Vendor/AddVendor) signed in, with one professional of theirs. */
    async vendor(over: Record<string, unknown> = {}) {
      const vendor = await vf.vendorProfile(over);
      const professional = await f.professional({ vendorId: vendor.id });
      const token = await vendor.token();
      return { ...vendor, token, professional };
    },

    /** Credits the vendor's wallet through the admin (Vendor/AdminPayForVendorWallet). */
    async fund(vendorId: number, rupees: number) {
      dataOf(
        await t.api('POST', '/api/Vendor/AdminPayForVendorWallet', {
          token: await t.tokenFor('A'),
          body: { id: vendorId, Amount: rupees, Action: 'Credit', Remark: 'Test funds for products' },
          headers: key(),
        }),
      );
    },

    async addToCart(v: { token: string }, body: { productId: number; professionalId: number; requestQty: number }) {
      return dataOf<Record<string, any>>(
        await t.api('POST', '/api/Vendor/AddIntoRequestCart', { token: v.token, body }),
        201,
      );
    },

    /** The vendor's cart of `lines` (default: 2 of one new product) submitted; answers the request's id. */
    async submitted(
      v: { id: number; token: string; professional: { id: number } },
      lines?: { productId: number; requestQty: number }[],
    ): Promise<number> {
      const ls = lines ?? [{ productId: (await pf.product()).id, requestQty: 2 }];
      for (const l of ls) await pf.addToCart(v, { ...l, professionalId: v.professional.id });
      const res = await t.api('PUT', `/api/Vendor/RequestProductByVendor?VendorId=${v.id}`, { token: v.token });
      return dataOf<{ IOrderId: number }>(res, 201).IOrderId;
    },

    async decide(id: number, role: Role, reject: boolean, remark?: string) {
      return t.api('PUT', `/api/Vendor/RequestRejectAccept?IOrderId=${id}&RejFlag=${reject}&ResRole=${role}`, {
        token: await t.tokenFor(role),
        body: remark === undefined ? {} : { remark },
      });
    },

    reapprove(v: { token: string }, id: number) {
      return t.api('PUT', `/api/Vendor/RequestReApprove?IOrderId=${id}`, { token: v.token, body: {} });
    },

    cancel(v: { id: number; token: string }, id: number) {
      return t.api('PUT', `/api/Vendor/RequestCancelByVendor?IOrderId=${id}&VendorId=${v.id}`, { token: v.token });
    },

    pay(v: { id: number; token: string }, id: number) {
      return t.api('POST', `/api/Vendor/VendorReqWalletPay?IOrderId=${id}&VendorId=${v.id}`, { token: v.token });
    },

    async view(token: string | Promise<string>, id: number) {
      return dataOf<Record<string, any>>(
        await t.api('GET', `/api/Vendor/GetViewRequestOrderData?IOrderId=${id}`, { token: await token }),
      );
    },
  };
  return pf;
}
