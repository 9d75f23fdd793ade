import { type SQL, sql } from 'drizzle-orm';

/*
 * One address however it was typed: buyers' and attendees' addresses are stored as entered, so
 * every lookup by address ("Find my tickets", a buyer's data, an erasure) compares them trimmed
 * and lower-cased, against an address normalized the same way.
 */

/** An address as lookups compare it. */
export const normalEmail = (email: string): string => email.trim().toLowerCase();

/** The column holds `email` (already normalized), whatever its case and surrounding spaces. */
export const sameEmail = (column: unknown, email: string): SQL => sql`lower(trim(${column})) = ${email}`;
