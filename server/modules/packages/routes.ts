import type { Handlers } from '../../http';

/** Special packages (issue 11 §2). */
export const packageHandlers: Handlers = {};
