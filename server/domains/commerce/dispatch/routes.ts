import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../../db/client';
import { currentUser, type Handlers, ok } from '../../../http';
import * as dispatch from './service';

/** A staff list as one page of JSON, or (format=csv) every matching line streamed as a CSV download. */
async function list(db: Db, reply: FastifyReply, kind: dispatch.ListKind, q: dispatch.ListQuery & { format?: string }) {
  if (q.format === 'csv') {
    const rows = dispatch.csvLines(db, kind, q);
    // The first chunk (the header) is read before answering, so bad filters are still a 400, not a broken download.
    const first = await rows.next();
    const body = Readable.from(
      (async function* () {
        if (!first.done) yield first.value;
        yield* rows;
      })(),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${kind}-orders.csv"`)
      .send(body);
  }
  return ok(await dispatch.listLines(db, kind, q));
}

export const dispatchHandlers: Handlers = {
  getUnassignedOrders(req, reply) {
    return list(req.server.db, reply, 'unassigned', req.query ?? {});
  },

  getAssignedOrders(req, reply) {
    return list(req.server.db, reply, 'assigned', req.query ?? {});
  },

  getCancelledOrders(req, reply) {
    return list(req.server.db, reply, 'cancelled', req.query ?? {});
  },

  getCompletedOrders(req, reply) {
    return list(req.server.db, reply, 'completed', req.query ?? {});
  },

  async assignTechnician(req) {
    const q = req.query;
    const { message, ...data } = await dispatch.assign(req.server.db, currentUser(req), {
      orderId: q.OrderId,
      serviceId: q.ServiceId,
      technicianId: q.TechnicianId,
      remark: req.body.remark ?? null,
    });
    return ok(data, message);
  },

  async getActivateTechsEngg(req) {
    const q = req.query ?? {};
    return ok(
      await dispatch.activeProfessionals(req.server.db, {
        zoneId: q.ZoneId,
        serviceId: q.ServiceId,
        type: q.Type,
        available: q.Available,
        search: q.search,
        page: q.page,
        pageSize: q.pageSize,
      }),
    );
  },

  async getDispatchSuggestions(req) {
    const q = req.query;
    return ok(await dispatch.suggestions(req.server.db, q.OrderId, q.ServiceId, q.limit ?? 10));
  },

  async getDispatchOrderLine(req) {
    return ok(await dispatch.lineDetail(req.server.db, req.query.id));
  },

  async getFreeSlots(req) {
    const q = req.query;
    return ok(
      await dispatch.freeSlots(req.server.db, {
        serviceId: q.ServiceId,
        pinCode: q.PinCode,
        from: q.from,
        days: q.days,
      }),
    );
  },
};
