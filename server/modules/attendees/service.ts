import { eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AttendeeDetailResponse,
  AttendeesQuery,
  UpdateAttendeeRequest,
} from '../../../common/attendees';
import type { Database, Db } from '../../db/client';
import { attendees, orders } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { AuthContext } from '../../http/auth';
import { escapeLike, filterConditions, findPage, orderBy, whereAll } from '../../http/list';
import {
  type AttendeeRef,
  getAttendee,
  getAttendeeRow,
  listed,
  queueAttendeeWebhook,
  selectAttendees,
  toAttendeeResponse,
} from '../attendee-view/service';
import { getEvent } from '../owned-events/service';

/**
 * A search matches part of a name or e-mail (through the trigram index on `search_text`) or a
 * whole order reference; both sides are indexed, so the search stays fast on large events.
 */
function searchFor(eventId: number, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  return or(
    ilike(attendees.searchText, `%${escapeLike(text.toLowerCase())}%`),
    sql`${attendees.orderId} = any(array(select ${orders.id} from ${orders}
      where ${orders.eventId} = ${eventId} and ${orders.reference} = ${text.toUpperCase()}))`,
  );
}

/** The conditions of the attendee list and its exports: the event, then the list's filters. */
export function attendeeConditions(
  eventId: number,
  query: Pick<z.output<typeof AttendeesQuery>, 'filters' | 'query'>,
) {
  return whereAll([
    listed(eventId),
    ...filterConditions(query.filters, {
      ticket_id: { column: attendees.ticketId },
      status: { column: attendees.status },
    }),
    searchFor(eventId, query.query),
  ]);
}

/** The attendee list's two queries, a page of rows and the count (exposed to check their plans). */
export function attendeeListQueries(db: Db, eventId: number, query: z.output<typeof AttendeesQuery>) {
  const where = attendeeConditions(eventId, query);
  const sort = {
    created_at: attendees.createdAt,
    last_name: attendees.lastName,
    first_name: attendees.firstName,
    email: attendees.email,
  };
  return {
    page: (limit: number, offset: number) =>
      selectAttendees(db, where)
        .orderBy(...orderBy(query, sort, attendees.id))
        .limit(limit)
        .offset(offset),
    count: () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(attendees)
        .innerJoin(orders, eq(orders.id, attendees.orderId))
        .where(where),
  };
}

/** `GET /api/events/{id}/attendees` */
export async function findAttendees({
  db,
  auth,
  eventId,
  query,
}: {
  db: Db;
  auth: AuthContext;
  eventId: number;
  query: z.output<typeof AttendeesQuery>;
}) {
  await getEvent(db, auth.accountId, eventId);
  const queries = attendeeListQueries(db, eventId, query);
  return findPage(query, {
    rows: async (limit, offset) => (await queries.page(limit, offset)).map(toAttendeeResponse),
    total: async () => (await queries.count())[0]?.n ?? 0,
  });
}

/** `PUT /api/events/{id}/attendees/{attendeeId}`: corrects who holds the ticket. */
export async function updateAttendee({
  db,
  input,
  ...ref
}: AttendeeRef & {
  db: Database;
  input: z.output<typeof UpdateAttendeeRequest>;
}): Promise<AttendeeDetailResponse> {
  await inTransaction(db, async (tx) => {
    await getAttendeeRow({ db: tx, ...ref });
    await tx
      .update(attendees)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        updatedAt: new Date(),
      })
      .where(eq(attendees.id, ref.attendeeId));
    const changed = { id: ref.attendeeId, accountId: ref.auth.accountId, eventId: ref.eventId };
    await queueAttendeeWebhook(tx, changed, 'attendee.updated');
  });
  return getAttendee({ db, ...ref });
}
