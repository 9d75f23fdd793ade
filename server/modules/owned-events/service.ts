import type { I18n } from '@lingui/core';
import { and, eq } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client';
import { events } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';

/**
 * The first step of every service that works on an event of the caller's account (its tickets,
 * questions, orders, lists…): find it, or lock it. Kept apart from the events module, which
 * builds on many others, so that every module can ask without a cycle (docs/architecture.md,
 * "Server modules").
 */
export type EventRow = typeof events.$inferSelect;

const ofAccount = (accountId: number, id: number) => and(eq(events.id, id), eq(events.accountId, accountId));

/** An event of the caller's account, or 404. */
export async function getEvent(db: Db, accountId: number, id: number): Promise<EventRow> {
  const [row] = await db.select().from(events).where(ofAccount(accountId, id));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The same, locked until the transaction ends: changes to the event and its catalogue queue up. */
export async function lockEvent(tx: Transaction, accountId: number, id: number): Promise<EventRow> {
  const [row] = await tx.select().from(events).where(ofAccount(accountId, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * What the service of an event's list (or of its export) is handed by `eventListRoutes`: the
 * event, already found among the caller's account's, and the request's parsed query.
 */
export interface EventListContext<Q> {
  db: Database;
  auth: AuthContext;
  event: EventRow;
  query: Q;
  i18n: I18n;
}
