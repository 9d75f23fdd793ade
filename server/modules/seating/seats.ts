import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SEATING_VALIDATION } from '../../../common/i18n/seating-validation';
import type { BlockSeatsRequest, OrganizerSeatsResponse, SeatCounts } from '../../../common/seating';
import type { Database, Db } from '../../db/client';
import { queryRows, sqlList } from '../../db/rows';
import { inTransaction, sqlState } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { queueAttendeeWebhook } from '../attendee-view/service';
import { assertEventDate, chooseDate, findSaleDates } from '../event-dates/service';
import { offerFreedSeats } from '../orders/waitlist-offers';
import { getEvent } from '../owned-events/service';
import { countSeats } from '../stock/seats';

/**
 * The organizer's seats of one date (decision 067): who holds each, blocking and releasing seats
 * (house seats, a camera position), and moving an attendee to another seat.
 */

type Id = string | number;
interface EventRef {
  auth: AuthContext;
  eventId: number;
}

/** The date asked for, which must be the event's; none asked: its only or first date. */
async function dateOf(db: Db, { eventId, dateId }: { eventId: number; dateId: number | undefined }) {
  if (dateId !== undefined) {
    await assertEventDate(db, { eventId, dateId });
    return dateId;
  }
  const dates = await findSaleDates(db, eventId);
  const first = dates.find((d) => d.status === 'ON_SALE') ?? dates[0];
  if (!first) throw fieldError('date_id', SEATING_VALIDATION.seatNotOfEvent);
  return chooseDate(dates, dates.length === 1 ? undefined : first.id, { anyStatus: true }).id;
}

/** `GET /api/events/{id}/seating/seats?date_id=` */
export async function findEventSeats(
  db: Db,
  { auth, eventId, dateId }: EventRef & { dateId: number | undefined },
): Promise<OrganizerSeatsResponse> {
  await getEvent(db, auth.accountId, eventId);
  const date = await dateOf(db, { eventId, dateId });
  const rows = await queryRows<{
    seat_key: string;
    section: string;
    row_label: string;
    row_kind: 'row' | 'table';
    seat_label: string;
    category: string;
    ticket_id: Id;
    wheelchair: boolean;
    status: 'AVAILABLE' | 'RESERVED' | 'SOLD' | 'BLOCKED';
    order_id: Id | null;
    short_id: string | null;
    reference: string | null;
    buyer: string | null;
    attendee_id: Id | null;
    attendee: string | null;
  }>(
    db,
    sql`select e.seat_key, e.section, e.row_label, e.row_kind, e.seat_label, e.category, e.ticket_id,
          e.wheelchair, e.status, o.id as order_id, o.short_id, o.reference,
          trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')) as buyer,
          a.id as attendee_id, trim(a.first_name || ' ' || a.last_name) as attendee
        from event_seats e
        left join orders o on o.id = e.order_id
        left join order_seats s on s.seat_id = e.id and s.order_id = e.order_id
        left join attendees a on a.id = s.attendee_id
        where e.date_id = ${date} and e.event_id = ${eventId}
        order by e.position`,
  );
  const counts: SeatCounts = { available: 0, reserved: 0, sold: 0, blocked: 0 };
  const seats = rows.map((r) => {
    counts[r.status.toLowerCase() as keyof SeatCounts] += 1;
    return {
      key: r.seat_key,
      section: r.section,
      row: r.row_label,
      row_kind: r.row_kind,
      seat: r.seat_label,
      category: r.category,
      ticket_id: Number(r.ticket_id),
      wheelchair: r.wheelchair,
      status: r.status,
      order: r.short_id
        ? { id: Number(r.order_id), short_id: r.short_id, reference: r.reference ?? '', name: r.buyer ?? '' }
        : null,
      attendee: r.attendee_id !== null ? { id: Number(r.attendee_id), name: r.attendee ?? '' } : null,
    };
  });
  return { date_id: date, seats, counts };
}

/** `POST /api/events/{id}/seating/blocks`: seats held back from sale, or put back on it. */
export async function blockSeats({
  db,
  auth,
  eventId,
  input,
}: EventRef & { db: Database; input: z.output<typeof BlockSeatsRequest> }): Promise<OrganizerSeatsResponse> {
  await getEvent(db, auth.accountId, eventId);
  const dateId = await dateOf(db, { eventId, dateId: input.date_id });
  const keys = [...new Set(input.seats)];
  await inTransaction(db, async (tx) => {
    // The seats first, then the tickets' counts: the order a reservation takes them in.
    const [from, to] = input.blocked ? ['AVAILABLE', 'BLOCKED'] : ['BLOCKED', 'AVAILABLE'];
    const found = await queryRows<{ status: string; ticket_id: Id }>(
      tx,
      sql`select status, ticket_id from event_seats where date_id = ${dateId} and event_id = ${eventId}
            and seat_key in (${sqlList(keys)})`,
    );
    if (found.length < keys.length) throw fieldError('seats', SEATING_VALIDATION.seatNotOfEvent);
    const moved = await queryRows(
      tx,
      sql`update event_seats set status = ${to}, updated_at = now()
          where date_id = ${dateId} and seat_key in (${sqlList(keys)}) and status = ${from} returning id`,
    );
    // Every seat ends as asked, or none does: one held or sold (now or meanwhile) refuses them all.
    const already = found.filter((s) => s.status === to).length;
    if (moved.length + already < keys.length) throw new AppError('SEAT_NOT_FREE');
    // A place a waiting-list offer holds has no seat yet: blocking its seat is refused by the CHECK.
    await countSeats(tx, eventId).catch((error: unknown) => {
      throw sqlState(error) === '23514' ? new AppError('SEAT_NOT_FREE') : error;
    });
    if (!input.blocked) {
      const ticketIds = [...new Set(found.map((s) => Number(s.ticket_id)))];
      await offerFreedSeats(tx, { dateId, ticketIds });
    }
  });
  return findEventSeats(db, { auth, eventId, dateId });
}

/**
 * `PUT /api/events/{id}/attendees/{attendeeId}/seat`: the attendee sits on another free seat of
 * their ticket and date; the seat they leave goes back on sale.
 */
export async function moveAttendeeSeat({
  db,
  auth,
  eventId,
  attendeeId,
  seat,
}: EventRef & { db: Database; attendeeId: number; seat: string }): Promise<OrganizerSeatsResponse> {
  await getEvent(db, auth.accountId, eventId);
  const dateId = await inTransaction(db, async (tx) => {
    const [current] = await queryRows<{
      seat_id: Id;
      order_id: Id;
      date_id: Id;
      ticket_id: Id;
      status: string;
      account_id: Id;
    }>(
      tx,
      sql`select s.seat_id, s.order_id, e.date_id, e.ticket_id, e.status, a.account_id
          from attendees a join order_seats s on s.attendee_id = a.id join event_seats e on e.id = s.seat_id
          where a.id = ${attendeeId} and a.event_id = ${eventId} and a.account_id = ${auth.accountId}
            and a.status <> 'CANCELLED' and e.order_id = s.order_id
          for update of a`,
    );
    if (!current) throw new AppError('ATTENDEE_NOT_FOUND');
    const date = Number(current.date_id);
    const [target] = await queryRows<{ id: Id; ticket_id: Id; status: string }>(
      tx,
      sql`select id, ticket_id, status from event_seats where date_id = ${date} and seat_key = ${seat} for update`,
    );
    if (!target) throw fieldError('seat', SEATING_VALIDATION.seatNotOfEvent);
    if (Number(target.ticket_id) !== Number(current.ticket_id)) {
      throw fieldError('seat', SEATING_VALIDATION.seatNotOfTicket);
    }
    if (target.status !== 'AVAILABLE') throw new AppError('SEAT_NOT_FREE');
    await tx.execute(sql`update event_seats set status = 'AVAILABLE', order_id = null, updated_at = now()
      where id = ${current.seat_id}`);
    await tx.execute(sql`update event_seats set status = ${current.status}, order_id = ${current.order_id},
      updated_at = now() where id = ${target.id}`);
    await tx.execute(sql`update order_seats set seat_id = ${target.id}
      where order_id = ${current.order_id} and seat_id = ${current.seat_id}`);
    await queueAttendeeWebhook(
      tx,
      { id: attendeeId, accountId: auth.accountId, eventId },
      'attendee.updated',
    );
    return date;
  });
  return findEventSeats(db, { auth, eventId, dateId });
}
