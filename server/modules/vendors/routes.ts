import type { Handlers } from '../../http';

// Vendors (issue 12 §1, §4): vendor accounts and profiles, the vendor's professionals and their jobs.
export const vendorHandlers: Handlers = {};
