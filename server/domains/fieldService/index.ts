/**
 * The fieldService domain's door: the professional's side: profiles, jobs, the call desk and ratings.
 * Other domains, the handler table and the seeds import only this file (docs/architecture.md).
 * It may use the doors of platform, catalogue, money, marketing, people, commerce; never a domain listed after it.
 */
import type { Handlers } from '../../http';
import { callDeskHandlers } from './callDesk/routes';
import { professionalJobHandlers } from './professionalJobs/routes';
import { professionalHandlers } from './professionals/routes';
import { ratingHandlers } from './ratings/routes';

export * as persons from './persons/service';
export { completeForSeed, moveJob, resyncRatingsForSeed } from './professionalJobs/service';
export * as professionals from './professionals/service';

/** Every operation of the fieldService domain, by operationId. */
export const handlers: Handlers = {
  ...callDeskHandlers,
  ...professionalHandlers,
  ...professionalJobHandlers,
  ...ratingHandlers,
};
