import { sql } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client';
import { queryRows, sqlList } from '../../db/rows';
import { AppError } from '../../http/app-error';
import { findHeldSeats, type HeldSeats, moveHeldSeats, retakeSeats } from './seat-inventory';
import { offerFreedSeats } from './waitlist-offers';

/**
 * Stock is a set of counters per date guarded by the database (docs/architecture.md#inventory,
 * decisions 006 and 049): `quantity_sold` and `quantity_reserved` of a ticket's and a tier's
 * rows of one date (`ticket_stock`, `tier_stock`), `used` of a capacity assignment's
 * (`capacity_stock`) and of the date itself while it has a capacity (`event_dates`), and
 * `times_used` of a promo code's (`promo_code_stock`). Every change is one conditional UPDATE
 * that touches one row or none, made inside the caller's transaction (the functions that move
 * counters take a `Transaction`, decision 016), in a fixed order — date, then tiers, tickets,
 * capacity assignments, the date's capacity, promo code, each by id — so two orders never wait
 * on each other in a circle. A CHECK on each table backs every limit.
 */
export interface Claim {
  /** The date every counter belongs to (an order is for one date). */
  dateId: number;
  /** seats per tier id */
  tiers: Map<number, number>;
  /** seats per ticket id */
  tickets: Map<number, number>;
  /** uses per promo code id (one per order) */
  promoCodes: Map<number, number>;
  /** The seats of the plan it holds, each with its order (issue 42; `seat-inventory.ts`). */
  seats: HeldSeats;
}

const byId = (counts: Map<number, number>) =>
  [...counts.entries()].filter(([, n]) => n !== 0).sort(([a], [b]) => a - b);

function add(counts: Map<number, number>, id: number, n: number): void {
  counts.set(id, (counts.get(id) ?? 0) + n);
}

export function emptyClaim(dateId: number): Claim {
  return { dateId, tiers: new Map(), tickets: new Map(), promoCodes: new Map(), seats: new Map() };
}

/** What a ticket's row of the date says about the limits it shares, as its update returns it. */
type TicketRow = { assignments: (string | number)[] | null; date_capped: boolean; seated?: boolean };

/** Seats a claim's tickets take of their capacity assignments and of the date's capacity. */
function sharedSeats(rows: readonly (readonly [TicketRow, number])[]) {
  const assignments = new Map<number, number>();
  let date = 0;
  for (const [row, n] of rows) {
    for (const id of row.assignments ?? []) add(assignments, Number(id), n);
    if (row.date_capped) date += n;
  }
  return { assignments, date };
}

/** Moves a claim's tickets' counters of its date by `change` (SQL on the row), in order of id. */
async function moveTickets(
  tx: Transaction,
  claim: Claim,
  change: (n: number) => ReturnType<typeof sql>,
): Promise<(readonly [TicketRow, number])[]> {
  const rows: (readonly [TicketRow, number])[] = [];
  for (const [id, n] of byId(claim.tickets)) {
    const [row] = await queryRows<TicketRow>(
      tx,
      sql`update ticket_stock set ${change(n)} where date_id = ${claim.dateId} and ticket_id = ${id}
          returning date_capped, (select array_agg(capacity_assignment_id order by capacity_assignment_id)
            from capacity_assignment_tickets where ticket_id = ticket_stock.ticket_id) as assignments`,
    );
    if (row) rows.push([row, n] as const);
  }
  return rows;
}

/** Gives back seats a claim's tickets took of shared limits (capacity assignments, the date's). */
async function freeShared(tx: Transaction, claim: Claim, rows: readonly (readonly [TicketRow, number])[]) {
  const shared = sharedSeats(rows);
  for (const [id, n] of byId(shared.assignments)) {
    await tx.execute(sql`update capacity_stock set used = used - ${n}
      where date_id = ${claim.dateId} and capacity_assignment_id = ${id}`);
  }
  if (shared.date !== 0) {
    await tx.execute(sql`update event_dates set used = used - ${shared.date} where id = ${claim.dateId}`);
  }
}

/**
 * Reserves a claim. Throws NOT_ENOUGH_AVAILABLE (409) when any counter has no room, which
 * rolls back the caller's transaction and so everything taken before it. Answers the claim's
 * tickets that sell seats, as their rows (now locked) say: a new order takes its seats next
 * (`takeBestSeats`); the claim's own seats (an order's again) are taken first, or SEAT_TAKEN.
 */
export async function reserveSeats(tx: Transaction, claim: Claim): Promise<Set<number>> {
  const { dateId } = claim;
  // An order's own seats first, as a new order's named ones (`seat-inventory.ts`).
  if (claim.seats.size > 0) await retakeSeats(tx, claim.seats);
  for (const [id, n] of byId(claim.tiers)) {
    const rows = await queryRows(
      tx,
      sql`update tier_stock set quantity_reserved = quantity_reserved + ${n}
          where date_id = ${dateId} and price_id = ${id}
            and (quantity is null or quantity_sold + quantity_reserved + ${n} <= quantity)
          returning price_id`,
    );
    if (rows.length === 0) throw new AppError('NOT_ENOUGH_AVAILABLE');
  }
  // Each ticket's update also names the capacity assignments it belongs to and whether the date
  // has a capacity: one round trip less than asking apart (issue 19), and never stale.
  const taken: (readonly [TicketRow, number])[] = [];
  const seated = new Set<number>();
  for (const [id, n] of byId(claim.tickets)) {
    const [row] = await queryRows<TicketRow>(
      tx,
      sql`update ticket_stock set quantity_reserved = quantity_reserved + ${n}
          where date_id = ${dateId} and ticket_id = ${id}
            and (quantity is null or quantity_sold + quantity_reserved + ${n} <= quantity)
          returning date_capped, seated, (select array_agg(capacity_assignment_id order by capacity_assignment_id)
            from capacity_assignment_tickets where ticket_id = ticket_stock.ticket_id) as assignments`,
    );
    if (!row) throw new AppError('NOT_ENOUGH_AVAILABLE');
    taken.push([row, n] as const);
    if (row.seated) seated.add(id);
  }
  const shared = sharedSeats(taken);
  for (const [id, n] of byId(shared.assignments)) {
    // Inactive assignments keep counting (their rows have no limit), so that switching one on
    // again finds the truth.
    const rows = await queryRows(
      tx,
      sql`update capacity_stock set used = used + ${n}
          where date_id = ${dateId} and capacity_assignment_id = ${id}
            and (capacity is null or used + ${n} <= capacity)
          returning date_id`,
    );
    if (rows.length === 0) throw new AppError('NOT_ENOUGH_AVAILABLE');
  }
  if (shared.date > 0) {
    const rows = await queryRows(
      tx,
      sql`update event_dates set used = used + ${shared.date}
          where id = ${dateId} and (capacity is null or used + ${shared.date} <= capacity)
          returning id`,
    );
    if (rows.length === 0) throw new AppError('NOT_ENOUGH_AVAILABLE');
  }
  for (const [id, n] of byId(claim.promoCodes)) {
    const rows = await queryRows(
      tx,
      sql`update promo_code_stock set times_used = times_used + ${n}
          where date_id = ${dateId} and promo_code_id = ${id}
            and (usage_limit is null or times_used + ${n} <= usage_limit)
          returning date_id`,
    );
    if (rows.length === 0) throw new AppError('PROMO_CODE_USED_UP');
  }
  return seated;
}

/** Gives a promo code's uses back on the claim's date. */
async function returnPromoCodes(tx: Transaction, claim: Claim): Promise<void> {
  for (const [id, n] of byId(claim.promoCodes)) {
    await tx.execute(sql`update promo_code_stock set times_used = times_used - ${n}
      where date_id = ${claim.dateId} and promo_code_id = ${id}`);
  }
}

/** Gives reserved seats back (an order expired, was abandoned or cancelled before payment). */
export async function releaseSeats(tx: Transaction, claim: Claim): Promise<void> {
  for (const [id, n] of byId(claim.tiers)) {
    await tx.execute(sql`update tier_stock set quantity_reserved = quantity_reserved - ${n}
      where date_id = ${claim.dateId} and price_id = ${id}`);
  }
  const rows = await moveTickets(tx, claim, (n) => sql`quantity_reserved = quantity_reserved - ${n}`);
  await freeShared(tx, claim, rows);
  await returnPromoCodes(tx, claim);
  await moveHeldSeats(tx, { seats: claim.seats, from: 'RESERVED', to: 'AVAILABLE' });
  // Freed seats go to the people waiting for them first (decision 030).
  await offerFreedSeats(tx, { dateId: claim.dateId, ticketIds: [...claim.tickets.keys()] });
}

/** Turns reserved seats into sold ones (the order is paid or free); shared limits stay taken. */
export async function sellSeats(tx: Transaction, claim: Claim): Promise<void> {
  for (const [id, n] of byId(claim.tiers)) {
    await tx.execute(sql`update tier_stock set quantity_reserved = quantity_reserved - ${n},
      quantity_sold = quantity_sold + ${n} where date_id = ${claim.dateId} and price_id = ${id}`);
  }
  await moveTickets(
    tx,
    claim,
    (n) => sql`quantity_reserved = quantity_reserved - ${n}, quantity_sold = quantity_sold + ${n}`,
  );
  await moveHeldSeats(tx, { seats: claim.seats, from: 'RESERVED', to: 'SOLD' });
}

/**
 * Gives sold seats back (a paid order is cancelled): its tickets, tiers and shared capacity go
 * back on sale, and its promo code use is returned.
 */
export async function returnSoldSeats(tx: Transaction, claim: Claim): Promise<void> {
  for (const [id, n] of byId(claim.tiers)) {
    await tx.execute(sql`update tier_stock set quantity_sold = quantity_sold - ${n}
      where date_id = ${claim.dateId} and price_id = ${id}`);
  }
  const rows = await moveTickets(tx, claim, (n) => sql`quantity_sold = quantity_sold - ${n}`);
  await freeShared(tx, claim, rows);
  await returnPromoCodes(tx, claim);
  await moveHeldSeats(tx, { seats: claim.seats, from: 'SOLD', to: 'AVAILABLE' });
  await offerFreedSeats(tx, { dateId: claim.dateId, ticketIds: [...claim.tickets.keys()] });
}

/**
 * The claims of orders, one per date in order of date, from their items (several orders of a
 * date add up), less the attendees cancelled one by one, whose seats went back when they were
 * cancelled. Work them out before voiding a whole order's attendees, or their seats would be
 * left out.
 */
export async function getClaimsOfOrders(db: Db, orderIds: number[]): Promise<Claim[]> {
  if (orderIds.length === 0) return [];
  const ids = sqlList(orderIds);
  const claims = new Map<number, Claim>();
  const claimOf = (dateId: string | number) => {
    const id = Number(dateId);
    const claim = claims.get(id) ?? emptyClaim(id);
    claims.set(id, claim);
    return claim;
  };
  type Id = string | number;
  // An add-on line of a cancelled attendee went back with them (decision 052), unless it is a
  // redeemable one: its vouchers are attendees, counted below.
  const items = await queryRows<{
    date_id: Id;
    ticket_id: Id;
    price_id: Id | null;
    quantity: number;
    released: boolean;
  }>(
    db,
    sql`select o.date_id, i.ticket_id, i.price_id, i.quantity,
          i.attendee_id is not null and exists (select from attendees a join tickets t on t.id = i.ticket_id
            where a.id = i.attendee_id and a.status = 'CANCELLED' and not t.redeemable) as released
        from order_items i join orders o on o.id = i.order_id where i.order_id in (${ids})`,
  );
  for (const item of items) {
    if (item.released) continue;
    const claim = claimOf(item.date_id);
    add(claim.tickets, Number(item.ticket_id), item.quantity);
    if (item.price_id !== null) add(claim.tiers, Number(item.price_id), item.quantity);
  }
  const cancelled = await queryRows<{ date_id: Id; ticket_id: Id; price_id: Id | null }>(
    db,
    sql`select date_id, ticket_id, price_id from attendees
        where order_id in (${ids}) and status = 'CANCELLED'`,
  );
  for (const attendee of cancelled) {
    const claim = claimOf(attendee.date_id);
    add(claim.tickets, Number(attendee.ticket_id), -1);
    if (attendee.price_id !== null) add(claim.tiers, Number(attendee.price_id), -1);
  }
  const codes = await queryRows<{ date_id: Id; promo_code_id: Id }>(
    db,
    sql`select date_id, promo_code_id from orders where id in (${ids}) and promo_code_id is not null`,
  );
  for (const code of codes) add(claimOf(code.date_id).promoCodes, Number(code.promo_code_id), 1);
  for (const [dateId, seats] of await findHeldSeats(db, orderIds)) claimOf(dateId).seats = seats;
  return [...claims.values()].sort((a, b) => a.dateId - b.dateId);
}

/** The claim of one order (see `getClaimsOfOrders`). */
export async function getClaimOfOrder(db: Db, orderId: number): Promise<Claim> {
  const [claim] = await getClaimsOfOrders(db, [orderId]);
  if (claim) return claim;
  const [order] = await queryRows<{ date_id: string | number }>(
    db,
    sql`select date_id from orders where id = ${orderId}`,
  );
  if (!order) throw new Error(`order ${orderId} has no date`);
  return emptyClaim(Number(order.date_id));
}

export { add as addToCounts, byId as countsById };
