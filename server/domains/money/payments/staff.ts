import { allowedEvents } from '../../../../src/machines/paymentIntent/paymentIntent.machine';
import type { Db } from '../../../db/client';
import { type CurrentUser, HttpError, notFound } from '../../../http';
import { paise, toRupees } from '../../../money';
import { transitionsOf } from '../../../workflow/apply';
import { ENTITY, expire, isFinal, type Providers } from './intents';
import * as repo from './repo';
import { settle } from './settle';

export const pageIntents = async (db: Db, q: Parameters<typeof repo.pageIntents>[1]) => {
  const page = await repo.pageIntents(db, q);
  return { ...page, items: page.items.map(intentOut) };
};

const intentOut = <T extends { amount: number }>(i: T) => ({ ...i, amount: toRupees(paise(i.amount)) });

export async function intentDetail(db: Db, id: number) {
  const view = await repo.intentView(db, id);
  if (!view) throw notFound(`Payment intent ${id}`);
  return {
    ...intentOut(view),
    transitions: await transitionsOf(db, ENTITY, id),
    allowedEvents: allowedEvents(view.state),
  };
}

/** Staff events: VERIFY settles with the provider's answer; EXPIRE only after the provider says it is not paid. */
export async function staffEvent(
  db: Db,
  providers: Providers,
  user: CurrentUser,
  id: number,
  event: 'VERIFY' | 'EXPIRE',
  remark: string | null,
) {
  const intent = await repo.findIntent(db, { id });
  if (!intent) throw notFound(`Payment intent ${id}`);
  if (!allowedEvents(intent.state).includes(event)) {
    throw new HttpError(409, 'Event not allowed', `${event} is not allowed while the payment is ${intent.state}.`, [], {
      state: intent.state,
      allowedEvents: allowedEvents(intent.state),
    });
  }
  const s = await settle(db, providers, intent.orderId, user.id);
  if (event === 'EXPIRE' && !isFinal(s.state)) await expire(db, intent.orderId, user.id, remark ?? 'expired by staff');
  return intentDetail(db, id);
}
