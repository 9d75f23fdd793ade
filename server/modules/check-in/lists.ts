import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CheckInListRequest,
  type CheckInListResponse,
  type CheckInStatsResponse,
  checkInListState,
} from '../../../common/check-in';
import type { Database, Db, Transaction } from '../../db/client';
import { queryRows, sqlList } from '../../db/rows';
import { checkInLists, checkInListTickets } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { assertEventDate } from '../event-dates/service';
import { type EventListContext, getEvent } from '../owned-events/service';
import { assertEventTickets } from '../tickets/service';

type Row = typeof checkInLists.$inferSelect;
type Input = z.output<typeof CheckInListRequest>;
/** A check-in list of an event, as the caller names it. */
interface ListRef {
  auth: AuthContext;
  eventId: number;
  listId: number;
}

export const newCheckInShortId = () => randomBytes(16).toString('base64url');

type TicketCount = {
  list_id: string | number;
  ticket_id: string | number;
  title: string;
  expected: number;
  checked_in: number;
  conflicts: number;
};

/**
 * Per list and ticket: valid tickets (ACTIVE attendees of orders that still stand) expected,
 * how many of them are checked in now, and offline scans refused because another device had
 * already let the same person in.
 */
async function countsOf(db: Db, listIds: number[]): Promise<TicketCount[]> {
  if (listIds.length === 0) return [];
  const ids = sqlList(listIds);
  return queryRows<TicketCount>(
    db,
    sql`select l.check_in_list_id as list_id, t.id as ticket_id, t.title,
          (select count(*)::int from attendees a
            where a.ticket_id = t.id and a.status = 'ACTIVE'
              and (list.date_id is null or a.date_id = list.date_id)) as expected,
          (select count(*)::int from check_ins c join attendees a on a.id = c.attendee_id
            where c.check_in_list_id = l.check_in_list_id and c.checked_out_at is null
              and a.ticket_id = t.id and a.status = 'ACTIVE') as checked_in,
          (select count(*)::int from check_in_scans s join attendees a on a.id = s.attendee_id
            where s.check_in_list_id = l.check_in_list_id and s.scanned_at is not null
              and s.outcome = 'ALREADY_CHECKED_IN' and a.ticket_id = t.id) as conflicts
        from check_in_list_tickets l join tickets t on t.id = l.ticket_id
          join check_in_lists list on list.id = l.check_in_list_id
        where l.check_in_list_id in (${ids})
        order by t.sort_order, t.id`,
  );
}

async function responses(db: Db, rows: Row[], now = new Date()): Promise<CheckInListResponse[]> {
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const mine = counts.filter((c) => Number(c.list_id) === row.id);
    const dates = {
      activates_at: row.activatesAt?.toISOString() ?? null,
      expires_at: row.expiresAt?.toISOString() ?? null,
    };
    return {
      id: row.id,
      short_id: row.shortId,
      name: row.name,
      description: row.description,
      ...dates,
      ticket_ids: mine.map((c) => Number(c.ticket_id)).sort((a, b) => a - b),
      date_id: row.dateId,
      state: checkInListState(dates, now),
      checked_in: mine.reduce((n, c) => n + c.checked_in, 0),
      expected: mine.reduce((n, c) => n + c.expected, 0),
      created_at: row.createdAt.toISOString(),
    };
  });
}

async function one(db: Db, { auth, eventId, listId }: ListRef): Promise<Row> {
  await getEvent(db, auth.accountId, eventId);
  const [row] = await db
    .select()
    .from(checkInLists)
    .where(and(eq(checkInLists.id, listId), eq(checkInLists.eventId, eventId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const columnsOf = (input: Input) => ({
  dateId: input.date_id ?? null,
  name: input.name,
  description: input.description || null,
  activatesAt: input.activates_at ? new Date(input.activates_at) : null,
  expiresAt: input.expires_at ? new Date(input.expires_at) : null,
});

async function linkTickets(tx: Transaction, listId: number, ticketIds: number[]): Promise<void> {
  await tx.delete(checkInListTickets).where(eq(checkInListTickets.checkInListId, listId));
  await tx
    .insert(checkInListTickets)
    .values(ticketIds.map((ticketId) => ({ checkInListId: listId, ticketId })));
}

/** `GET /api/events/{id}/check-in-lists`: the event's lists by name, with how many are in. */
export async function findCheckInLists({ db, event }: Pick<EventListContext<unknown>, 'db' | 'event'>) {
  const rows = await db
    .select()
    .from(checkInLists)
    .where(eq(checkInLists.eventId, event.id))
    .orderBy(asc(checkInLists.name), asc(checkInLists.id));
  return responses(db, rows);
}

export async function getCheckInList({ db, ...ref }: ListRef & { db: Db }) {
  const [response] = await responses(db, [await one(db, ref)]);
  if (!response) throw new AppError('NOT_FOUND');
  return response;
}

/** A list needs tickets that exist, of this event. */
export async function createCheckInList({
  db,
  auth,
  eventId,
  input,
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  input: Input;
}) {
  const event = await getEvent(db, auth.accountId, eventId);
  const listId = await inTransaction(db, async (tx) => {
    const ticketIds = await assertEventTickets({ db: tx, eventId, ticketIds: input.ticket_ids });
    if (input.date_id) await assertEventDate(tx, { eventId, dateId: input.date_id });
    const [row] = await tx
      .insert(checkInLists)
      .values({ accountId: event.accountId, eventId, shortId: newCheckInShortId(), ...columnsOf(input) })
      .returning();
    if (!row) throw new Error('check-in list insert returned nothing');
    await linkTickets(tx, row.id, ticketIds);
    return row.id;
  });
  return getCheckInList({ db, auth, eventId, listId });
}

export async function updateCheckInList({ db, input, ...ref }: ListRef & { db: Database; input: Input }) {
  await one(db, ref);
  await inTransaction(db, async (tx) => {
    const ticketIds = await assertEventTickets({ db: tx, eventId: ref.eventId, ticketIds: input.ticket_ids });
    if (input.date_id) await assertEventDate(tx, { eventId: ref.eventId, dateId: input.date_id });
    await tx
      .update(checkInLists)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(eq(checkInLists.id, ref.listId));
    await linkTickets(tx, ref.listId, ticketIds);
  });
  return getCheckInList({ db, ...ref });
}

/** A new staff link; the old one stops working at once. */
export async function regenerateCheckInLink({ db, ...ref }: ListRef & { db: Db }) {
  await one(db, ref);
  await db
    .update(checkInLists)
    .set({ shortId: newCheckInShortId(), updatedAt: new Date() })
    .where(eq(checkInLists.id, ref.listId));
  return getCheckInList({ db, ...ref });
}

export async function deleteCheckInList({ db, ...ref }: ListRef & { db: Db }) {
  await one(db, ref);
  await db.delete(checkInLists).where(eq(checkInLists.id, ref.listId));
}

/** `GET /api/events/{id}/check_in_stats` */
export async function getCheckInStats(
  db: Db,
  auth: AuthContext,
  eventId: number,
): Promise<CheckInStatsResponse> {
  await getEvent(db, auth.accountId, eventId);
  const rows = await db
    .select()
    .from(checkInLists)
    .where(eq(checkInLists.eventId, eventId))
    .orderBy(asc(checkInLists.name), asc(checkInLists.id));
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    lists: rows.map((row) => {
      const mine = counts.filter((c) => Number(c.list_id) === row.id);
      return {
        id: row.id,
        name: row.name,
        checked_in: mine.reduce((n, c) => n + c.checked_in, 0),
        expected: mine.reduce((n, c) => n + c.expected, 0),
        conflicts: mine.reduce((n, c) => n + c.conflicts, 0),
        tickets: mine.map((c) => ({
          ticket_id: Number(c.ticket_id),
          title: c.title,
          checked_in: c.checked_in,
          expected: c.expected,
        })),
      };
    }),
  };
}
