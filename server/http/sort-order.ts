import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { VALIDATION } from '../../common/i18n/validation';
import type { Db } from '../db/client';
import { fieldError } from './app-error';

/**
 * A new order of a list (tickets, categories, questions) names every one of `own` exactly once;
 * anything else is a 422 on `field`.
 */
export function assertEachOnce(ids: readonly number[], own: readonly number[], field: string): void {
  const mine = new Set(own);
  if (ids.length !== mine.size || new Set(ids).size !== mine.size || ids.some((id) => !mine.has(id)))
    throw fieldError(field, VALIDATION.invalid);
}

/** The place after the last of an event's rows in `table` (0 for its first): where a new row goes. */
export async function nextSortOrder(
  db: Db,
  { table, sortOrder, eventId }: { table: PgTable; sortOrder: AnyPgColumn; eventId: AnyPgColumn },
  event: number,
): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${sortOrder}) + 1, 0)::int` })
    .from(table)
    .where(eq(eventId, event));
  return Number(row?.next ?? 0);
}
