import { sql } from 'drizzle-orm';
import { SEATING_VALIDATION } from '../../../common/i18n/seating-validation';
import type { Db, Transaction } from '../../db/client';
import { queryRows, sqlList } from '../../db/rows';
import { AppError } from '../../http/app-error';

/**
 * Seats as inventory (issue 42, decision 067). The counters of `inventory.ts` say how many of a
 * ticket a date has left; a seated ticket's seats (`event_seats`) say which. A seat changes state
 * by one guarded UPDATE in the order's transaction — AVAILABLE → RESERVED (with its order) →
 * SOLD, and back to AVAILABLE — after the ticket's counter row of the date, which every
 * reservation of that ticket locks first: two buyers of one ticket on one date choose their seats
 * one after the other, and a buyer whose seat went meanwhile is refused, with nothing written.
 */

/** Seats one line of a new order asks for: these keys, or `quantity` of the best side by side. */
export interface SeatPick {
  ticketId: number;
  quantity: number;
  keys: readonly string[] | null;
  /** The request's field the line's seats are in, for errors (`tickets.0.seats`). */
  field: string;
}

type Id = string | number;

/** The best `n` seats side by side of a ticket on a date, or none. */
async function bestTogether(tx: Transaction, pick: SeatPick & { dateId: number }): Promise<number[] | null> {
  const seats = await queryRows<{
    id: Id;
    row_index: number;
    block: number;
    position: number;
    free: boolean;
  }>(
    tx,
    sql`select id, row_index, block, position, status = 'AVAILABLE' as free from event_seats
        where date_id = ${pick.dateId} and ticket_id = ${pick.ticketId} order by position`,
  );
  // Each row's middle, from all its seats: the best run is in the frontmost row (rows are drawn
  // front to back), then nearest the middle of its row.
  const middles = new Map<number, { min: number; max: number }>();
  for (const s of seats) {
    const m = middles.get(s.row_index) ?? { min: s.position, max: s.position };
    middles.set(s.row_index, { min: Math.min(m.min, s.position), max: Math.max(m.max, s.position) });
  }
  let best: { ids: number[]; row: number; off: number } | null = null;
  let run: typeof seats = [];
  const consider = () => {
    for (let i = 0; i + pick.quantity <= run.length; i++) {
      const window = run.slice(i, i + pick.quantity);
      const first = window[0];
      const last = window[window.length - 1];
      if (!first || !last) continue;
      const m = middles.get(first.row_index) ?? { min: 0, max: 0 };
      const off = Math.abs(first.position + last.position - m.min - m.max);
      if (!best || first.row_index < best.row || (first.row_index === best.row && off < best.off)) {
        best = { ids: window.map((s) => Number(s.id)), row: first.row_index, off };
      }
    }
  };
  for (const seat of seats) {
    const previous = run[run.length - 1];
    const together = previous && previous.block === seat.block && previous.position === seat.position - 1;
    if (!seat.free || !together) {
      consider();
      run = [];
    }
    if (seat.free) run.push(seat);
  }
  consider();
  return (best as { ids: number[] } | null)?.ids ?? null;
}

/** Why a line's named seats were not all free: not the event's, not the ticket's, or taken. */
async function refusal(tx: Transaction, pick: SeatPick & { dateId: number }): Promise<AppError> {
  const keys = pick.keys ?? [];
  const found = await queryRows<{ seat_key: string; ticket_id: Id }>(
    tx,
    sql`select seat_key, ticket_id from event_seats where date_id = ${pick.dateId} and seat_key in (${sqlList(keys)})`,
  );
  if (found.length < keys.length) {
    return new AppError('VALIDATION_FAILED', {
      fields: { [pick.field]: [SEATING_VALIDATION.seatNotOfEvent] },
    });
  }
  if (found.some((s) => Number(s.ticket_id) !== pick.ticketId)) {
    return new AppError('VALIDATION_FAILED', {
      fields: { [pick.field]: [SEATING_VALIDATION.seatNotOfTicket] },
    });
  }
  return new AppError('SEAT_TAKEN');
}

/**
 * Takes a new order's seats on its date, line by line, after the line's ticket counter (which
 * holds the ticket's row of the date until COMMIT). Throws, rolling everything back, when a named
 * seat is not free or no run of seats side by side is left. Answers the seats' ids in order.
 */
export async function takeSeats(
  tx: Transaction,
  { dateId, orderId, picks }: { dateId: number; orderId: number; picks: readonly SeatPick[] },
): Promise<number[]> {
  const taken: number[] = [];
  for (const pick of picks) {
    const at = { ...pick, dateId };
    let ids: number[];
    if (pick.keys) {
      const rows = await queryRows<{ id: Id; seat_key: string }>(
        tx,
        sql`update event_seats set status = 'RESERVED', order_id = ${orderId}, updated_at = now()
            where date_id = ${dateId} and ticket_id = ${pick.ticketId} and status = 'AVAILABLE'
              and seat_key in (${sqlList(pick.keys)})
            returning id, seat_key`,
      );
      if (rows.length < pick.keys.length) throw await refusal(tx, at);
      const byKey = new Map(rows.map((r) => [r.seat_key, Number(r.id)]));
      ids = pick.keys.map((k) => byKey.get(k) ?? 0);
    } else {
      const best = await bestTogether(tx, at);
      if (!best) throw new AppError('SEATS_NOT_TOGETHER');
      const rows = await queryRows<{ id: Id }>(
        tx,
        sql`update event_seats set status = 'RESERVED', order_id = ${orderId}, updated_at = now()
            where id in (${sqlList(best)}) and status = 'AVAILABLE' returning id`,
      );
      // Only an organizer's block can take a seat between the read and this (the ticket's row is held).
      if (rows.length < best.length) throw new AppError('SEAT_TAKEN');
      ids = best;
    }
    await tx.execute(sql`insert into order_seats (order_id, seat_id, ticket_id, position)
      select ${orderId}, id, ${pick.ticketId}, ${taken.length} + ord::int
      from unnest(${`{${ids.join(',')}}`}::bigint[]) with ordinality as u(id, ord)`);
    taken.push(...ids);
  }
  return taken;
}

/** Seat id → the order holding it, as a claim carries them. */
export type HeldSeats = Map<number, number>;

const byOrder = (seats: HeldSeats) => {
  const groups = new Map<number, number[]>();
  for (const [seat, order] of seats) groups.set(order, [...(groups.get(order) ?? []), seat]);
  return [...groups.entries()].sort(([a], [b]) => a - b);
};

/** Takes an order's seats again (a payment arrived for a lapsed reservation); refused if one went. */
export async function retakeSeats(tx: Transaction, seats: HeldSeats): Promise<void> {
  for (const [orderId, ids] of byOrder(seats)) {
    const rows = await queryRows(
      tx,
      sql`update event_seats set status = 'RESERVED', order_id = ${orderId}, updated_at = now()
          where id in (${sqlList(ids)}) and (status = 'AVAILABLE' or (order_id = ${orderId} and status = 'RESERVED'))
          returning id`,
    );
    if (rows.length < ids.length) throw new AppError('SEAT_TAKEN');
  }
}

/** Moves the seats an order holds from one state to another (`from` → `to`; AVAILABLE frees them). */
export async function moveHeldSeats(
  tx: Transaction,
  { seats, from, to }: { seats: HeldSeats; from: 'RESERVED' | 'SOLD'; to: 'AVAILABLE' | 'SOLD' },
): Promise<void> {
  for (const [orderId, ids] of byOrder(seats)) {
    await tx.execute(sql`update event_seats
      set status = ${to}, order_id = ${to === 'AVAILABLE' ? null : orderId}, updated_at = now()
      where id in (${sqlList(ids)}) and order_id = ${orderId} and status = ${from}`);
  }
}

/**
 * The seats orders hold, less those of attendees cancelled one by one (their seat went back with
 * them): what their claims give back or sell.
 */
export async function findHeldSeats(db: Db, orderIds: readonly number[]): Promise<Map<number, HeldSeats>> {
  const result = new Map<number, HeldSeats>();
  if (orderIds.length === 0) return result;
  const rows = await queryRows<{ date_id: Id; seat_id: Id; order_id: Id }>(
    db,
    sql`select e.date_id, s.seat_id, s.order_id from order_seats s join event_seats e on e.id = s.seat_id
        left join attendees a on a.id = s.attendee_id
        where s.order_id in (${sqlList(orderIds)}) and (a.id is null or a.status <> 'CANCELLED')`,
  );
  for (const row of rows) {
    const seats = result.get(Number(row.date_id)) ?? new Map();
    seats.set(Number(row.seat_id), Number(row.order_id));
    result.set(Number(row.date_id), seats);
  }
  return result;
}

/** The seat an attendee holds, as a claim of that attendee carries it (none for most). */
export async function findAttendeeHeldSeat(db: Db, attendeeId: number): Promise<HeldSeats> {
  const rows = await queryRows<{ seat_id: Id; order_id: Id }>(
    db,
    sql`select s.seat_id, s.order_id from order_seats s join event_seats e on e.id = s.seat_id
        where s.attendee_id = ${attendeeId} and e.order_id = s.order_id`,
  );
  return new Map(rows.map((r) => [Number(r.seat_id), Number(r.order_id)]));
}
