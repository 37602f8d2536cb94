import { type Handlers, ok, privateDownload } from '../../../http';
import * as gst from './service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The accountant's GST returns (decision 058). */
export const gstHandlers: Handlers = {
  async getGstr1(req) {
    return ok(await gst.gstr1(req.server.db, req.server.config.company, req.query));
  },

  async getGstr3b(req) {
    return ok(await gst.gstr3b(req.server.db, req.server.config.company, req.query));
  },

  async getGstr1Json(req, reply) {
    const { fileName, body } = await gst.gstr1Json(req.server.db, req.server.config.company, req.query);
    return privateDownload(reply, 'application/json; charset=utf-8', fileName, body);
  },

  async getGstr1Xlsx(req, reply) {
    const { fileName, bytes } = await gst.gstr1Xlsx(req.server.db, req.server.config.company, req.query);
    return privateDownload(reply, XLSX, fileName, bytes);
  },
};
