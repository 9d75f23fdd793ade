import { sql } from 'drizzle-orm';
import { SEATING_VALIDATION } from '../../../common/i18n/seating-validation';
import type { Db, Transaction } from '../../db/client';
import { queryRows, sqlList } from '../../db/rows';
import { AppError } from '../../http/app-error';

/**
 * Seats as inventory (issue 42, decision 067). The counters of `inventory.ts` say how many of a
 * ticket a date has left; a seated ticket's seats (`event_seats`) say which. A seat changes state
 * by one guarded UPDATE in the order's transaction — AVAILABLE → RESERVED (with its order) →
 * SOLD, and back to AVAILABLE. Seats named by the buyer are taken **before** the ticket's counter
 * row (the one row every buyer of the ticket waits for), all in one UPDATE that locks them in key
 * order, so that row is held for the counter and COMMIT only; no transaction waits for a seat
 * while it holds that row, so none waits in a circle. "The best N together" is chosen after the
 * counter (whose row then says the ticket is seated), from seats no one is taking at that moment
 * (`skip locked`): it waits for no seat either.
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
type SeatRow = { id: Id; row_index: number; block: number; position: number; free: boolean };

/** The first run of `n` free seats side by side, best first: frontmost row, then nearest its middle. */
function bestRuns(seats: readonly SeatRow[], n: number): number[][] {
  const middles = new Map<number, { min: number; max: number }>();
  for (const s of seats) {
    const m = middles.get(s.row_index) ?? { min: s.position, max: s.position };
    middles.set(s.row_index, { min: Math.min(m.min, s.position), max: Math.max(m.max, s.position) });
  }
  const runs: { ids: number[]; row: number; off: number }[] = [];
  let run: SeatRow[] = [];
  const consider = () => {
    for (let i = 0; i + n <= run.length; i++) {
      const window = run.slice(i, i + n);
      const first = window[0];
      const last = window[window.length - 1];
      if (!first || !last) continue;
      const m = middles.get(first.row_index) ?? { min: 0, max: 0 };
      runs.push({
        ids: window.map((s) => Number(s.id)),
        row: first.row_index,
        off: Math.abs(first.position + last.position - m.min - m.max),
      });
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
  return runs.sort((a, b) => a.row - b.row || a.off - b.off).map((r) => r.ids);
}

/** Why a line's named seats were not all free: not the event's, not the ticket's (or it sells none), or taken. */
async function refusal(tx: Transaction, pick: SeatPick & { dateId: number }): Promise<AppError> {
  const keys = pick.keys ?? [];
  const found = await queryRows<{ seat_key: string; ticket_id: Id }>(
    tx,
    sql`select seat_key, ticket_id from event_seats where date_id = ${pick.dateId} and seat_key in (${sqlList(keys)})`,
  );
  const fail = (message: (typeof SEATING_VALIDATION)[keyof typeof SEATING_VALIDATION]) =>
    new AppError('VALIDATION_FAILED', { fields: { [pick.field]: [message] } });
  if (found.some((s) => Number(s.ticket_id) !== pick.ticketId)) {
    const [seated] = await queryRows(
      tx,
      sql`select 1 as seated from event_seats where date_id = ${pick.dateId} and ticket_id = ${pick.ticketId} limit 1`,
    );
    return fail(seated ? SEATING_VALIDATION.seatNotOfTicket : SEATING_VALIDATION.seatedTicketNeedsPlan);
  }
  if (found.length < keys.length) return fail(SEATING_VALIDATION.seatNotOfEvent);
  return new AppError('SEAT_TAKEN');
}

/** Records which seats an order took, after those it took already. */
async function recordSeats(
  tx: Transaction,
  { orderId, ticketId, ids }: { orderId: number; ticketId: number; ids: readonly number[] },
) {
  await tx.execute(sql`insert into order_seats (order_id, seat_id, ticket_id, position)
    select ${orderId}, id, ${ticketId}, (select count(*) from order_seats where order_id = ${orderId}) + ord::int
    from unnest(${`{${ids.join(',')}}`}::bigint[]) with ordinality as u(id, ord)`);
}

/**
 * Takes the seats a new order names, before its counters: one UPDATE for all of them, which
 * locks them in key order. Throws, rolling everything back, when one is not free (SEAT_TAKEN),
 * not the event's or not its line's ticket (422).
 */
export async function takeNamedSeats(
  tx: Transaction,
  { dateId, orderId, picks }: { dateId: number; orderId: number; picks: readonly SeatPick[] },
): Promise<void> {
  const named = picks.filter((p) => p.keys);
  const keys = named.flatMap((p) => p.keys ?? []);
  if (keys.length === 0) return;
  const rows = await queryRows<{ id: Id; seat_key: string; ticket_id: Id }>(
    tx,
    sql`update event_seats set status = 'RESERVED', order_id = ${orderId}, updated_at = now()
        where date_id = ${dateId} and seat_key in (${sqlList(keys)}) and status = 'AVAILABLE'
        returning id, seat_key, ticket_id`,
  );
  const byKey = new Map(rows.map((r) => [r.seat_key, r]));
  for (const pick of named) {
    const mine = (pick.keys ?? []).map((k) => byKey.get(k));
    if (mine.some((r) => !r || Number(r.ticket_id) !== pick.ticketId))
      throw await refusal(tx, { ...pick, dateId });
    await recordSeats(tx, { orderId, ticketId: pick.ticketId, ids: mine.map((r) => Number(r?.id)) });
  }
}

/**
 * Takes `quantity` of the best seats side by side for each pick without names, after the counters
 * (the ticket's row, held, says it is seated). A run another order is taking right now is passed
 * over (`skip locked`), never waited for. SEATS_NOT_TOGETHER when no run is left.
 */
export async function takeBestSeats(
  tx: Transaction,
  { dateId, orderId, picks }: { dateId: number; orderId: number; picks: readonly SeatPick[] },
): Promise<void> {
  for (const pick of picks) {
    if (pick.keys) continue;
    const seats = await queryRows<SeatRow>(
      tx,
      sql`select id, row_index, block, position, status = 'AVAILABLE' as free from event_seats
          where date_id = ${dateId} and ticket_id = ${pick.ticketId} order by position`,
    );
    let taken: number[] | null = null;
    for (const ids of bestRuns(seats, pick.quantity).slice(0, 20)) {
      const locked = await queryRows<{ id: Id }>(
        tx,
        sql`select id from event_seats where id in (${sqlList(ids)}) and status = 'AVAILABLE'
            order by id for update skip locked`,
      );
      if (locked.length < ids.length) continue;
      await tx.execute(sql`update event_seats set status = 'RESERVED', order_id = ${orderId}, updated_at = now()
        where id in (${sqlList(ids)})`);
      taken = ids;
      break;
    }
    if (!taken) throw new AppError('SEATS_NOT_TOGETHER');
    await recordSeats(tx, { orderId, ticketId: pick.ticketId, ids: taken });
  }
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
