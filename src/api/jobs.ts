import { queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components } from './schema.gen';

export type Job = components['schemas']['Job'];
export type JobState = components['schemas']['JobState'];
export type JobQueueCounts = components['schemas']['JobQueueCounts'];

/** The job runner's counts and newest jobs (decision 065), read again every few seconds while the page is open. */
export const jobsQuery = (p: { state?: JobState }) =>
  queryOptions({
    queryKey: keyOf('Jobs', 'getJobs', p),
    queryFn: async () =>
      (await call(client.GET('/api/System/Jobs', { params: { query: p.state ? { state: p.state } : {} } }))).data,
    refetchInterval: 3000,
  });

export const retryJob = async (id: string) =>
  call(client.POST('/api/System/Jobs/{id}/Retry', { params: { path: { id } } }));
