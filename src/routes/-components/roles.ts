import type { RoleCode } from '../../api/session';

/**
 * Where a sign-in page sends you back to (its ?redirect=): a path inside the site only. Kept here, apart from the
 * form, because a route's validateSearch is in the first chunk every page loads.
 */
export const validateRedirect = (search: Record<string, unknown>): { redirect?: string } => ({
  redirect:
    typeof search.redirect === 'string' && search.redirect.startsWith('/') && !search.redirect.startsWith('//')
      ? search.redirect
      : undefined,
});

/** Where each role lands after signing in. */
export const DASHBOARD: Record<RoleCode, string> = {
  A: '/Dashboard/AdminDashboard',
  CD: '/Dashboard/Calldashboard',
  TE: '/Dashboard/TechnicianDashboard',
  IM: '/Dashboard/InventoryManagerDashBoard',
  VE: '/Dashboard/VendorDashboard',
  HR: '/Dashboard/HrDashboard',
  MR: '/Dashboard/MarketingDashboard',
  AC: '/Dashboard/AccountDashboard',
  Cust: '/',
};

export const ROLE_NAME: Record<RoleCode, string> = {
  A: 'Admin',
  CD: 'Call desk',
  TE: 'Technician',
  IM: 'Inventory manager',
  VE: 'Vendor',
  HR: 'HR',
  MR: 'Marketing',
  AC: 'Accountant',
  Cust: 'Customer',
};

/** Who an area is for, as a sentence says it: "This page is for admins or accountants." */
export const AREA_NAME: Record<RoleCode, string> = {
  A: 'admins',
  CD: 'the call desk',
  TE: 'technicians',
  IM: 'inventory managers',
  VE: 'vendors',
  HR: 'HR',
  MR: 'marketing',
  AC: 'accountants',
  Cust: 'customers',
};

/** The shared group's Change Password page, where a one-time password must be changed first. */
export const CHANGE_PASSWORD_PATH = '/Dashboard/ChangPasswordForProfessional';
