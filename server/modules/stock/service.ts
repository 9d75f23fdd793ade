import { sql } from 'drizzle-orm';
import type { CapacityLimit, Stock } from '../../../common/availability';
import type { Db, Transaction } from '../../db/client';
import { queryRows, sqlList } from '../../db/rows';
import { fillSeats } from './seats';

/**
 * The rows that hold an event's stock per date (decision 049): one per date and ticket, tier,
 * capacity assignment and promo code, each carrying its limit so a CHECK backs it. The counters
 * themselves move only in `orders/inventory.ts`; this module writes the rows and their limits,
 * and sums them for the screens that show a ticket's or a code's figures over all dates.
 */

/**
 * Writes the missing rows of an event: after a date, ticket, tier, capacity assignment or promo
 * code is added. Idempotent; a date with a capacity marks its tickets' rows `date_capped`.
 */
export async function fillStock(tx: Transaction, eventId: number): Promise<void> {
  await tx.execute(sql`
    insert into ticket_stock (date_id, ticket_id, quantity, date_capped)
    select d.id, t.id, t.quantity, d.capacity is not null
    from event_dates d join tickets t on t.event_id = d.event_id
    where d.event_id = ${eventId}
    on conflict do nothing`);
  await tx.execute(sql`
    insert into tier_stock (date_id, price_id, quantity)
    select d.id, p.id, p.quantity
    from event_dates d join tickets t on t.event_id = d.event_id join ticket_prices p on p.ticket_id = t.id
    where d.event_id = ${eventId}
    on conflict do nothing`);
  await tx.execute(sql`
    insert into capacity_stock (date_id, capacity_assignment_id, capacity, used)
    select d.id, a.id, case when a.status = 'ACTIVE' then a.capacity end,
      coalesce((select sum(s.quantity_sold + s.quantity_reserved)::int
        from capacity_assignment_tickets l join ticket_stock s on s.ticket_id = l.ticket_id
        where l.capacity_assignment_id = a.id and s.date_id = d.id), 0)
    from event_dates d join capacity_assignments a on a.event_id = d.event_id
    where d.event_id = ${eventId}
    on conflict do nothing`);
  await tx.execute(sql`
    insert into promo_code_stock (date_id, promo_code_id, usage_limit)
    select d.id, c.id, c.usage_limit
    from event_dates d join promo_codes c on c.event_id = d.event_id
    where d.event_id = ${eventId}
    on conflict do nothing`);
  await fillSeats(tx, eventId);
}

/**
 * A ticket's quantity changed: every date that does not set its own follows. Below what a date
 * has sold and holds, the row's CHECK (`ticket_stock_quantity`) refuses it.
 */
export async function setTicketQuantity(tx: Transaction, ticketId: number, quantity: number | null) {
  await tx.execute(
    sql`update ticket_stock set quantity = ${quantity} where ticket_id = ${ticketId} and not own_quantity`,
  );
}

/** A tier's quantity changed, on every date (`tier_stock_quantity` refuses one below the taken). */
export async function setTierQuantity(tx: Transaction, priceId: number, quantity: number | null) {
  await tx.execute(sql`update tier_stock set quantity = ${quantity} where price_id = ${priceId}`);
}

/** A capacity assignment's limit on every date: its capacity while ACTIVE, none otherwise. */
export async function setCapacityLimit(tx: Transaction, assignmentId: number, capacity: number | null) {
  await tx.execute(
    sql`update capacity_stock set capacity = ${capacity} where capacity_assignment_id = ${assignmentId}`,
  );
}

/**
 * Counts a capacity assignment's seats again on every date, from its tickets' stock, after its
 * tickets changed. The tickets' rows are locked first, so no reservation is between its ticket
 * and its assignment while this counts.
 */
export async function recountCapacity(tx: Transaction, assignmentId: number): Promise<void> {
  await tx.execute(sql`
    select 1 from ticket_stock
    where ticket_id in (select ticket_id from capacity_assignment_tickets where capacity_assignment_id = ${assignmentId})
    order by date_id, ticket_id for update`);
  await tx.execute(sql`
    update capacity_stock c set used = coalesce((
      select sum(s.quantity_sold + s.quantity_reserved)::int
      from capacity_assignment_tickets l join ticket_stock s on s.ticket_id = l.ticket_id
      where l.capacity_assignment_id = c.capacity_assignment_id and s.date_id = c.date_id), 0)
    where c.capacity_assignment_id = ${assignmentId}`);
}

/** A promo code's usage limit on every date. */
export async function setPromoCodeLimit(tx: Transaction, promoCodeId: number, limit: number | null) {
  await tx.execute(
    sql`update promo_code_stock set usage_limit = ${limit} where promo_code_id = ${promoCodeId}`,
  );
}

/**
 * A date's capacity across its tickets was set or removed. With one, `used` is counted from its
 * tickets' rows, locked first (a reservation running now has committed when they are), and the
 * rows are marked so every later reservation counts on the date too (decision 049). A capacity
 * below what the date has taken is refused by `event_dates_used`.
 */
export async function capDate(tx: Transaction, dateId: number, capacity: number | null): Promise<void> {
  await tx.execute(sql`select 1 from ticket_stock where date_id = ${dateId} order by ticket_id for update`);
  await tx.execute(sql`
    update ticket_stock set date_capped = ${capacity !== null} where date_id = ${dateId}`);
  await tx.execute(sql`
    update event_dates set capacity = ${capacity}, used = case when ${capacity}::int is null then 0 else coalesce((
      select sum(quantity_sold + quantity_reserved)::int from ticket_stock where date_id = ${dateId}), 0) end
    where id = ${dateId}`);
}

/** What one date has of an event's tickets: their stock, their tiers' and the limits they share. */
export interface DateStock {
  dateId: number;
  /** per ticket id */
  tickets: Map<number, Stock>;
  /** per tier id */
  tiers: Map<number, Stock>;
  /** per ticket id: its capacity assignments on this date and the date's own capacity */
  limits: Map<number, CapacityLimit[]>;
  /** per ticket id, only where the date sets any: its own price and sale window there */
  overrides: Map<number, DateOverride>;
}

/** What a date sets for a ticket instead of the ticket's own (null: the ticket's). */
export interface DateOverride {
  price: number | null;
  saleStart: Date | null;
  saleEnd: Date | null;
}

/** A ticket as it is on a date: its price and sale window, the date's where it sets them. */
export function onDate<T extends { price: number | null; saleStart: Date | null; saleEnd: Date | null }>(
  ticket: T,
  override: DateOverride | undefined,
): T {
  if (!override) return ticket;
  return {
    ...ticket,
    price: override.price ?? ticket.price,
    saleStart: override.saleStart ?? ticket.saleStart,
    saleEnd: override.saleEnd ?? ticket.saleEnd,
  };
}

type Id = string | number;

/**
 * The stock of tickets per date: every date of theirs, or only `dateId`'s (or those dates'). Four
 * queries, however many tickets and dates.
 */
export async function readDateStocks(
  db: Db,
  ticketIds: readonly number[],
  dateId?: number | readonly number[],
): Promise<DateStock[]> {
  if (ticketIds.length === 0 || (Array.isArray(dateId) && dateId.length === 0)) return [];
  const ids = sqlList(ticketIds);
  const onDateOnly = (column: string) =>
    dateId === undefined
      ? sql``
      : typeof dateId === 'number'
        ? sql`and ${sql.raw(column)} = ${dateId}`
        : sql`and ${sql.raw(column)} in (${sqlList(dateId)})`;
  type Counters = { date_id: Id; quantity: number | null; sold: number; reserved: number; seated?: boolean };
  type Own = { price: number | null; sale_start: Date | string | null; sale_end: Date | string | null };
  const tickets = await queryRows<Counters & Own & { ticket_id: Id }>(
    db,
    sql`select date_id, ticket_id, quantity, quantity_sold as sold, quantity_reserved as reserved,
          seated, price, sale_start, sale_end
        from ticket_stock where ticket_id in (${ids}) ${onDateOnly('date_id')} order by date_id`,
  );
  const tiers = await queryRows<Counters & { price_id: Id }>(
    db,
    sql`select s.date_id, s.price_id, s.quantity, s.quantity_sold as sold, s.quantity_reserved as reserved
        from tier_stock s join ticket_prices p on p.id = s.price_id
        where p.ticket_id in (${ids}) ${onDateOnly('s.date_id')}`,
  );
  const shared = await queryRows<{ date_id: Id; ticket_id: Id; capacity: number | null; used: number }>(
    db,
    sql`select c.date_id, l.ticket_id, c.capacity, c.used
        from capacity_assignment_tickets l join capacity_stock c on c.capacity_assignment_id = l.capacity_assignment_id
        where l.ticket_id in (${ids}) and c.capacity is not null ${onDateOnly('c.date_id')}`,
  );
  const capped = await queryRows<{ id: Id; capacity: number; used: number }>(
    db,
    sql`select id, capacity, used from event_dates
        where capacity is not null and id in (select date_id from ticket_stock where ticket_id in (${ids}))
        ${onDateOnly('id')}`,
  );
  const dates = new Map<number, DateStock>();
  const dateOf = (id: Id) => {
    const key = Number(id);
    const found = dates.get(key) ?? {
      dateId: key,
      tickets: new Map(),
      tiers: new Map(),
      limits: new Map(),
      overrides: new Map(),
    };
    dates.set(key, found);
    return found;
  };
  const stockOf = (row: Counters): Stock => ({
    quantity: row.quantity,
    sold: row.sold,
    reserved: row.reserved,
    ...(row.seated ? { seated: true } : {}),
  });
  const at = (value: Date | string | null) => (value === null ? null : new Date(value));
  for (const row of tickets) {
    const date = dateOf(row.date_id);
    date.tickets.set(Number(row.ticket_id), stockOf(row));
    if (row.price !== null || row.sale_start !== null || row.sale_end !== null) {
      const override = { price: row.price, saleStart: at(row.sale_start), saleEnd: at(row.sale_end) };
      date.overrides.set(Number(row.ticket_id), override);
    }
  }
  for (const row of tiers) dateOf(row.date_id).tiers.set(Number(row.price_id), stockOf(row));
  const limit = (date: DateStock, ticketId: number, l: CapacityLimit) =>
    date.limits.set(ticketId, [...(date.limits.get(ticketId) ?? []), l]);
  for (const row of shared) {
    limit(dateOf(row.date_id), Number(row.ticket_id), {
      capacity: row.capacity,
      used: row.used,
      active: true,
    });
  }
  for (const row of capped) {
    const date = dates.get(Number(row.id));
    if (!date) continue;
    for (const ticketId of date.tickets.keys()) {
      limit(date, ticketId, { capacity: row.capacity, used: row.used, active: true });
    }
  }
  return [...dates.values()];
}
