// The professional's own jobs (decision 019): the dashboard, the unassigned jobs they could take, their assigned,
// accepted and rejected jobs, taking, accepting, rejecting and completing a job, and the 'Available' switch. The
// server decides every rule and every action allowed; screens only show them. Reads are keyed under the
// ProfessionalJobs tag, so a live event or a write that names it refreshes every open list.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components } from './schema.gen';

type Schemas = components['schemas'];
export type ProfessionalJob = Schemas['ProfessionalJob'];
export type ProfessionalJobDone = Schemas['ProfessionalJobDone'];
export type ProfessionalJobAction = Schemas['ProfessionalJobAction'];
export type RejectedJob = Schemas['RejectedJob'];
export type TechnicianDashboard = Schemas['TechnicianDashboard'];

export interface JobsPage {
  page: number;
  pageSize: number;
}

/** The signed-in technician's dashboard: today's jobs in slot order, counts, rating and the 'Available' switch. */
export const technicianDashboardQuery = () =>
  queryOptions({
    queryKey: keyOf('ProfessionalJobs', 'getTechnicianDashboard'),
    queryFn: async () => (await call(client.GET('/api/Professional/GetTechnicianDashboard'))).data,
  });

/**
 * Unassigned jobs in the professional's zones and skills, oldest slot first. Staff (A, CD) name the professional by
 * mobile number; a technician leaves it out.
 */
export const unassignedJobsQuery = (p: JobsPage & { mobileNo?: string }) =>
  queryOptions({
    queryKey: keyOf('ProfessionalJobs', 'getUnassignedOrdersForProfessional', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Professional/GetUnassignedOrdersForProffessional', {
            params: {
              query: {
                page: p.page,
                pageSize: p.pageSize,
                ...(p.mobileNo ? { ProffessionalMobileNo: p.mobileNo } : {}),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** The technician's open jobs (assigned and accepted, or one of them), soonest slot first. */
export const assignedJobsQuery = (p: JobsPage & { state?: 'assigned' | 'accepted' }) =>
  queryOptions({
    queryKey: keyOf('ProfessionalJobs', 'getAssignedOrdersForProfessional', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Professional/GetAssignedOrdersForProffessional', {
            params: { query: { page: p.page, pageSize: p.pageSize, ...(p.state ? { state: p.state } : {}) } },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** Accepted jobs still to do (soonest first), or done ones (latest first) with rating, review and tip. */
export const acceptedJobsQuery = (p: JobsPage & { when: 'open' | 'done' }) =>
  queryOptions({
    queryKey: keyOf('ProfessionalJobs', 'getAcceptedOrdersForProfessional', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Professional/GetAcceptedOrdersForProffessional', {
            params: { query: { page: p.page, pageSize: p.pageSize, when: p.when } },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** The jobs the technician turned down, latest first. */
export const rejectedJobsQuery = (p: JobsPage) =>
  queryOptions({
    queryKey: keyOf('ProfessionalJobs', 'getRejectedOrdersForProfessional', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Professional/GetRejectedOrdersForProffessional', {
            params: { query: { page: p.page, pageSize: p.pageSize } },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** Takes an unassigned job or accepts an assigned one (RejFlag 0), or rejects it (RejFlag 1, with a reason). */
export const assignOrderToMyself = (body: { id: number; RejFlag: 0 | 1; Reason?: string }) =>
  call(client.POST('/api/Professional/AssignOrderToMyself', { body }));

/** The 'Available' switch: the reply's response_code is '1' when it changed. */
export const changeMyStatus = (value: boolean) =>
  call(client.PUT('/api/Professional/ChangeMystatus', { body: { value } }));

/** Completes an accepted job with the 4-digit code the customer gives at the door. */
export const completeJob = (job: { orderId: number; serviceId: number }, code: string) =>
  call(
    client.POST('/api/Professional/CompleteByProfessionalOrCustRating', {
      body: { Action: 'Complete', OrderId: job.orderId, ServiceId: job.serviceId, CompletionCode: code },
    }),
  );
