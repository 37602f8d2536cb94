import type { Handlers } from '../../http';

/** The marketing dashboard's figures (issue 11 §5). */
export const marketingDashboardHandlers: Handlers = {};
