import { type SQL, sql } from 'drizzle-orm';

/** A timestamp column's India day (server/shared/indiaTime.ts in SQL): how every report and its rollup date a row. */
export const istDay = (column: SQL) => sql`(${column} at time zone 'Asia/Kolkata')::date`;

/** The instant an India day ('YYYY-MM-DD') starts. */
export const dayStart = (day: string) => sql`((${day}::date)::timestamp at time zone 'Asia/Kolkata')`;
