// Dispatch (decision 016): the staff's order line lists (unassigned, assigned, cancelled, completed) with their CSV
// exports, the ranked suggestions for a line, the active professionals, one line's detail and history, and the
// assignment. Reads are keyed under the Dispatch tag, so a live event or a write naming it refreshes every open list.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

type Schemas = components['schemas'];
export type DispatchLine = Schemas['DispatchLine'];
export type DispatchSuggestion = Schemas['DispatchSuggestion'];
export type DispatchRefusalReason = Schemas['DispatchRefusalReason'];
export type ActiveProfessional = Schemas['ActiveProfessional'];
export type DispatchLineDetail = Schemas['DispatchLineDetail']['data'];
export type DispatchAssigned = Schemas['DispatchAssigned']['data'];

/** The four staff lists of order lines; each is its own operation with the same filters. */
export type DispatchList = 'unassigned' | 'assigned' | 'cancelled' | 'completed';

export interface DispatchFilters {
  zoneId?: number;
  categoryId?: number;
  professionalId?: number;
  /** First and last slot day (India time), `YYYY-MM-DD`. */
  from?: string;
  to?: string;
  /** First and last day the line was placed (India time). */
  placedFrom?: string;
  placedTo?: string;
  /** The cancelled list only: first and last day the line was cancelled (India time). */
  cancelledFrom?: string;
  cancelledTo?: string;
  search?: string;
  /** The assigned list only: assigned (not yet accepted) or accepted lines. */
  state?: 'assigned' | 'accepted';
}

export interface DispatchPageParams extends DispatchFilters {
  pageSize: number;
  /** Where the page starts (keyset paging): the previous reply's nextCursor; none for the first page. */
  cursor?: string;
}

const PATHS = {
  unassigned: '/api/GetUnassignedOrders',
  assigned: '/api/GetAssignedOrders',
  cancelled: '/api/GetCancelledOrders',
  completed: '/api/Professional/GetCompletedOrders',
} as const;

const OPERATIONS = {
  unassigned: 'getUnassignedOrders',
  assigned: 'getAssignedOrders',
  cancelled: 'getCancelledOrders',
  completed: 'getCompletedOrders',
} as const;

/** The query string the lists share (the CSV export sends the same filters). */
function filterQuery(f: DispatchFilters, list: DispatchList) {
  const search = f.search?.trim();
  return {
    ...(f.zoneId ? { ZoneId: f.zoneId } : {}),
    ...(f.categoryId ? { CategoryId: f.categoryId } : {}),
    ...(f.professionalId ? { ProfessionalId: f.professionalId } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(f.placedFrom ? { placedFrom: f.placedFrom } : {}),
    ...(f.placedTo ? { placedTo: f.placedTo } : {}),
    ...(list === 'cancelled' && f.cancelledFrom ? { cancelledFrom: f.cancelledFrom } : {}),
    ...(list === 'cancelled' && f.cancelledTo ? { cancelledTo: f.cancelledTo } : {}),
    ...(search ? { search } : {}),
    ...(list === 'assigned' && f.state ? { State: f.state } : {}),
  };
}

// The lists answer JSON unless format=csv is asked for; the contract lists both, so the type says either.
type ListReply = Schemas['DispatchLinePage'];
const asPage = (reply: unknown) => (reply as ListReply).data;

/** One page of a list, keyed by everything it sends. */
export const dispatchListQuery = (list: DispatchList, p: DispatchPageParams) => {
  const query = { ...filterQuery(p, list), pageSize: p.pageSize, ...(p.cursor ? { cursor: p.cursor } : {}) };
  return queryOptions({
    queryKey: keyOf('Dispatch', OPERATIONS[list], query),
    queryFn: async () =>
      asPage(
        await call(
          // The four operations take the same query (the assigned list adds State): one typed call per path.
          list === 'unassigned'
            ? client.GET(PATHS.unassigned, { params: { query } })
            : list === 'assigned'
              ? client.GET(PATHS.assigned, { params: { query } })
              : list === 'cancelled'
                ? client.GET(PATHS.cancelled, { params: { query } })
                : client.GET(PATHS.completed, { params: { query } }),
        ),
      ),
    placeholderData: keepPreviousData,
  });
};

/**
 * Every line of a list matching the filters, as the server's CSV text. It needs the Bearer token, so it is fetched
 * through the client (a plain link would go without it) and saved by the screen as a file.
 */
export async function dispatchListCsv(list: DispatchList, f: DispatchFilters): Promise<string> {
  const query = { ...filterQuery(f, list), format: 'csv' as const };
  const reply =
    list === 'unassigned'
      ? client.GET(PATHS.unassigned, { params: { query }, parseAs: 'text' })
      : list === 'assigned'
        ? client.GET(PATHS.assigned, { params: { query }, parseAs: 'text' })
        : list === 'cancelled'
          ? client.GET(PATHS.cancelled, { params: { query }, parseAs: 'text' })
          : client.GET(PATHS.completed, { params: { query }, parseAs: 'text' });
  return call(reply as Promise<{ data?: string; error?: unknown; response: Response }>);
}

/** The professionals who may take a line, best first, each with why. */
export const dispatchSuggestionsQuery = (line: { orderId: number; serviceId: number }, limit = 10) =>
  queryOptions({
    queryKey: keyOf('Dispatch', 'getDispatchSuggestions', { ...line, limit }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Dispatch/GetSuggestions', {
            params: { query: { OrderId: line.orderId, ServiceId: line.serviceId, limit } },
          }),
        )
      ).data,
  });

export interface ActiveProfessionalsParams {
  page: number;
  pageSize: number;
  search?: string;
  zoneId?: number;
  serviceId?: number;
  available?: boolean;
}

/** Active professionals by name (the manual choice of an assignment, and the lists' professional filter). */
export const activeProfessionalsQuery = (p: ActiveProfessionalsParams) =>
  queryOptions({
    queryKey: keyOf('Dispatch', 'getActivateTechsEngg', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Professional/GetActivateTechsEngg', {
            params: {
              query: {
                page: p.page,
                pageSize: p.pageSize,
                ...(p.search?.trim() ? { search: p.search.trim() } : {}),
                ...(p.zoneId ? { ZoneId: p.zoneId } : {}),
                ...(p.serviceId ? { ServiceId: p.serviceId } : {}),
                ...(p.available !== undefined ? { Available: p.available } : {}),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** One line for staff: order, customer, area, professional, state, allowed events, history and rejections. */
export const dispatchOrderLineQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Dispatch', 'getDispatchOrderLine', { id }),
    queryFn: async () => (await call(client.GET('/api/Dispatch/GetOrderLine', { params: { query: { id } } }))).data,
    enabled: id > 0,
  });

/**
 * Assigns (or reassigns) a line. Refused with 409 and `reason`/`reasons` when it breaks a rule; sent again with a
 * remark, it overrides every rule but an inactive professional.
 */
export const assignTechnician = (line: { orderId: number; serviceId: number }, technicianId: number, remark?: string) =>
  call(
    client.POST('/api/AssignTechnician', {
      params: { query: { TechnicianId: technicianId, ServiceId: line.serviceId, OrderId: line.orderId } },
      body: remark ? { remark } : {},
    }),
  );

/** The admin cancels a line (decision 014): always a full refund to the customer's wallet, with a remark. */
export const adminCancelOrderLine = (
  body: operations['adminCancelOrderLine']['requestBody']['content']['application/json'],
) => call(client.POST('/api/Order/AdminCancelOrderLine', { body }));
