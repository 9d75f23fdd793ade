import { sql } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client';
import { queryRows } from '../../db/rows';
import { AppError } from '../../http/app-error';
import { offerFreedSeats } from './waitlist-offers';

/**
 * Stock is a set of counters guarded by the database (docs/architecture.md#inventory, decision
 * 006): `quantity_sold` and `quantity_reserved` on tickets and tiers, `used` on capacity
 * assignments (the sold and reserved seats of their tickets), `times_used` on promo codes. Every
 * change is one conditional UPDATE that touches one row or none, made inside the caller's
 * transaction (the functions that move counters take a `Transaction`, decision 016), in a fixed
 * order — tiers, tickets, capacity assignments, promo code, each by id — so two orders never
 * wait on each other in a circle. A CHECK on each table backs every limit.
 */
export interface Claim {
  /** seats per tier id */
  tiers: Map<number, number>;
  /** seats per ticket id */
  tickets: Map<number, number>;
  /** uses per promo code id (one per order) */
  promoCodes: Map<number, number>;
}

const byId = (counts: Map<number, number>) =>
  [...counts.entries()].filter(([, n]) => n !== 0).sort(([a], [b]) => a - b);

function add(counts: Map<number, number>, id: number, n: number): void {
  counts.set(id, (counts.get(id) ?? 0) + n);
}

export function emptyClaim(): Claim {
  return { tiers: new Map(), tickets: new Map(), promoCodes: new Map() };
}

/** Seats per capacity assignment: every assignment linked to a claimed ticket, now. */
async function capacityCounts(db: Db, tickets: Map<number, number>): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (tickets.size === 0) return counts;
  const links = await queryRows<{ capacity_assignment_id: string | number; ticket_id: string | number }>(
    db,
    sql`select capacity_assignment_id, ticket_id from capacity_assignment_tickets
        where ticket_id in (${sql.join(
          [...tickets.keys()].map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  for (const link of links) {
    add(counts, Number(link.capacity_assignment_id), tickets.get(Number(link.ticket_id)) ?? 0);
  }
  return counts;
}

/**
 * Reserves a claim. Throws NOT_ENOUGH_AVAILABLE (409) when any counter has no room, which
 * rolls back the caller's transaction and so everything taken before it.
 */
export async function reserveSeats(tx: Transaction, claim: Claim): Promise<void> {
  for (const [id, n] of byId(claim.tiers)) {
    const rows = await queryRows(
      tx,
      sql`update ticket_prices set quantity_reserved = quantity_reserved + ${n}
          where id = ${id} and (quantity is null or quantity_sold + quantity_reserved + ${n} <= quantity)
          returning id`,
    );
    if (rows.length === 0) throw new AppError('NOT_ENOUGH_AVAILABLE');
  }
  // Each ticket's update also names the capacity assignments it belongs to: one round trip
  // less than asking for them apart (issue 19).
  const shared = new Map<number, number>();
  for (const [id, n] of byId(claim.tickets)) {
    const [row] = await queryRows<{ assignments: (string | number)[] | null }>(
      tx,
      sql`update tickets set quantity_reserved = quantity_reserved + ${n}
          where id = ${id} and (quantity is null or quantity_sold + quantity_reserved + ${n} <= quantity)
          returning (select array_agg(capacity_assignment_id) from capacity_assignment_tickets
                     where ticket_id = tickets.id) as assignments`,
    );
    if (!row) throw new AppError('NOT_ENOUGH_AVAILABLE');
    for (const assignment of row.assignments ?? []) add(shared, Number(assignment), n);
  }
  for (const [id, n] of byId(shared)) {
    // Inactive assignments keep counting, so that switching one on again finds the truth.
    const rows = await queryRows(
      tx,
      sql`update capacity_assignments set used = used + ${n}
          where id = ${id} and (status <> 'ACTIVE' or capacity is null or used + ${n} <= capacity)
          returning id`,
    );
    if (rows.length === 0) throw new AppError('NOT_ENOUGH_AVAILABLE');
  }
  for (const [id, n] of byId(claim.promoCodes)) {
    const rows = await queryRows(
      tx,
      sql`update promo_codes set times_used = times_used + ${n}
          where id = ${id} and (usage_limit is null or times_used + ${n} <= usage_limit)
          returning id`,
    );
    if (rows.length === 0) throw new AppError('PROMO_CODE_USED_UP');
  }
}

/** Gives reserved seats back (an order expired, was abandoned or cancelled before payment). */
export async function releaseSeats(tx: Transaction, claim: Claim): Promise<void> {
  for (const [id, n] of byId(claim.tiers)) {
    await tx.execute(
      sql`update ticket_prices set quantity_reserved = quantity_reserved - ${n} where id = ${id}`,
    );
  }
  for (const [id, n] of byId(claim.tickets)) {
    await tx.execute(sql`update tickets set quantity_reserved = quantity_reserved - ${n} where id = ${id}`);
  }
  for (const [id, n] of byId(await capacityCounts(tx, claim.tickets))) {
    await tx.execute(sql`update capacity_assignments set used = used - ${n} where id = ${id}`);
  }
  for (const [id, n] of byId(claim.promoCodes)) {
    await tx.execute(sql`update promo_codes set times_used = times_used - ${n} where id = ${id}`);
  }
  // Freed seats go to the people waiting for them first (decision 030).
  await offerFreedSeats(tx, [...claim.tickets.keys()]);
}

/** Turns reserved seats into sold ones (the order is paid or free); shared limits stay taken. */
export async function sellSeats(tx: Transaction, claim: Claim): Promise<void> {
  for (const [id, n] of byId(claim.tiers)) {
    await tx.execute(
      sql`update ticket_prices set quantity_reserved = quantity_reserved - ${n},
          quantity_sold = quantity_sold + ${n} where id = ${id}`,
    );
  }
  for (const [id, n] of byId(claim.tickets)) {
    await tx.execute(
      sql`update tickets set quantity_reserved = quantity_reserved - ${n},
          quantity_sold = quantity_sold + ${n} where id = ${id}`,
    );
  }
}

/**
 * Gives sold seats back (a paid order is cancelled): its tickets, tiers and shared capacity go
 * back on sale, and its promo code use is returned.
 */
export async function returnSoldSeats(tx: Transaction, claim: Claim): Promise<void> {
  for (const [id, n] of byId(claim.tiers)) {
    await tx.execute(sql`update ticket_prices set quantity_sold = quantity_sold - ${n} where id = ${id}`);
  }
  for (const [id, n] of byId(claim.tickets)) {
    await tx.execute(sql`update tickets set quantity_sold = quantity_sold - ${n} where id = ${id}`);
  }
  for (const [id, n] of byId(await capacityCounts(tx, claim.tickets))) {
    await tx.execute(sql`update capacity_assignments set used = used - ${n} where id = ${id}`);
  }
  for (const [id, n] of byId(claim.promoCodes)) {
    await tx.execute(sql`update promo_codes set times_used = times_used - ${n} where id = ${id}`);
  }
  await offerFreedSeats(tx, [...claim.tickets.keys()]);
}

/**
 * The claim of orders, from their items (several orders add up), less the attendees cancelled
 * one by one, whose seats went back when they were cancelled. Work it out before voiding a
 * whole order's attendees, or their seats would be left out.
 */
export async function getClaimOfOrders(db: Db, orderIds: number[]): Promise<Claim> {
  const claim = emptyClaim();
  if (orderIds.length === 0) return claim;
  const ids = sql.join(
    orderIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const items = await queryRows<{
    ticket_id: string | number;
    price_id: string | number | null;
    quantity: number;
  }>(db, sql`select ticket_id, price_id, quantity from order_items where order_id in (${ids})`);
  for (const item of items) {
    add(claim.tickets, Number(item.ticket_id), item.quantity);
    if (item.price_id !== null) add(claim.tiers, Number(item.price_id), item.quantity);
  }
  const cancelled = await queryRows<{ ticket_id: string | number; price_id: string | number | null }>(
    db,
    sql`select ticket_id, price_id from attendees where order_id in (${ids}) and status = 'CANCELLED'`,
  );
  for (const attendee of cancelled) {
    add(claim.tickets, Number(attendee.ticket_id), -1);
    if (attendee.price_id !== null) add(claim.tiers, Number(attendee.price_id), -1);
  }
  const codes = await queryRows<{ promo_code_id: string | number }>(
    db,
    sql`select promo_code_id from orders where id in (${ids}) and promo_code_id is not null`,
  );
  for (const code of codes) add(claim.promoCodes, Number(code.promo_code_id), 1);
  return claim;
}

export { add as addToCounts, byId as countsById };
