import { createHash } from 'node:crypto';
import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  type CheckInAttendee,
  checkInListState,
  emailHint,
  type PublicCheckInListResponse,
} from '../../../common/check-in';
import { TICKET_CODE_HASH } from '../../../common/ticket-code';
import type { Db } from '../../db/client';
import {
  attendees,
  checkInLists,
  checkInListTickets,
  checkIns,
  eventDates,
  events,
  orders,
  tickets,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { escapeLike, findPage } from '../../http/list';
import { LISTED_ORDER_STATUSES } from '../attendee-view/service';
import { findAttendeeSeats } from '../stock/seats';
import { getEventKey } from '../ticket-codes/service';
import { paymentsDue } from './payment-due';

// What door staff see through a list's link: the list, its counts and revoked codes, and the
// people on it. Scanning is in scan.ts.

export type ListRow = typeof checkInLists.$inferSelect;

/** How a list names a ticket without its link (see `TICKET_CODE_HASH`). */
export const ticketCodeHash = (attendeeShortId: string) =>
  createHash('sha256')
    .update(attendeeShortId)
    .digest()
    .subarray(0, TICKET_CODE_HASH.bytes)
    .toString('base64url');

export async function getListByShortId(db: Db, shortId: string): Promise<ListRow> {
  const [row] = await db.select().from(checkInLists).where(eq(checkInLists.shortId, shortId));
  if (!row) throw new AppError('CHECK_IN_LIST_NOT_FOUND');
  return row;
}

/** The list's attendees: tickets on the list, of orders that reached checkout. */
const onList = (list: ListRow) =>
  and(
    eq(attendees.eventId, list.eventId),
    list.dateId === null ? undefined : eq(attendees.dateId, list.dateId),
    inArray(
      attendees.ticketId,
      sql`(select ticket_id from check_in_list_tickets where check_in_list_id = ${list.id})`,
    ),
    inArray(orders.status, [...LISTED_ORDER_STATUSES]),
  );

/** `GET /api/public/check-in-lists/{shortId}` */
export async function getPublicCheckInList(
  db: Db,
  shortId: string,
  now = new Date(),
): Promise<PublicCheckInListResponse> {
  const list = await getListByShortId(db, shortId);
  const [event] = await db.select().from(events).where(eq(events.id, list.eventId));
  if (!event) throw new AppError('CHECK_IN_LIST_NOT_FOUND');
  const ticketRows = await db
    .select({ id: checkInListTickets.ticketId })
    .from(checkInListTickets)
    .where(eq(checkInListTickets.checkInListId, list.id));
  const [counts] = await db
    .select({
      expected: sql<number>`count(*) filter (where ${attendees.status} = 'ACTIVE')::int`,
      checkedIn: sql<number>`count(${checkIns.id}) filter (where ${attendees.status} = 'ACTIVE')::int`,
    })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.orderId))
    .leftJoin(
      checkIns,
      and(
        eq(checkIns.attendeeId, attendees.id),
        eq(checkIns.checkInListId, list.id),
        isNull(checkIns.checkedOutAt),
      ),
    )
    .where(onList(list));
  const [date] =
    list.dateId === null ? [] : await db.select().from(eventDates).where(eq(eventDates.id, list.dateId));
  const revoked = await db
    .select({ shortId: attendees.shortId })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.orderId))
    .where(and(onList(list), eq(attendees.status, 'CANCELLED')));
  const dates = {
    activates_at: list.activatesAt?.toISOString() ?? null,
    expires_at: list.expiresAt?.toISOString() ?? null,
  };
  return {
    short_id: list.shortId,
    name: list.name,
    description: list.description,
    state: checkInListState(dates, now),
    ...dates,
    ticket_ids: ticketRows.map((t) => t.id).sort((a, b) => a - b),
    date: date
      ? {
          id: date.id,
          starts_at: date.startsAt.toISOString(),
          ends_at: date.endsAt?.toISOString() ?? null,
          label: date.label,
        }
      : null,
    event: {
      id: event.id,
      title: event.title,
      start_date: event.startDate.toISOString(),
      timezone: event.timezone,
      public_key: (await getEventKey(db, event.id)).publicKey,
    },
    checked_in: counts?.checkedIn ?? 0,
    expected: counts?.expected ?? 0,
    revoked: revoked.map((r) => ticketCodeHash(r.shortId)),
  };
}

const openCheckIn = (listId: number) =>
  and(
    eq(checkIns.attendeeId, attendees.id),
    eq(checkIns.checkInListId, listId),
    isNull(checkIns.checkedOutAt),
  );

/**
 * What staff may search the list by: part of a name, or a whole order reference or e-mail
 * address. An e-mail is matched whole only, so the search cannot spell out addresses the list
 * does not show (decision 039).
 */
function staffSearch(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return or(
    // The trigram index on the search text narrows; the names decide.
    and(
      ilike(attendees.searchText, pattern),
      ilike(sql`${attendees.firstName} || ' ' || ${attendees.lastName}`, pattern),
    ),
    eq(orders.reference, text.toUpperCase()),
    eq(attendees.email, text.toLowerCase()),
  );
}

/**
 * `GET /api/public/check-in-lists/{shortId}/attendees`: names, tickets and states, the order's
 * reference and an e-mail hint, and what to collect for orders still to be paid.
 */
export async function findCheckInAttendees(
  db: Db,
  shortId: string,
  query: { page: number; per_page: number; query?: string | undefined },
) {
  const list = await getListByShortId(db, shortId);
  const search = staffSearch(query.query?.trim());
  const where = and(onList(list), search);
  return findPage(
    { page: query.page, perPage: query.per_page },
    {
      rows: async (limit, offset) => {
        const rows = await db
          .select({
            attendee: attendees,
            ticketTitle: tickets.title,
            checkIn: checkIns,
            order: {
              id: orders.id,
              reference: orders.reference,
              total: orders.total,
              currency: orders.currency,
            },
          })
          .from(attendees)
          .innerJoin(orders, eq(orders.id, attendees.orderId))
          .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
          .leftJoin(checkIns, openCheckIn(list.id))
          .where(where)
          .orderBy(asc(attendees.lastName), asc(attendees.firstName), asc(attendees.id))
          .limit(limit)
          .offset(offset);
        const owing = new Map(
          rows.filter((r) => r.attendee.status === 'AWAITING_PAYMENT').map((r) => [r.order.id, r.order]),
        );
        const due = await paymentsDue(db, [...owing.values()]);
        const seats = await findAttendeeSeats(
          db,
          rows.map((r) => r.attendee.id),
        );
        return rows.map(
          ({ attendee, ticketTitle, checkIn, order }): CheckInAttendee => ({
            id: attendee.id,
            code_hash: ticketCodeHash(attendee.shortId),
            first_name: attendee.firstName,
            last_name: attendee.lastName,
            ticket_id: attendee.ticketId,
            ticket_title: ticketTitle,
            order_reference: order.reference,
            email_hint: emailHint(attendee.email),
            status: attendee.status,
            seat: seats.get(attendee.id) ?? null,
            payment_due: attendee.status === 'AWAITING_PAYMENT' ? (due.get(order.id) ?? null) : null,
            check_in: checkIn
              ? { id: checkIn.id, checked_in_at: checkIn.checkedInAt.toISOString(), device: checkIn.device }
              : null,
          }),
        );
      },
      total: async () => {
        const [count] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(attendees)
          .innerJoin(orders, eq(orders.id, attendees.orderId))
          .where(where);
        return count?.n ?? 0;
      },
    },
  );
}
