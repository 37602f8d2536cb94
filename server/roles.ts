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

/** Customers, vendors and professionals: the parties an operation may name (x-owner); they act only for themselves. */
export const isPartyRole = (role: RoleCode) => !staffCodes.has(role);

/**
 * The account a sign-in or OTP attempt is for, spelled one way, so that re-spelling it ("+91 90000 00001",
 * " ADMIN@Doorstep.test ") does not start a fresh rate-limit count: trimmed, lower case, no spaces, and a mobile
 * number reduced to its 10 digits (no +91, 91 or 0 prefix).
 */
export function accountKey(identifier: unknown): string {
  const s = String(identifier ?? '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '');
  const digits = s.replace(/[-().]/g, '');
  return /^(?:\+?91|0)?[6-9]\d{9}$/.test(digits) ? digits.slice(-10) : s;
}
