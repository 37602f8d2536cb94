import {
  type CustomerQueryEventType,
  customerQueryAllowedEvents,
  customerQueryMachine,
} from '../../../../src/machines/customerQuery/customerQuery.machine';
import type { Db, Executor, Tx } from '../../../db/client';
import { type PageQuery, pageOf } from '../../../db/paging';
import { badRequest, type CurrentUser, HttpError, notFound } from '../../../http';
import { recordTransition } from '../../../plugins/audit';
import { isStaff } from '../../../roles';
import { firstName } from '../../../shared/person';
import { applyEvent } from '../../../workflow/apply';
import { notifyPerson, publishLive } from '../../platform';
import type { CustomerQueryState } from './repo';
import * as repo from './repo';

/** The transition log's entity name. */
export const ENTITY = 'CustomerQuery';

/** The live events' tag: the cached reads of queries (decision 015). */
const TAGS = ['Queries'];

/**
 * Applies the query's machine to an event: the query locked (only one of `owner`'s: another's is not found), then
 * written in its new state with `values`; the transition logged (applyEvent).
 */
const step = (
  tx: Tx,
  id: number,
  type: CustomerQueryEventType,
  actorId: number,
  owner: { customerUserId?: number; professionalUserId?: number },
  values: { answer?: string; answeredAt?: Date; answeredBy?: number } = {},
) =>
  applyEvent(tx, {
    machine: customerQueryMachine,
    entity: ENTITY,
    id,
    event: { type },
    actorId,
    lock: (t, qid) => repo.lock(t, qid, owner),
    write: (t, qid, state) => repo.write(t, qid, { state: state as CustomerQueryState, ...values }),
  });

/**
 * The reply's shape (the customer query, with the machine's state and the events it allows now). A professional
 * sees the customer as on their jobs (decision 020): the first name, and the mobile number's last 4 digits.
 */
export function present(row: repo.QueryRow, viewer?: Partial<Pick<CurrentUser, 'role'>>) {
  const masked =
    viewer?.role === 'TE'
      ? { customerName: firstName(row.customerName), customerMobileNo: maskMobile(row.customerMobileNo) }
      : {};
  return {
    ...row,
    ...masked,
    isQueryResolved: row.state === 'answered',
    allowedEvents: customerQueryAllowedEvents(row.state) as CustomerQueryEventType[],
  };
}

const maskMobile = (mobileNo: string) => `${'•'.repeat(Math.max(0, mobileNo.length - 4))}${mobileNo.slice(-4)}`;

/** The professionals who see a query: the technician it was raised with, and the line's professional now. */
async function professionalsOf(exec: Executor, row: Pick<repo.QueryRow, 'technicianId' | 'orderLineId'>) {
  const now = await repo.lineProfessional(exec, row.orderLineId);
  return [row.technicianId, now].filter((id): id is number => id !== null);
}

async function reply(db: Db, id: number, viewer?: Partial<Pick<CurrentUser, 'role'>>) {
  const row = await repo.byId(db, id);
  if (!row) throw notFound(`Query ${id}`);
  return present(row, viewer);
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
    // Open query lists refresh: the staff's, the line's professional's, and the customer's own other tabs.
    await publishLive(tx, {
      kind: 'query_raised',
      tags: TAGS,
      roles: ['A', 'CD'],
      userIds: [user.id, ...(line.professionalUserId ? [line.professionalUserId] : [])],
      payload: { queryId: made, orderLineId: line.id },
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
 * A customer's own queries (their deleted ones only when asked for); a professional's, about their own jobs (the
 * query's technician, or the line's professional now; deleted ones only when asked for); for staff, everyone's.
 */
export async function list(db: Db, user: CurrentUser, q: ListQuery) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const staff = isStaff(user);
  if (!staff && user.role !== 'Cust' && user.role !== 'TE') {
    throw new HttpError(403, 'Forbidden', 'Only customers, professionals and staff see queries.');
  }
  const states: CustomerQueryState[] | undefined = q.state ? [q.state] : staff ? undefined : ['raised', 'answered'];
  const { rows, total } = await repo.page(db, {
    customerUserId: user.role === 'Cust' ? user.id : undefined,
    professionalUserId: user.role === 'TE' ? user.id : undefined,
    states,
    orderLineId: q.orderLineId,
    search: q.search,
    limit,
    offset,
  });
  return { items: rows.map((r) => present(r, user)), total, page, pageSize };
}

/**
 * Staff, or the professional whose job it is, answer a raised query, once (the machine refuses a second answer and an
 * answer to a deleted query with 409); the answer, its time and who answered are kept, and the customer is told in
 * the same transaction. Another professional's query is not found, like one that does not exist.
 */
export async function answer(
  db: Db,
  user: Pick<CurrentUser, 'id'> & Partial<Pick<CurrentUser, 'role'>>,
  id: number,
  text: string,
) {
  const ans = text.trim();
  if (!ans) throw badRequest('QueryAns', 'write the answer');
  await db.transaction(async (tx) => {
    const at = new Date();
    await step(tx, id, 'ANSWER', user.id, user.role === 'TE' ? { professionalUserId: user.id } : {}, {
      answer: ans,
      answeredAt: at,
      answeredBy: user.id,
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
    // The last write: publishLive takes the live events' ordering lock until the commit (live/service.ts).
    await publishLive(tx, {
      kind: 'query_answered',
      tags: TAGS,
      roles: ['A', 'CD'],
      userIds: [row.customerId, ...(await professionalsOf(tx, row)), user.id],
      payload: { queryId: id, orderLineId: row.orderLineId },
    });
  });
  return reply(db, id, user);
}

/** The customer deletes their own query while it is unanswered (409 once answered or deleted). */
export async function remove(db: Db, user: Pick<CurrentUser, 'id'>, id: number) {
  await db.transaction(async (tx) => {
    // Another customer's query is not found, like one that does not exist.
    await step(tx, id, 'DELETE', user.id, { customerUserId: user.id });
    const row = await repo.byId(tx, id);
    await publishLive(tx, {
      kind: 'query_deleted',
      tags: TAGS,
      roles: ['A', 'CD'],
      userIds: [user.id, ...(row ? await professionalsOf(tx, row) : [])],
      payload: { queryId: id },
    });
  });
  return reply(db, id);
}
