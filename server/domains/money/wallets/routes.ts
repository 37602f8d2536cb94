import type { FastifyReply } from 'fastify';
import { badRequest, currentUser, type Handlers, idempotencyOf, ok } from '../../../http';
import { toPaise } from '../../../money';
import { toCsv } from '../../../shared/csv';
import * as wallets from './service';

// Money crosses the HTTP boundary here only: requests speak rupees, services and the database paise.

// The contract declares the header; Fastify does not validate header parameters declared by openapi-glue's
// route schema here, so the key's shape is checked where it is read.

const WALLET_CSV = ['TransDate', 'Type', 'Amount', 'Kind', 'Reference', 'Remark', 'DoneBy', 'WalletBalanceAfterUpdate'];
const ACCOUNT_CSV = ['CreateDate', 'Type', 'Amount', 'Kind', 'Reference', 'Remark', 'DoneBy', 'WalletAfterUpdate'];

/** A history as a CSV download instead of a page of JSON. */
function csv(reply: FastifyReply, name: string, rows: Record<string, unknown>[], columns: string[]) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}.csv"`)
    .send(toCsv(rows, columns));
}

export const walletHandlers: Handlers = {
  async getMyBalance(req) {
    return ok(await wallets.myBalance(req.server.db, currentUser(req)));
  },

  async getCustomerWalletBalance(req) {
    return ok(await wallets.balanceOf(req.server.db, 'customer', { mobileNo: req.body.CustomerMobileNo }));
  },

  async getWalletHistoryForCustomer(req, reply) {
    const { CustomerMobileNo, ...q } = req.query;
    const data = await wallets.walletHistory(req.server.db, 'customer', { mobileNo: CustomerMobileNo }, q);
    if (q.format === 'csv') return csv(reply, `wallet-${CustomerMobileNo}`, data.items, WALLET_CSV);
    return ok(data);
  },

  async updateCustomerWalletBalance(req) {
    const { data, message } = await wallets.adminMove(req.server.db, {
      kind: 'customer',
      who: { mobileNo: req.body.MobileNo },
      amount: toPaise(req.body.Amount, 'Amount'),
      action: req.body.Action ?? 'Credit',
      remark: req.body.Remark.trim(),
      actor: currentUser(req),
      idempotency: idempotencyOf(req, 'updateCustomerWalletBalance'),
      amountField: 'Amount',
      maxWalletBalance: req.server.config.payments.maxWalletBalancePaise,
    });
    return ok(data, message);
  },

  async getAllCustomers(req) {
    return ok(await wallets.pageCustomers(req.server.db, req.body ?? {}));
  },

  async getVendorWallets(req) {
    return ok(await wallets.pageVendorWallets(req.server.db, req.query));
  },

  async getVendorWalletHistById(req, reply) {
    const { id, ...q } = req.query;
    const data = await wallets.walletHistory(req.server.db, 'vendor', { id }, q);
    if (q.format === 'csv') return csv(reply, `vendor-wallet-${id}`, data.items, WALLET_CSV);
    return ok(data);
  },

  async adminPayForVendorWallet(req) {
    const { id, Phone } = req.body;
    if (id === undefined && Phone === undefined) throw badRequest('Phone', 'or id is required: say which vendor');
    const { data, message } = await wallets.adminMove(req.server.db, {
      kind: 'vendor',
      who: id !== undefined ? { id } : { mobileNo: Phone },
      amount: toPaise(req.body.Amount, 'Amount'),
      action: req.body.Action ?? 'Credit',
      remark: req.body.Remark.trim(),
      actor: currentUser(req),
      idempotency: idempotencyOf(req, 'adminPayForVendorWallet'),
      amountField: 'Amount',
      maxWalletBalance: req.server.config.payments.maxWalletBalancePaise,
    });
    return ok(data, message);
  },

  async getAccountWalletHist(req, reply) {
    const data = await wallets.companyHistory(req.server.db, req.query);
    if (req.query.format === 'csv') return csv(reply, 'account-wallet', data.items, ACCOUNT_CSV);
    return ok(data);
  },

  async addMoneyToAccWallet(req) {
    const { data, message } = await wallets.creditCompanyWallet(req.server.db, {
      amount: toPaise(req.body.TransAmount, 'TransAmount'),
      bankReference: req.body.BankReference.trim(),
      remark: req.body.Remark?.trim() || null,
      actor: currentUser(req),
      idempotency: idempotencyOf(req, 'addMoneyToAccWallet'),
    });
    return ok(data, message);
  },
};
