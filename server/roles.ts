import type { RoleCode } from './http';

export const ROLES: { code: RoleCode; name: string; staff: boolean }[] = [
  { code: 'A', name: 'Admin', staff: true },
  { code: 'CD', name: 'Call desk', staff: true },
  { code: 'TE', name: 'Technician / Engineer', staff: false },
  { code: 'IM', name: 'Inventory manager', staff: true },
  { code: 'VE', name: 'Vendor', staff: false },
  { code: 'HR', name: 'Human resources', staff: true },
  { code: 'MR', name: 'Marketing', staff: true },
  { code: 'AC', name: 'Accountant', staff: true },
  { code: 'Cust', name: 'Customer', staff: false },
];

const staffCodes = new Set(ROLES.filter((r) => r.staff).map((r) => r.code));

/** Back-office staff (not customers, vendors or professionals). */
export const isStaff = (user: { role: RoleCode } | null | undefined) => !!user && staffCodes.has(user.role);

/** Admins (role A) see inactive catalogue items and may filter lists by status; everyone else sees active ones. */
export const isAdmin = (user: { role: RoleCode } | null | undefined) => user?.role === 'A';
