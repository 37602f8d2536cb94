import { currentUser, done, type Handlers, ok } from '../../../http';
import * as professionals from './service';

export const professionalHandlers: Handlers = {
  async addProfessional(req, reply) {
    const data = await professionals.add(req.server.db, req.body, req.query.CandidateId, currentUser(req));
    reply.code(201);
    return ok(data, 'The professional was added. Their one-time password was sent to their mobile number.');
  },

  async updateProfessional(req) {
    return ok(await professionals.update(req.server.db, req.query.id, req.body), 'The professional was updated.');
  },

  async importProfessionals(req, reply) {
    const data = await professionals.importRows(req.server.db, req.body);
    reply.code(201);
    return ok(data, `${data.imported} professional${data.imported === 1 ? '' : 's'} imported.`);
  },

  async getProfnVendList(req) {
    return ok(await professionals.list(req.server.db, req.query));
  },

  async getProfessionalById(req) {
    return ok(await professionals.detail(req.server.db, req.params.id, currentUser(req)));
  },

  async getZonesByProfessional(req) {
    return ok(await professionals.zonesOf(req.server.db, req.query.EmpId));
  },

  async getServicesByProfessional(req) {
    return ok(await professionals.servicesOf(req.server.db, req.query.EmpId));
  },

  async addZoneToProfessional(req) {
    return ok(await professionals.addZone(req.server.db, req.query.EmpId, req.query.Zoneid), 'Zone added.');
  },

  async addServiceToProfessional(req) {
    return ok(await professionals.addService(req.server.db, req.query.EmpId, req.query.ServiceId), 'Skill added.');
  },

  async deleteZoneFromProfessional(req) {
    await professionals.removeZone(req.server.db, req.query.id);
    return done('Zone removed.');
  },

  async deleteServiceFromProfessional(req) {
    await professionals.removeService(req.server.db, req.query.id);
    return done('Skill removed.');
  },

  async deleteProfessional(req) {
    await professionals.remove(req.server.db, req.query.MobileNo);
    return done('The professional was deleted.');
  },
};
