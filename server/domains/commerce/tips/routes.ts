import { currentUser, type Handlers, ok } from '../../../http';
import { type Paise, toPaise, toRupees } from '../../../money';
import { isAdmin } from '../../../roles';
import * as tips from './service';

// Money crosses the HTTP boundary here only: the API speaks rupees, the service and the database paise.
const tipOut = (t: tips.TipRow) => ({
  id: t.id,
  amount: toRupees(t.amountPaise),
  active: t.active,
  createdAt: t.createdAt,
});

export const tipHandlers: Handlers = {
  async crudTipsManage(req, reply) {
    const actor = currentUser(req).id;
    const { Action1, TipAmnt, id } = req.query;
    const amount: Paise | undefined = TipAmnt === undefined ? undefined : toPaise(TipAmnt, 'TipAmnt');
    if (Action1 === 'Add') {
      const tip = await tips.addTip(req.server.db, amount, actor);
      reply.code(201);
      return ok(tipOut(tip), `Tip of ${tips.tipText(tip.amountPaise)} added.`);
    }
    if (Action1 === 'Update') {
      const tip = await tips.updateTip(req.server.db, id, amount, actor);
      return ok(tipOut(tip), `Tip changed to ${tips.tipText(tip.amountPaise)}.`);
    }
    const tip = await tips.deleteTip(req.server.db, id, actor);
    return ok(tipOut(tip), `Tip of ${tips.tipText(tip.amountPaise)} deleted.`);
  },

  async getTips(req) {
    const status = isAdmin(req.user) ? (req.query.status ?? 'active') : 'active';
    return ok((await tips.listTips(req.server.db, status)).map(tipOut));
  },
};
