import { done, type Handlers, ok } from '../../../http';
import { cachedReply } from '../../../plugins/cache';
import { isStaff } from '../../../roles';
import * as geo from './service';

export const geoHandlers: Handlers = {
  // Reads are the same for every visitor (x-cache: shared); staff see inactive zones too, so never shared.
  getAllStates: (req, reply) => cachedReply(req, reply, true, async () => ok(await geo.listStates(req.server.db))),
  getCitiesByState: (req, reply) =>
    cachedReply(req, reply, true, async () => ok(await geo.listCities(req.server.db, req.params.id))),
  getStatesWithZones: (req, reply) =>
    cachedReply(req, reply, true, async () => ok(await geo.listStatesWithZones(req.server.db))),
  getCitiesWithZonesByState: (req, reply) =>
    cachedReply(req, reply, true, async () => ok(await geo.listCitiesWithZones(req.server.db, req.query.stateid))),
  getZonesByCity: (req, reply) =>
    cachedReply(req, reply, true, async () =>
      ok(await geo.listZonesOfCity(req.server.db, req.query.StateId, req.query.CityId)),
    ),
  getAllZones: (req, reply) =>
    cachedReply(req, reply, !isStaff(req.user), async () =>
      ok(await geo.pageZones(req.server.db, req.query, isStaff(req.user))),
    ),
  getZoneById: (req, reply) =>
    cachedReply(req, reply, !isStaff(req.user), async () =>
      ok(await geo.getZone(req.server.db, req.params.id, isStaff(req.user))),
    ),
  getPincodesByZone: (req, reply) =>
    cachedReply(req, reply, !isStaff(req.user), async () =>
      ok(await geo.listPincodes(req.server.db, req.query.id, isStaff(req.user))),
    ),
  getAllRoles: async (req) => ok(await geo.listRoles(req.server.db)),

  async addZone(req, reply) {
    const { pinCode, ...zone } = req.body;
    const data = await geo.addZone(req.server.db, { ...zone, pincodes: pinCode });
    reply.code(201);
    return ok(data, `Zone ${data.zoneName} added with ${data.pincodes.length} pincode(s).`);
  },

  async addZoneNew(req, reply) {
    const { pincodes, ...zone } = req.body;
    const data = await geo.addZone(
      req.server.db,
      { ...zone, pincodes: geo.parsePincodeList(pincodes, 'pincodes') },
      'pincodes',
    );
    reply.code(201);
    return ok(data, `Zone ${data.zoneName} added with ${data.pincodes.length} pincode(s).`);
  },

  async updateZone(req) {
    const data = await geo.updateZone(req.server.db, req.params.id, req.body);
    return ok(data, `Zone ${data.zoneName} saved.`);
  },

  async deleteZone(req) {
    const zone = await geo.deleteZone(req.server.db, req.query.id);
    return done(`Zone ${zone.zoneName} deleted.`);
  },

  async deletePincode(req) {
    const row = await geo.deletePincode(req.server.db, req.query.id);
    return done(`Pincode ${row.pinCode} removed from its zone.`);
  },

  async addPincodeToZone(req) {
    const data = await geo.addPincode(req.server.db, req.query.Zoneid, req.query.Pincode);
    return ok(data, `Pincode ${data.pinCode} added.`);
  },

  async importZones(req, reply) {
    const data = await geo.importZones(req.server.db, req.body);
    reply.code(201);
    return ok(data, `Imported ${data.imported} row(s): ${data.zones} new zone(s), ${data.pincodes} pincode(s).`);
  },
};
