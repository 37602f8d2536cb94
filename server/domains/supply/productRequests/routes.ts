import { currentUser, done, type Handlers, ok, privateDownload } from '../../../http';
import { invoiceFileName, invoicePdf } from '../../commerce';
import * as requests from './service';

// Vendor product requests (decision 029): the request cart, the request machine, payment, tracking and invoices.
// Money leaves as rupees here (the service speaks paise).
export const productRequestHandlers: Handlers = {
  async addIntoRequestCart(req, reply) {
    const line = await requests.addToCart(req.server.db, currentUser(req), req.body);
    reply.code(201);
    return ok(line, `${line.productName} for ${line.professionalName}: ${line.requestQty} in the cart.`);
  },

  async getProductReqCheckoutData(req) {
    return ok(await requests.checkout(req.server.db, currentUser(req), req.query.vendorId));
  },

  async updateVendorCartRquestQty(req) {
    const line = await requests.updateQty(req.server.db, currentUser(req), req.query.id, req.query.Qty);
    return ok(line, `${line.productName} for ${line.professionalName}: ${line.requestQty} in the cart.`);
  },

  async deleteProductCart(req) {
    const { id, ProductId, VendorId } = req.query;
    return done(await requests.deleteLine(req.server.db, currentUser(req), id, ProductId, VendorId));
  },

  async deleteAllProductsCart(req) {
    return done(await requests.deleteAll(req.server.db, currentUser(req), req.query.VendorId));
  },

  async requestProductByVendor(req, reply) {
    const made = await requests.submit(req.server.db, currentUser(req), req.query.VendorId);
    reply.code(201);
    return ok(made, `Request ${made.IOrderId} was sent to the inventory manager.`);
  },

  async requestRejectAccept(req) {
    const { IOrderId, RejFlag, ResRole, ProfessionalId } = req.query;
    const data = await requests.decide(req.server.db, currentUser(req), {
      requestId: IOrderId,
      reject: RejFlag,
      role: ResRole,
      professionalId: ProfessionalId,
      remark: req.body?.remark ?? null,
    });
    return ok(data, `Request ${IOrderId} ${RejFlag ? 'rejected' : 'accepted'}: ${data.stateLabel.toLowerCase()}.`);
  },

  async requestReApprove(req) {
    const { IOrderId, ResRole, ProfessionalId } = req.query;
    const data = await requests.reapprove(req.server.db, currentUser(req), {
      requestId: IOrderId,
      role: ResRole,
      professionalId: ProfessionalId,
      remark: req.body?.remark ?? null,
    });
    return ok(data, `Request ${IOrderId} was sent back to the inventory manager.`);
  },

  async requestCancelByVendor(req) {
    const { IOrderId, VendorId } = req.query;
    const data = await requests.cancel(req.server.db, currentUser(req), { requestId: IOrderId, vendorId: VendorId });
    return ok(data, `Request ${IOrderId} was cancelled.`);
  },

  async vendorReqWalletPay(req) {
    const { IOrderId, VendorId } = req.query;
    const data = await requests.pay(req.server.db, req.server.config.company, currentUser(req), {
      requestId: IOrderId,
      vendorId: VendorId,
    });
    return ok(
      data,
      `Request ${IOrderId} was paid (₹${data.total.toFixed(2)}) from your wallet and issued; invoice ${data.invoiceNo}.`,
    );
  },

  async trackRequest(req) {
    const q = req.query;
    return ok(
      await requests.track(req.server.db, currentUser(req), {
        action: q.Action,
        vendorId: q.VendorId,
        state: q.state,
        page: q.page,
        pageSize: q.pageSize,
        search: q.search,
        sort: q.sort,
        order: q.order,
      }),
    );
  },

  async getViewRequestOrderData(req) {
    return ok(await requests.detail(req.server.db, currentUser(req), req.query.IOrderId));
  },

  async getRequestOrderInvoiceData(req) {
    return ok(await requests.invoiceOf(req.server.db, req.server.config.company, currentUser(req), req.query.IOrderId));
  },

  async getRequestOrderInvoicePdf(req, reply) {
    const inv = await requests.invoiceOf(
      req.server.db,
      req.server.config.company,
      currentUser(req),
      req.query.IOrderId,
    );
    const pdf = await invoicePdf(
      {
        orderId: inv.IOrderId,
        invoiceNo: inv.invoiceNo,
        invoiceDate: inv.invoiceDate,
        supplier: inv.supplier,
        customer: {
          name: inv.buyer.gstin ? `${inv.buyer.name} (GSTIN ${inv.buyer.gstin})` : inv.buyer.name,
          receiverName: inv.buyer.gstin ? `${inv.buyer.name} (GSTIN ${inv.buyer.gstin})` : inv.buyer.name,
          receiverMobileNo: inv.buyer.mobileNo,
          address: inv.buyer.address,
          city: inv.buyer.city,
          state: inv.buyer.state,
          stateCode: inv.buyer.stateCode,
          pinCode: inv.buyer.pinCode,
          country: 'India',
        },
        placeOfSupply: inv.placeOfSupply,
        gstType: inv.gstType,
        reverseCharge: inv.reverseCharge,
        lines: inv.lines.map((l) => ({
          description: `${l.description} (for ${l.professionalName})`,
          // The PDF's code column (headed HSN below): the product's code as at submission.
          sacCode: l.hsn ?? '',
          quantity: l.quantity,
          taxableValue: l.taxableValue,
          gstRate: l.gstRate,
          cgst: l.cgst,
          sgst: l.sgst,
          igst: l.igst,
          total: l.total,
          creditNote: null,
          cancelled: false,
        })),
        totals: { ...inv.totals, tip: 0, total: inv.totals.invoiceValue },
        amountInWords: inv.amountInWords,
        paymentType: inv.paymentType,
      },
      { codeHeader: 'HSN', referenceLabel: 'Request' },
    );
    return privateDownload(reply, 'application/pdf', invoiceFileName(inv.invoiceNo), pdf);
  },

  async getVendorDashboard(req) {
    return ok(await requests.dashboard(req.server.db, currentUser(req), req.query.VendorId));
  },
};
