import { transitionTestModel } from '../testModel';
import { RECRUITMENT_EVENTS, recruitmentMachine } from './recruitment.machine';

/** The recruitment model walked by the server's model-based test (tests/api/recruitment.model.test.ts). */
export const recruitmentModel = transitionTestModel(recruitmentMachine, { events: RECRUITMENT_EVENTS });

export const recruitmentPaths = () => recruitmentModel.getShortestPaths();
