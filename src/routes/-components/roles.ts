import type { RoleCode } from '../../api/session';

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
