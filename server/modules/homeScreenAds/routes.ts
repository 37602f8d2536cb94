import type { Handlers } from '../../http';

/** Home-screen advertisements and coupons (issue 11 §1–2). */
export const homeScreenAdHandlers: Handlers = {};
