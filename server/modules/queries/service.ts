import {
  type CustomerQueryEventType,
  customerQueryAllowedEvents,
  customerQueryMachine,
} from '../../../src/machines/customerQuery/customerQuery.machine';
import type { Db } from '../../db/client';
import { type PageQuery, pageOf } from '../../db/paging';
import { badRequest, type CurrentUser, HttpError, notFound } from '../../http';
import { recordTransition } from '../../plugins/audit';
import { isStaff } from '../../roles';
import { applyEvent } from '../../workflow/apply';
import { notifyPerson } from '../notifications/service';
import type { CustomerQueryState } from './repo';
import * as repo from './repo';

/** The transition log's entity name. */
export const ENTITY = 'CustomerQuery';

/** The reply's shape (SPEC §3 customer query, with the machine's state and the events it allows now). */
export function present(row: repo.QueryRow) {
  return {
    ...row,
    isQueryResolved: row.state === 'answered',
    allowedEvents: customerQueryAllowedEvents(row.state) as CustomerQueryEventType[],
  };
}

async function reply(db: Db, id: number) {
  const row = await repo.byId(db, id);
  if (!row) throw notFound(`Query ${id}`);
  return present(row);
}

export interface RaiseInput {
  OrderLineId?: number;
  OrderId?: number;
  ServiceId?: number;
  Query: string;
}

/**
 * The customer raises a query about one of their own order lines, named by its id or by its order and service (the
 * specification's query names a service). Another customer's line is "not found", like a line that does not exist.
 */
export async function raise(db: Db, user: Pick<CurrentUser, 'id'>, body: RaiseInput) {
  const text = body.Query.trim();
  if (!text) throw badRequest('Query', 'write your question');
  let by: Parameters<typeof repo.ownLine>[2];
  if (body.OrderLineId !== undefined) {
    if (body.OrderId !== undefined || body.ServiceId !== undefined) {
      throw badRequest('OrderLineId', 'name the line by OrderLineId, or by OrderId and ServiceId, not both');
    }
    by = { orderLineId: body.OrderLineId };
  } else {
    if (body.OrderId === undefined) throw badRequest('OrderLineId', 'say which order line the query is about');
    if (body.ServiceId === undefined) throw badRequest('ServiceId', 'is required with OrderId');
    by = { orderId: body.OrderId, serviceId: body.ServiceId };
  }
  const lines = await repo.ownLine(db, user.id, by);
  if (lines.length === 0) {
    throw notFound(
      'orderLineId' in by ? `Order line ${by.orderLineId}` : `Service ${by.serviceId} in order ${by.orderId}`,
    );
  }
  if (lines.length > 1) {
    throw badRequest('OrderLineId', 'this order has the service on more than one line: name the line by OrderLineId');
  }
  const line = lines[0];
  const id = await db.transaction(async (tx) => {
    const made = await repo.insert(tx, {
      customerUserId: user.id,
      orderLineId: line.id,
      serviceId: line.serviceId,
      technicianUserId: line.professionalUserId,
      query: text,
      state: 'raised',
    });
    await recordTransition(tx, {
      entity: ENTITY,
      entityId: made,
      from: null,
      to: 'raised',
      event: 'RAISE',
      actorId: user.id,
    });
    return made;
  });
  return reply(db, id);
}

export interface ListQuery extends PageQuery {
  state?: CustomerQueryState;
  orderLineId?: number;
}

/**
 * A customer's own queries (their deleted ones only when asked for), or, for staff, everyone's. The dispatch issue
 * adds the professional's own.
 */
export async function list(db: Db, user: CurrentUser, q: ListQuery) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const staff = isStaff(user);
  if (!staff && user.role !== 'Cust') throw new HttpError(403, 'Forbidden', 'Only customers and staff see queries.');
  const states: CustomerQueryState[] | undefined = q.state ? [q.state] : staff ? undefined : ['raised', 'answered'];
  const { rows, total } = await repo.page(db, {
    customerUserId: staff ? undefined : user.id,
    states,
    orderLineId: q.orderLineId,
    search: q.search,
    limit,
    offset,
  });
  return { items: rows.map(present), total, page, pageSize };
}

/**
 * Staff answer a raised query, once (the machine refuses a second answer and an answer to a deleted query with
 * 409); the answer, its time and who answered are kept, and the customer is told in the same transaction.
 */
export async function answer(db: Db, user: Pick<CurrentUser, 'id'>, id: number, text: string) {
  const ans = text.trim();
  if (!ans) throw badRequest('QueryAns', 'write the answer');
  await db.transaction(async (tx) => {
    const at = new Date();
    await applyEvent(tx, {
      machine: customerQueryMachine,
      entity: ENTITY,
      id,
      event: { type: 'ANSWER' },
      actorId: user.id,
      lock: (t, qid) => repo.lock(t, qid),
      write: (t, qid, state) =>
        repo.write(t, qid, { state: state as CustomerQueryState, answer: ans, answeredAt: at, answeredBy: user.id }),
    });
    const row = await repo.byId(tx, id);
    if (!row) throw notFound(`Query ${id}`);
    await notifyPerson(tx, {
      userId: row.customerId,
      mobileNo: row.customerMobileNo,
      kind: 'query_answered',
      title: 'Your query was answered',
      body: `About ${row.serviceName}: ${ans.length > 300 ? `${ans.slice(0, 299)}…` : ans}`,
      link: '/MyAccounts?tab=queries',
    });
  });
  return reply(db, id);
}

/** The customer deletes their own query while it is unanswered (409 once answered or deleted). */
export async function remove(db: Db, user: Pick<CurrentUser, 'id'>, id: number) {
  await db.transaction((tx) =>
    applyEvent(tx, {
      machine: customerQueryMachine,
      entity: ENTITY,
      id,
      event: { type: 'DELETE' },
      actorId: user.id,
      // Another customer's query is not found, like one that does not exist.
      lock: (t, qid) => repo.lock(t, qid, user.id),
      write: (t, qid, state) => repo.write(t, qid, { state: state as CustomerQueryState }),
    }),
  );
  return reply(db, id);
}
