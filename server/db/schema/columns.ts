import { sql } from 'drizzle-orm';
import type { AnyPgColumn, ReferenceConfig } from 'drizzle-orm/pg-core';
import { bigint, check, integer, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The column kinds every table shares, written once: an instant is always stored with its zone (timestamptz), a
 * bigint (paise sums, ledger ids) is read as a JavaScript number, well below 2^53.
 */

/** A moment in time, stored as timestamptz. */
export const instant = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => instant('created_at').notNull().defaultNow();

/** When the row last changed; the repos set it on update. */
export const updatedAt = () => instant('updated_at').notNull().defaultNow();

/** A bigint read as a number. */
export const bigintNumber = <N extends string>(name: N) => bigint(name, { mode: 'number' });

/** A required foreign key to an integer id. */
export const requiredRef = <N extends string>(
  name: N,
  target: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) => integer(name).notNull().references(target, actions);

/** A person's PAN and Aadhaar on a profile (a vendor's, a professional's). */
type IdentityNumbers = { panNumber: AnyPgColumn; aadhaarNumber: AnyPgColumn };

/** One profile per PAN and per Aadhaar. */
export const identityUniques = (table: string, t: IdentityNumbers) => [
  uniqueIndex(`${table}_pan_uq`).on(t.panNumber),
  uniqueIndex(`${table}_aadhaar_uq`).on(t.aadhaarNumber),
];

/** The numbers' formats, as the database holds them (the full rules are server/shared/identity.ts). */
export const identityChecks = (table: string, t: IdentityNumbers) => [
  check(`${table}_pan_ck`, sql`${t.panNumber} ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'`),
  check(`${table}_aadhaar_ck`, sql`${t.aadhaarNumber} ~ '^[2-9][0-9]{11}$'`),
];
