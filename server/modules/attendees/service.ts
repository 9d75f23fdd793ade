import { eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AttendeeDetailResponse,
  AttendeeResponse,
  AttendeesQuery,
  UpdateAttendeeRequest,
} from '../../../common/attendees';
import type { Database, Db } from '../../db/client';
import { attendees, orders } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { escapeLike, findList, type ListSpec, listQueries, listWhere } from '../../http/list';
import {
  type AttendeeRef,
  type AttendeeRow,
  getAttendee,
  getAttendeeRow,
  listed,
  queueAttendeeWebhook,
  selectAttendees,
  toAttendeeResponse,
} from '../attendee-view/service';
import { askedDate } from '../owned-events/dates';
import type { EventListContext } from '../owned-events/service';

type AttendeesSort = z.output<typeof AttendeesQuery>['sortBy'];
type AttendeesFilter = z.output<typeof AttendeesQuery>['filters'][number]['field'];

/**
 * A search matches part of a name or e-mail (through the trigram index on `search_text`) or a
 * whole order reference; both sides are indexed, so the search stays fast on large events.
 */
function searchFor(eventId: number, text: string): SQL | undefined {
  return or(
    ilike(attendees.searchText, `%${escapeLike(text.toLowerCase())}%`),
    sql`${attendees.orderId} = any(array(select ${orders.id} from ${orders}
      where ${orders.eventId} = ${eventId} and ${orders.reference} = ${text.toUpperCase()}))`,
  );
}

const countAttendees = (db: Db, where: SQL | undefined) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.orderId))
    .where(where);

/**
 * The attendee list: the event's listed attendees (of one date when `dateId` is given; checked
 * to be the event's by `askedDate`), filtered, searched and sorted as asked.
 */
export function attendeeList(db: Db, eventId: number, dateId?: number) {
  return {
    where: [listed(eventId), dateId === undefined ? undefined : eq(attendees.dateId, dateId)],
    filters: { ticket_id: { column: attendees.ticketId }, status: { column: attendees.status } },
    search: (text: string) => searchFor(eventId, text),
    sort: {
      created_at: attendees.createdAt,
      last_name: attendees.lastName,
      first_name: attendees.firstName,
      email: attendees.email,
    },
    tiebreaker: attendees.id,
    select: (where: SQL | undefined) => selectAttendees(db, where),
    count: async (where: SQL | undefined) => (await countAttendees(db, where))[0]?.n ?? 0,
    present: (rows: AttendeeRow[]) => rows.map(toAttendeeResponse),
  } satisfies ListSpec<AttendeesSort, AttendeesFilter, AttendeeRow, AttendeeResponse>;
}

/** The attendee list's two statements, a page of rows and the count (exposed to check their plans). */
export function attendeeListQueries(db: Db, eventId: number, query: z.output<typeof AttendeesQuery>) {
  const list = attendeeList(db, eventId, query.params.date_id);
  return {
    page: listQueries(query, list).page,
    count: () => countAttendees(db, listWhere(query, list)),
  };
}

/** `GET /api/events/{id}/attendees` */
export async function findAttendees({ db, event, query }: EventListContext<z.output<typeof AttendeesQuery>>) {
  const dateId = query.params.date_id;
  await askedDate(db, { eventId: event.id, dateId });
  return findList(query, attendeeList(db, event.id, dateId));
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
