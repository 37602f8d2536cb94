// Recruitment (HR, decision 032): candidates, their documents and private files, the pipeline (one
// machine: src/machines/recruitment), the admin's approval, the derived recruitment log, the funnel and the
// month-wise report. Reads are query-options factories keyed by the operation kit; writes return the server's reply
// and callers refetch with `invalidateAfter(operationId)`.

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import { pageQuery } from './listQuery';
import type { components, operations } from './schema.gen';

type Schemas = components['schemas'];
export type Candidate = Schemas['Candidate'];
export type CandidateDetail = Schemas['CandidateDetail'];
export type CandidateStep = Schemas['CandidateStep'];
export type CandidateBody = Schemas['CandidateBody'];
export type CandidateState = Schemas['CandidateState'];
export type CandidateAction = Schemas['CandidateAction'];
export type CandidateEvent = Schemas['CandidateEvent'];
export type CandidateDocs = Schemas['CandidateDocs'];
export type CandidateDocsBody = Schemas['CandidateDocsBody'];
export type CandidateImportRow = Schemas['CandidateImportRow'];
export type CandidateFileKind = operations['getCandidateFile']['parameters']['query']['kind'];
export type RecruitmentLogRow = Schemas['RecruitmentLogRow'];
export type RecruitmentReportRow = Schemas['RecruitmentReportRow'];
export type RecruitmentFunnel = Schemas['RecruitmentFunnelReply']['data'];
export type Designation = Schemas['ProfessionalType'];
export type RecruitmentProcessQuery = operations['recruitmentProcess']['parameters']['query'];

export interface CandidateListParams {
  page: number;
  pageSize: number;
  search?: string;
  sort?: 'createdAt' | 'name' | 'updatedAt';
  order?: 'asc' | 'desc';
  designationType?: Designation;
  state?: CandidateState;
  /** Only the finalised, sent for approval and approved whose documents are missing or not verified. */
  awaitingVerification?: boolean;
}

/** Every candidate (or one state's with `state`), paged and searchable by name, phone or e-mail. */
export const candidatesQuery = (p: CandidateListParams) =>
  queryOptions({
    queryKey: keyOf('Recruitment', 'getCandidatesAllOrById', { ...p }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Hr/GetCandidatesAllOrById', {
            params: {
              query: {
                ...pageQuery(p),
                sort: p.sort,
                order: p.order,
                designationType: p.designationType,
                state: p.state,
                awaitingVerification: p.awaitingVerification || undefined,
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** One state's list (Screened, Interview, Finalised, OnBoarding, Admin Rejected...), with each row's allowed events. */
export const candidatesByActionQuery = (Action: CandidateAction, p: Omit<CandidateListParams, 'state'>) =>
  queryOptions({
    queryKey: keyOf('Recruitment', 'getCandidatesByAction', { Action, ...p }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Hr/GetCandidatesByAction', {
            params: {
              query: {
                Action,
                ...pageQuery(p),
                sort: p.sort,
                order: p.order,
                designationType: p.designationType,
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** One candidate with the history of every step and the events the caller may send now. */
export const candidateQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Recruitment', 'getCandidateDetail', { id }),
    queryFn: async () => (await call(client.GET('/api/Hr/GetCandidateDetail', { params: { query: { id } } }))).data,
    enabled: id > 0,
  });

export const candidateHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Recruitment', 'getCandidateHistory', { id }),
    queryFn: async () => (await call(client.GET('/api/Hr/GetCandidateHistory', { params: { query: { id } } }))).data,
    enabled: id > 0,
  });

/** The candidate's documents (the query fails with 404 while none were added). */
export const candidateDocsQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Recruitment', 'getCandidateDocs', { id }),
    queryFn: async () => (await call(client.GET('/api/Hr/GetCandidateDocs', { params: { query: { id } } }))).data,
    enabled: id > 0,
  });

export const addCandidate = async (body: CandidateBody) => call(client.POST('/api/Hr/AddCandidates', { body }));

export const importCandidates = async (rows: CandidateImportRow[]) =>
  (await call(client.POST('/api/Excel/AddCandidatesExcel', { body: rows }))).data;

export const deleteCandidate = async (id: number) =>
  call(client.DELETE('/api/Hr/DeleteCandidates', { params: { query: { id } } }));

export const addCandidateDocs = async (body: CandidateDocsBody) =>
  call(client.POST('/api/Hr/AddCandidateDocs', { body }));

export const updateCandidateDocs = async (body: CandidateDocsBody) =>
  call(client.POST('/api/Hr/UpdateCandidateDocs', { body }));

/** HR's step: Action Screen/Interview/Finalise with AccFlag 1 moves on; AccFlag 0 or Action Reject rejects. */
export const recruitmentProcess = async (query: RecruitmentProcessQuery) =>
  call(client.PUT('/api/Hr/RecruitmentProcess', { params: { query } }));

export const sendForApproval = async (id: number, Remark = '') =>
  call(client.PUT('/api/Hr/SendCandidateForApproval', { params: { query: { id, Remark } } }));

/** The admin's decision: approve, or reject with a remark. */
export const decideCandidate = async (id: number, approve: boolean, RejectRemark = '') =>
  call(
    client.PUT('/api/Employee/ApproveRejectCandidate', {
      params: { query: { id, AccFlag: approve ? 1 : 0, RejectRemark } },
    }),
  );

/** A private file (CV or document) as a Blob: never a public URL. */
export async function candidateFile(id: number, kind: CandidateFileKind): Promise<Blob> {
  const res = await client.GET('/api/Hr/GetCandidateFile', { params: { query: { id, kind } }, parseAs: 'blob' });
  if (res.error || !res.data) throw new Error('The file could not be fetched.');
  return res.data as unknown as Blob;
}

export interface RecruitmentLogParams {
  from?: string;
  to?: string;
  groupBy?: 'day' | 'month';
  hrId?: number;
}

/** Screenings, interviews, finalisations and appointments per HR user per day or month (derived from the steps). */
export const recruitmentLogQuery = (p: RecruitmentLogParams) =>
  queryOptions({
    queryKey: keyOf('Recruitment', 'getRecruitmentLog', { ...p }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Hr/GetRecruitmentLog', {
            params: { query: { from: p.from, to: p.to, groupBy: p.groupBy, hrId: p.hrId } },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** Today's counts of the calling HR user (AddIntoRecruitmentLog records nothing: the log is derived). */
export const refreshRecruitmentLog = async () => (await call(client.POST('/api/Hr/AddIntoRecruitmentLog'))).data;

export const recruitmentFunnelQuery = (p: { from?: string; to?: string; designationType?: Designation }) =>
  queryOptions({
    queryKey: keyOf('Recruitment', 'getRecruitmentFunnel', { ...p }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Hr/GetRecruitmentFunnel', {
            params: { query: { from: p.from, to: p.to, designationType: p.designationType } },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export interface MonthWiseParams {
  Year?: number;
  designationType?: Designation;
}

export const monthWiseRecruitmentQuery = (p: MonthWiseParams) =>
  queryOptions({
    queryKey: keyOf('Recruitment', 'getMonthWiseRecruitment', { ...p }),
    queryFn: async () => {
      const reply = await call(
        client.GET('/api/Reports/MonthWiseRecruitment', {
          params: { query: { Year: p.Year, designationType: p.designationType, format: 'json' } },
        }),
      );
      // format=json answers JSON; the CSV branch of the contract's union never comes back here.
      if (typeof reply === 'string') throw new Error('The report came back as a file.');
      return reply.data;
    },
    placeholderData: keepPreviousData,
  });

/** The month-wise report as a CSV or XLSX file. */
export async function monthWiseRecruitmentFile(
  p: MonthWiseParams,
  format: 'csv' | 'xlsx',
): Promise<{ blob: Blob; fileName: string }> {
  const res = await client.GET('/api/Reports/MonthWiseRecruitment', {
    params: { query: { Year: p.Year, designationType: p.designationType, format } },
    parseAs: 'blob',
  });
  if (res.error || !res.data) throw new Error('The report could not be fetched.');
  const disposition = res.response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `recruitment-${p.Year ?? 'report'}.${format}`;
  return { blob: res.data as unknown as Blob, fileName };
}
