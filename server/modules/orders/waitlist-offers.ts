import { sql } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client';
import { queryRows, sqlList } from '../../db/rows';
import { AppError } from '../../http/app-error';
import { enqueue, WAITLIST_NOTIFY_JOB } from '../../jobs/kinds';

/**
 * Waiting-list offers and the stock they hold (decision 030). An OFFERED entry without an order
 * holds one seat of its ticket on its date: one more in that date's `ticket_stock.quantity_reserved`,
 * in `used` of each capacity assignment the ticket counts against and of the date's capacity, taken with the same guarded updates as an
 * order's reservation, so offers and orders together never pass a limit. The seat is taken in
 * the transaction that freed it (an order cancelled, expired or refunded: `releaseSeats` and
 * `returnSoldSeats` call `offerFreedSeats`), so a buyer refreshing the event page never sees it
 * free. Each entry is offered one seat at a time, oldest entry first.
 */

/** Orders that let go of the seat an offer gave them: their entry's offer is over. */
const GONE_ORDER_STATUSES = sql`('CANCELLED', 'EXPIRED', 'ABANDONED')`;

/** One ticket of one date: what an offer holds a seat of. */
interface DateTicket {
  dateId: number;
  ticketId: number;
}

/**
 * Takes one seat of a ticket on a date for an offer, if it has one free. Only a ticket limited
 * by its own quantity, an active capacity assignment or the date's capacity has seats to offer
 * (tiers alone do not count).
 */
async function holdSeat(tx: Transaction, { dateId, ticketId }: DateTicket): Promise<boolean> {
  const [ticket] = await queryRows<{ assignments: (string | number)[] | null; date_capped: boolean }>(
    tx,
    sql`update ticket_stock s set quantity_reserved = quantity_reserved + 1
        where date_id = ${dateId} and ticket_id = ${ticketId}
          and (quantity is null or quantity_sold + quantity_reserved + 1 <= quantity)
          and (quantity is not null or date_capped or exists (
            select 1 from capacity_assignment_tickets l
            join capacity_stock c on c.capacity_assignment_id = l.capacity_assignment_id
            where l.ticket_id = s.ticket_id and c.date_id = s.date_id and c.capacity is not null))
        returning date_capped, (select array_agg(capacity_assignment_id order by capacity_assignment_id)
                   from capacity_assignment_tickets where ticket_id = s.ticket_id) as assignments`,
  );
  if (!ticket) return false;
  const taken: number[] = [];
  const giveBack = () => giveSeatBack(tx, { dateId, ticketId, assignments: taken, dateCapped: false });
  for (const id of (ticket.assignments ?? []).map(Number)) {
    const rows = await queryRows(
      tx,
      sql`update capacity_stock set used = used + 1
          where date_id = ${dateId} and capacity_assignment_id = ${id}
            and (capacity is null or used + 1 <= capacity)
          returning date_id`,
    );
    if (rows.length === 0) {
      await giveBack();
      return false;
    }
    taken.push(id);
  }
  if (ticket.date_capped) {
    const rows = await queryRows(
      tx,
      sql`update event_dates set used = used + 1
          where id = ${dateId} and (capacity is null or used + 1 <= capacity) returning id`,
    );
    if (rows.length === 0) {
      await giveBack();
      return false;
    }
  }
  return true;
}

/**
 * Gives back seats offers held on one ticket of a date (`seats`, one unless said), its
 * assignments' and the date's.
 */
async function giveSeatBack(
  tx: Transaction,
  seat: DateTicket & { seats?: number; assignments?: number[]; dateCapped?: boolean },
) {
  const n = seat.seats ?? 1;
  const [row] = await queryRows<{ date_capped: boolean; assignments: (string | number)[] | null }>(
    tx,
    sql`update ticket_stock s set quantity_reserved = quantity_reserved - ${n}
        where date_id = ${seat.dateId} and ticket_id = ${seat.ticketId}
        returning date_capped, (select array_agg(capacity_assignment_id order by capacity_assignment_id)
                   from capacity_assignment_tickets where ticket_id = s.ticket_id) as assignments`,
  );
  const assignments = seat.assignments ?? (row?.assignments ?? []).map(Number);
  if (assignments.length > 0) {
    await tx.execute(
      sql`update capacity_stock set used = used - ${n}
          where date_id = ${seat.dateId} and capacity_assignment_id in (${sqlList(assignments)})`,
    );
  }
  if (seat.dateCapped ?? row?.date_capped) {
    await tx.execute(sql`update event_dates set used = used - ${n} where id = ${seat.dateId}`);
  }
}

/** Marks an entry OFFERED for `hours` and queues its e-mail. */
async function markOffered(tx: Transaction, entryId: number, hours: number): Promise<void> {
  const [row] = await queryRows<{ offered_at: string | Date }>(
    tx,
    sql`update waitlist_entries set status = 'OFFERED', offered_at = now(),
          offer_expires_at = now() + make_interval(hours => ${hours}::int), updated_at = now()
        where id = ${entryId} returning offered_at`,
  );
  const at = new Date(row?.offered_at ?? Date.now()).getTime();
  await enqueue(tx, {
    type: WAITLIST_NOTIFY_JOB,
    payload: { entry_id: entryId, kind: 'offered' },
    uniqueKey: `waitlist-offered:${entryId}:${at}`,
  });
}

/** The next people waiting for a ticket of a date get its free seats, one each, oldest first. */
async function offerTicket(tx: Transaction, ticket: DateTicket & { hours: number }): Promise<number> {
  let offered = 0;
  for (;;) {
    const [next] = await queryRows<{ id: string | number }>(
      tx,
      sql`select id from waitlist_entries
          where date_id = ${ticket.dateId} and ticket_id = ${ticket.ticketId} and status = 'WAITING'
          order by id limit 1 for update skip locked`,
    );
    if (!next) return offered;
    if (!(await holdSeat(tx, ticket))) return offered;
    await markOffered(tx, Number(next.id), ticket.hours);
    offered++;
  }
}

/**
 * Offers the seats just freed on these tickets of a date, and on the tickets that share a
 * capacity assignment with them, to the people waiting for that date, when the event offers
 * automatically. One query when nobody waits (the usual case on the hot path of a sale).
 * Answers how many were offered.
 */
export async function offerFreedSeats(
  tx: Transaction,
  freed: { dateId: number; ticketIds: readonly number[] },
): Promise<number> {
  if (freed.ticketIds.length === 0) return 0;
  const ids = sqlList(freed.ticketIds);
  const candidates = await queryRows<{ id: string | number; hours: string | number }>(
    tx,
    sql`select t.id, coalesce((e.settings->>'waitlist_offer_hours')::int, 24) as hours
        from tickets t join events e on e.id = t.event_id
        where (t.id in (${ids}) or t.id in (
                select neighbour.ticket_id from capacity_assignment_tickets freed
                join capacity_assignment_tickets neighbour
                  on neighbour.capacity_assignment_id = freed.capacity_assignment_id
                where freed.ticket_id in (${ids})))
          and coalesce(t.waitlist_enabled, (e.settings->>'waitlist_enabled')::boolean, false)
          and coalesce((e.settings->>'waitlist_auto_offer')::boolean, true)
          and exists (select 1 from waitlist_entries w
                      where w.date_id = ${freed.dateId} and w.ticket_id = t.id and w.status = 'WAITING')
          -- Seats of a cancelled date are freed for nobody (decision 050).
          and exists (select 1 from event_dates d where d.id = ${freed.dateId} and d.status <> 'CANCELLED')
        order by t.id`,
  );
  let offered = 0;
  for (const c of candidates) {
    offered += await offerTicket(tx, {
      dateId: freed.dateId,
      ticketId: Number(c.id),
      hours: Number(c.hours),
    });
  }
  return offered;
}

/**
 * The organizer offers a seat to one WAITING entry by hand (also with automatic offers off).
 * Refused when the entry is not waiting, or when no seat is free.
 */
export async function offerSeatByHand(tx: Transaction, entryId: number): Promise<void> {
  const [entry] = await queryRows<{
    date_id: string | number;
    ticket_id: string | number;
    status: string;
    hours: string | number;
  }>(
    tx,
    sql`select w.date_id, w.ticket_id, w.status, coalesce((e.settings->>'waitlist_offer_hours')::int, 24) as hours
        from waitlist_entries w join events e on e.id = w.event_id
        where w.id = ${entryId} for update of w`,
  );
  if (!entry) throw new AppError('NOT_FOUND');
  if (entry.status !== 'WAITING') throw new AppError('WAITLIST_ENTRY_NOT_WAITING');
  const seat = { dateId: Number(entry.date_id), ticketId: Number(entry.ticket_id) };
  if (!(await holdSeat(tx, seat))) throw new AppError('WAITLIST_NO_FREE_SEAT');
  await markOffered(tx, entryId, Number(entry.hours));
}

/**
 * Ends an entry (the person leaves, or the organizer removes them). An offer's held seat goes
 * to the next person waiting. Answers false when the entry had already ended.
 */
export async function endEntry(tx: Transaction, entryId: number): Promise<boolean> {
  const [entry] = await queryRows<{
    date_id: string | number;
    ticket_id: string | number;
    status: string;
    order_id: unknown;
  }>(
    tx,
    sql`select date_id, ticket_id, status, order_id from waitlist_entries where id = ${entryId} for update`,
  );
  if (!entry || (entry.status !== 'WAITING' && entry.status !== 'OFFERED')) return false;
  await tx.execute(
    sql`update waitlist_entries set status = 'REMOVED', updated_at = now() where id = ${entryId}`,
  );
  // An order started with the offer keeps the seat; otherwise the offer's seat moves on.
  if (entry.status === 'OFFERED' && entry.order_id === null) {
    const dateId = Number(entry.date_id);
    await giveSeatBack(tx, { dateId, ticketId: Number(entry.ticket_id) });
    await offerFreedSeats(tx, { dateId, ticketIds: [Number(entry.ticket_id)] });
  }
  return true;
}

/**
 * An order placed with an offer's token takes the offer's seat (decision 030): answers the
 * entry, locked, so that the caller leaves that seat out of its reservation and links the
 * order. Refused when the token names no open offer of this ticket.
 */
export async function takeOffer(
  tx: Transaction,
  offer: { dateId: number; ticketId: number; token: string },
): Promise<{ id: number; prefill: Prefill }> {
  const [entry] = await queryRows<PrefillRow & { id: string | number }>(
    tx,
    sql`select id, first_name, last_name, email from waitlist_entries
        where token = ${offer.token} and date_id = ${offer.dateId} and ticket_id = ${offer.ticketId}
          and status = 'OFFERED' and order_id is null and offer_expires_at > now()
        for update`,
  );
  if (!entry) throw new AppError('WAITLIST_OFFER_INVALID');
  return { id: Number(entry.id), prefill: toPrefill(entry) };
}

/** Who is buying with an offer, for checkout to fill in (decision 039). */
export interface Prefill {
  first_name: string;
  last_name: string;
  email: string;
}
type PrefillRow = {
  first_name: string | null;
  last_name: string | null;
  email: string;
};
// An entry made when the list asked for one name has no names to split: only its e-mail.
const toPrefill = (row: PrefillRow): Prefill => ({
  first_name: row.first_name ?? '',
  last_name: row.last_name ?? '',
  email: row.email,
});

/** The person of the waiting-list entry whose offer started an order. */
export async function offerPrefill(db: Db, entryId: number): Promise<Prefill | null> {
  const [entry] = await queryRows<PrefillRow>(
    db,
    sql`select first_name, last_name, email from waitlist_entries where id = ${entryId}`,
  );
  return entry ? toPrefill(entry) : null;
}

/** Links the order that took an offer to its entry (after the order is written). */
export async function linkOfferOrder(tx: Transaction, link: { entryId: number; orderId: number }) {
  await tx.execute(
    sql`update waitlist_entries set order_id = ${link.orderId}, updated_at = now() where id = ${link.entryId}`,
  );
}

/** The order that took an offer completed: the entry is PURCHASED. */
export async function markOfferPurchased(tx: Transaction, entryId: number): Promise<void> {
  await tx.execute(
    sql`update waitlist_entries set status = 'PURCHASED', updated_at = now()
        where id = ${entryId} and status = 'OFFERED'`,
  );
}

/**
 * The timer's work (with the reservation sweep): offers past their time give their seat to the
 * next person; offers whose order let go of the seat end; and tickets with free seats and people
 * waiting (a quantity raised, automatic offers switched back on) make their offers. Answers how
 * many offers expired.
 */
export async function sweepWaitlistOffers(tx: Transaction, limit = 200): Promise<number> {
  type Seat = { date_id: string | number; ticket_id: string | number };
  const lapsed = await queryRows<Seat & { id: string | number }>(
    tx,
    sql`update waitlist_entries set status = 'EXPIRED', updated_at = now()
        where id in (select id from waitlist_entries
                     where status = 'OFFERED' and order_id is null and offer_expires_at <= now()
                     order by id limit ${limit} for update skip locked)
        returning id, date_id, ticket_id`,
  );
  // One return per date and ticket, however many of its offers lapsed, in order (as locks go).
  const perSeat = new Map<string, { dateId: number; ticketId: number; seats: number }>();
  for (const entry of lapsed) {
    const key = `${entry.date_id}:${entry.ticket_id}`;
    const seat = perSeat.get(key) ?? {
      dateId: Number(entry.date_id),
      ticketId: Number(entry.ticket_id),
      seats: 0,
    };
    seat.seats++;
    perSeat.set(key, seat);
  }
  const inOrder = <T extends { dateId: number; ticketId: number }>(seats: Iterable<T>) =>
    [...seats].sort((a, b) => a.dateId - b.dateId || a.ticketId - b.ticketId);
  for (const seat of inOrder(perSeat.values())) await giveSeatBack(tx, seat);
  await tx.execute(
    sql`update waitlist_entries w set status = 'EXPIRED', updated_at = now()
        from orders o
        where o.id = w.order_id and w.status = 'OFFERED' and o.status in ${GONE_ORDER_STATUSES}`,
  );
  const waiting = await queryRows<Seat>(
    tx,
    sql`select distinct date_id, ticket_id from waitlist_entries where status = 'WAITING'
        order by date_id, ticket_id limit ${limit}`,
  );
  const byDate = new Map<number, Set<number>>();
  for (const r of [...lapsed, ...waiting]) {
    const dateId = Number(r.date_id);
    byDate.set(dateId, (byDate.get(dateId) ?? new Set()).add(Number(r.ticket_id)));
  }
  for (const [dateId, tickets] of [...byDate].sort(([a], [b]) => a - b)) {
    await offerFreedSeats(tx, { dateId, ticketIds: [...tickets].sort((a, b) => a - b) });
  }
  return lapsed.length;
}
