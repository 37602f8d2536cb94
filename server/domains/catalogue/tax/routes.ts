import { type Handlers, ok } from '../../../http';
import * as tax from './service';

/** A calendar day of the contract (YYYY-MM-DD) as an instant inside that Indian day. */
const middayInIndia = (day: string) => new Date(`${day}T12:00:00+05:30`);

export const taxHandlers: Handlers = {
  getGstRates: async (req) =>
    ok(await tax.gstRates(req.server.db, req.query.on ? middayInIndia(req.query.on) : new Date())),
};
