import {
  ORDER_LINE_STATE_LABELS,
  ORDER_LINE_STATES,
  type OrderLineState,
} from '../../../../src/machines/orderLine/orderLine.machine';
import type { Db } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { badRequest } from '../../../http';
import { paise, toRupees } from '../../../money';
import { ORDER_LINE_ENTITY } from '../../commerce';
import * as repo from './repo';

/** India has one offset all year (no daylight saving): +05:30. */
const IST_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The India day `now` falls in: its date and its bounds as instants. */
export function indiaDay(now: Date) {
  const local = now.getTime() + IST_MS;
  const startLocal = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  return {
    day: new Date(startLocal).toISOString().slice(0, 10),
    from: new Date(startLocal - IST_MS),
    to: new Date(startLocal - IST_MS + DAY_MS),
  };
}

const BUCKETS = [
  { key: 'under1h', label: 'Under 1 hour' },
  { key: 'h1to4', label: '1 to 4 hours' },
  { key: 'h4to24', label: '4 to 24 hours' },
  { key: 'over24h', label: 'Over 24 hours' },
] as const;

/** How many of the longest-waiting unassigned lines the summary lists. */
export const OLDEST_SHOWN = 5;

/** GET CallDesk/GetSummary: today's lines by state and the unassigned lines by age. */
export async function summary(db: Db, now = new Date()) {
  const { day, from, to } = indiaDay(now);
  const [counts, ages, oldest] = await Promise.all([
    repo.countsByState(db, ORDER_LINE_STATES, from, to),
    repo.unassignedAges(db, now),
    repo.oldestUnassigned(db, OLDEST_SHOWN),
  ]);
  const byState = ORDER_LINE_STATES.map((state) => ({
    state,
    label: ORDER_LINE_STATE_LABELS[state],
    count: counts.get(state) ?? 0,
  }));
  return {
    day,
    now,
    byState,
    totalToday: byState.reduce((n, s) => n + s.count, 0),
    unassigned: {
      total: ages.total,
      buckets: BUCKETS.map((b) => ({ ...b, count: ages[b.key] })),
      oldest,
    },
  };
}

export type SearchKind = { kind: 'mobile'; mobileNo: string } | { kind: 'orderId'; orderId: number };

/** What the call desk typed: a 10-digit Indian mobile number (+91, 91 or 0 allowed) or an order id (# allowed). */
export function parseSearch(q: string): SearchKind {
  const s = q.replace(/[\s\-().]/g, '');
  const mobile = /^(?:\+?91|0)?([6-9]\d{9})$/.exec(s);
  if (mobile) return { kind: 'mobile', mobileNo: mobile[1] };
  const id = /^#?(\d{1,10})$/.exec(s);
  if (id) {
    const orderId = Number(id[1]);
    if (orderId >= 1 && orderId <= 2_147_483_647) return { kind: 'orderId', orderId };
  }
  throw badRequest('q', 'enter the customer’s 10-digit mobile number or an order id');
}

/**
 * GET CallDesk/SearchOrders: the customer's orders (newest first) or the one order, each with its lines, their
 * states and professionals, and each line's transition log. Read-only.
 */
export async function search(db: Db, q: { q: string; page?: number; pageSize?: number }) {
  const what = parseSearch(q.q);
  const { page, pageSize, limit, offset } = pageOf({ page: q.page, pageSize: q.pageSize ?? 5 });
  let customer: Awaited<ReturnType<typeof repo.customerByMobile>> | null = null;
  let found: { rows: NonNullable<Awaited<ReturnType<typeof repo.orderById>>>[]; total: number } = {
    rows: [],
    total: 0,
  };
  if (what.kind === 'mobile') {
    customer = await repo.customerByMobile(db, what.mobileNo);
    if (customer) found = await repo.ordersOfCustomer(db, customer.id, limit, offset);
  } else {
    const order = await repo.orderById(db, what.orderId);
    if (order) {
      found = { rows: page === 1 ? [order] : [], total: 1 };
      customer = await repo.customerByMobile(db, order.customerMobileNo);
    }
  }
  const lines = await repo.linesOf(
    db,
    found.rows.map((o) => o.orderId),
  );
  const history = await repo.historyOf(
    db,
    ORDER_LINE_ENTITY,
    lines.map((l) => l.lineId),
  );
  const historyByLine = new Map<number, Omit<(typeof history)[number], 'entityId'>[]>();
  for (const { entityId, ...h } of history) {
    const list = historyByLine.get(entityId) ?? [];
    list.push(h);
    historyByLine.set(entityId, list);
  }
  const items = found.rows.map(({ totalPaise, ...o }) => ({
    ...o,
    total: toRupees(paise(totalPaise)),
    lines: lines
      .filter((l) => l.orderId === o.orderId)
      .map((l) => ({
        lineId: l.lineId,
        serviceId: l.serviceId,
        serviceName: l.serviceName,
        quantity: l.quantity,
        slotStart: l.slotStart,
        state: l.state,
        stateLabel: ORDER_LINE_STATE_LABELS[l.state as OrderLineState] ?? l.state,
        total: toRupees(paise(l.totalPaise)),
        professional:
          l.professionalId && l.professionalName
            ? { id: l.professionalId, fullName: l.professionalName, mobileNo: l.professionalMobileNo ?? '' }
            : null,
        rating: l.rating,
        review: l.review,
        history: historyByLine.get(l.lineId) ?? [],
      })),
  }));
  return { q: q.q, kind: what.kind, customer, items, total: found.total, page, pageSize };
}
