import type { Db } from '../../../db/client';
import * as repo from './repo';

/** The counts that exist so far; later modules add theirs (orders, products, candidates...). */
export const dashboardCounts = (db: Db) => repo.dashboardCounts(db);
