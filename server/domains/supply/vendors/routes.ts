import { currentUser, done, type Handlers, ok, uploadedFile } from '../../../http';
import * as vendors from './service';

// Vendors: vendor accounts and profiles, the vendor's professionals and their jobs.
export const vendorHandlers: Handlers = {
  async getAllVendor(req) {
    return ok(await vendors.list(req.server.db, req.query));
  },

  async getVendorById(req) {
    return ok(await vendors.detailFor(req.server.db, req.params.id, currentUser(req)));
  },

  async getVendorAadhaarProof(req, reply) {
    const proof = await vendors.proofOf(req.server.db, req.server.storage, req.params.id);
    return uploadedFile(reply, proof);
  },

  async addVendor(req, reply) {
    const data = await vendors.add(req.server.db, req.server.storage, req.body);
    reply.code(201);
    return ok(
      data,
      'The vendor was added. Their one-time password was sent to their mobile number; it is shown here this once.',
    );
  },

  async importVendors(req, reply) {
    const data = await vendors.importRows(req.server.db, req.body);
    reply.code(201);
    return ok(data, `${data.imported} vendor${data.imported === 1 ? '' : 's'} imported.`);
  },

  async updateVendor(req) {
    return ok(
      await vendors.update(req.server.db, req.server.storage, req.params.id, req.body),
      'The vendor was updated.',
    );
  },

  async deleteVendor(req) {
    await vendors.remove(req.server.db, req.query.id, currentUser(req).id);
    return done('The vendor was deleted.');
  },

  async getVendorStatus(req) {
    return ok(await vendors.status(req.server.db, req.query.userID));
  },

  async setVendorStatus(req) {
    const data = await vendors.setStatus(req.server.db, req.query.userID, req.query.available, currentUser(req).id);
    return ok(data, data.available ? 'You are shown as available.' : 'You are shown as unavailable.');
  },

  async getProfessionalListForVendor(req) {
    const { VendorMobileNo, ...q } = req.query;
    return ok(await vendors.professionals(req.server.db, VendorMobileNo, q));
  },

  async getOrderDetailsByVendorTechWise(req) {
    return ok(await vendors.tasks(req.server.db, req.query));
  },

  async getOrderDetailsByVendorTechWiseView(req) {
    return ok(await vendors.taskView(req.server.db, currentUser(req), req.query.OrderId, req.query.TechnicianId));
  },
};
