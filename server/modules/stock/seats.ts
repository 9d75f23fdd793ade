import { sql } from 'drizzle-orm';
import { SEAT_TEXT, type SeatRef } from '../../../common/seating';
import type { Db, Transaction } from '../../db/client';
import { queryRows, sqlList } from '../../db/rows';

/**
 * The seats of an event on its dates (issue 42, decision 067): one `event_seats` row per seat of
 * the event's plan and date. A ticket that sells seats counts them: its quantity on each date is
 * the seats not blocked there (`own_quantity`, so a change of the ticket's quantity leaves it),
 * and its row is `seated`, so that every reservation learns from the row it locks that it must
 * take seats. The counters keep counting as before (`orders/inventory.ts`); the seats say which.
 */

/** Every date of a seated event gets the seats its other dates have; the counts follow. */
export async function fillSeats(tx: Transaction, eventId: number): Promise<void> {
  await tx.execute(sql`
    insert into event_seats (event_id, date_id, seat_key, ticket_id, category, section, row_label, row_kind,
      seat_label, wheelchair, position, row_index, block)
    select s.event_id, d.id, s.seat_key, s.ticket_id, s.category, s.section, s.row_label, s.row_kind,
      s.seat_label, s.wheelchair, s.position, s.row_index, s.block
    from (select distinct on (seat_key) * from event_seats where event_id = ${eventId} order by seat_key, id) s
      cross join event_dates d
    where d.event_id = ${eventId}
    on conflict (date_id, seat_key) do nothing`);
  await countSeats(tx, eventId);
}

/**
 * A seated ticket's quantity on each date is its seats there that are not blocked; a ticket no
 * longer seated takes the ticket's quantity again. Below what a date holds, the row's CHECK
 * refuses it (a waiting-list offer holds a place without a seat, decision 030).
 */
export async function countSeats(tx: Transaction, eventId: number): Promise<void> {
  await tx.execute(sql`
    update ticket_stock s set seated = true, own_quantity = true, quantity = (
      select count(*)::int from event_seats e
      where e.date_id = s.date_id and e.ticket_id = s.ticket_id and e.status <> 'BLOCKED')
    where s.ticket_id in (select ticket_id from seat_categories where event_id = ${eventId})`);
  await tx.execute(sql`
    update ticket_stock s set seated = false, own_quantity = false, quantity = t.quantity
    from tickets t
    where t.id = s.ticket_id and t.event_id = ${eventId} and s.seated
      and not exists (select from seat_categories c where c.event_id = ${eventId} and c.ticket_id = s.ticket_id)`);
}

/** Each named attendee of an order sits on one of its seats of their ticket, in order. */
export async function seatAttendees(tx: Transaction, orderId: number): Promise<void> {
  await tx.execute(sql`
    with a as (
      select id, ticket_id, row_number() over (partition by ticket_id order by position, id) as n
      from attendees where order_id = ${orderId} and status <> 'CANCELLED'),
    s as (
      select seat_id, ticket_id, row_number() over (partition by ticket_id order by position) as n
      from order_seats where order_id = ${orderId})
    update order_seats o set attendee_id = a.id
    from s join a on a.ticket_id = s.ticket_id and a.n = s.n
    where o.order_id = ${orderId} and o.seat_id = s.seat_id`);
}

type Id = string | number;
type PlaceRow = {
  owner: Id;
  seat_key: string;
  section: string;
  row_label: string;
  row_kind: 'row' | 'table';
  seat_label: string;
};

const toRef = (row: PlaceRow): SeatRef => ({
  key: row.seat_key,
  section: row.section,
  row: row.row_label,
  row_kind: row.row_kind,
  seat: row.seat_label,
});

/** Where each attendee sits, by attendee id; attendees without a seat are left out. */
export async function findAttendeeSeats(
  db: Db,
  attendeeIds: readonly number[],
): Promise<Map<number, SeatRef>> {
  if (attendeeIds.length === 0) return new Map();
  const rows = await queryRows<PlaceRow>(
    db,
    sql`select o.attendee_id as owner, e.seat_key, e.section, e.row_label, e.row_kind, e.seat_label
        from order_seats o join event_seats e on e.id = o.seat_id
        where o.attendee_id in (${sqlList(attendeeIds)})`,
  );
  return new Map(rows.map((r) => [Number(r.owner), toRef(r)]));
}

/** The seats each order took (and still holds), by order id, in the order it named them. */
export async function findOrderSeats(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, (SeatRef & { ticket_id: number })[]>> {
  const result = new Map<number, (SeatRef & { ticket_id: number })[]>();
  if (orderIds.length === 0) return result;
  const rows = await queryRows<PlaceRow & { ticket_id: Id }>(
    db,
    sql`select o.order_id as owner, o.ticket_id, e.seat_key, e.section, e.row_label, e.row_kind, e.seat_label
        from order_seats o join event_seats e on e.id = o.seat_id
        where o.order_id in (${sqlList(orderIds)}) and e.order_id = o.order_id
        order by o.order_id, o.position`,
  );
  for (const row of rows) {
    const list = result.get(Number(row.owner)) ?? [];
    list.push({ ...toRef(row), ticket_id: Number(row.ticket_id) });
    result.set(Number(row.owner), list);
  }
  return result;
}

/** A seat as a sentence in the language of `translate`. */
export function seatText(
  seat: SeatRef,
  translate: (message: (typeof SEAT_TEXT)[keyof typeof SEAT_TEXT], values: Record<string, string>) => string,
): string {
  return translate(seat.row_kind === 'table' ? SEAT_TEXT.table : SEAT_TEXT.row, {
    section: seat.section,
    row: seat.row,
    seat: seat.seat,
  });
}
