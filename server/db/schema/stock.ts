import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { capacityAssignments } from './capacity';
import { eventDates } from './event-dates';
import { promoCodes } from './promo-codes';
import { ticketPrices, tickets } from './tickets';

/**
 * Stock per date (issue 36, decision 049): every counter a reservation moves lives on a row of
 * one date and one ticket, tier, capacity assignment or promo code, with its limit copied on the
 * row so that a CHECK backs it (docs/architecture.md#inventory). A date's rows are written with
 * the date, and a ticket's (tier's, assignment's, code's) with it, for every date of the event.
 */

/** A ticket's seats on one date: its quantity (the ticket's, or the date's own), sold and held. */
export const ticketStock = pgTable(
  'ticket_stock',
  {
    dateId: bigint('date_id', { mode: 'number' })
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Null: unlimited. The ticket's quantity unless `own_quantity`. */
    quantity: integer('quantity'),
    /** The date sets its own quantity for this ticket; a change of the ticket's leaves it. */
    ownQuantity: boolean('own_quantity').notNull().default(false),
    /** The date's own price for this ticket (PAID, DONATION), in the event's currency. */
    price: integer('price'),
    /** The date's own sale window for this ticket; null: the ticket's. */
    saleStart: timestamp('sale_start', { withTimezone: true }),
    saleEnd: timestamp('sale_end', { withTimezone: true }),
    quantitySold: integer('quantity_sold').notNull().default(0),
    quantityReserved: integer('quantity_reserved').notNull().default(0),
    /**
     * The date has a capacity across its tickets: a reservation then also counts on the date
     * (`event_dates.used`). Kept on this row, which every reservation locks, so that it never
     * reads it stale (decision 049).
     */
    dateCapped: boolean('date_capped').notNull().default(false),
    /**
     * The ticket sells seats of the event's plan (issue 42, decision 067): a reservation must
     * then take as many seats as tickets. Kept here for the reason `date_capped` is.
     */
    seated: boolean('seated').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.dateId, t.ticketId] }),
    index('ticket_stock_ticket_idx').on(t.ticketId),
    check(
      'ticket_stock_quantity',
      sql`${t.quantity} is null or ${t.quantitySold} + ${t.quantityReserved} <= ${t.quantity}`,
    ),
    check('ticket_stock_counts', sql`${t.quantitySold} >= 0 and ${t.quantityReserved} >= 0`),
  ],
);

/** A tier's seats on one date. */
export const tierStock = pgTable(
  'tier_stock',
  {
    dateId: bigint('date_id', { mode: 'number' })
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    priceId: bigint('price_id', { mode: 'number' })
      .notNull()
      .references(() => ticketPrices.id, { onDelete: 'cascade' }),
    quantity: integer('quantity'),
    quantitySold: integer('quantity_sold').notNull().default(0),
    quantityReserved: integer('quantity_reserved').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.dateId, t.priceId] }),
    index('tier_stock_price_idx').on(t.priceId),
    check(
      'tier_stock_quantity',
      sql`${t.quantity} is null or ${t.quantitySold} + ${t.quantityReserved} <= ${t.quantity}`,
    ),
    check('tier_stock_counts', sql`${t.quantitySold} >= 0 and ${t.quantityReserved} >= 0`),
  ],
);

/**
 * A capacity assignment's seats on one date: `used` counts its tickets' sold and held seats at
 * all times; `capacity` is the assignment's while it is ACTIVE, else null (no limit).
 */
export const capacityStock = pgTable(
  'capacity_stock',
  {
    dateId: bigint('date_id', { mode: 'number' })
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    capacityAssignmentId: bigint('capacity_assignment_id', { mode: 'number' })
      .notNull()
      .references(() => capacityAssignments.id, { onDelete: 'cascade' }),
    capacity: integer('capacity'),
    used: integer('used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.dateId, t.capacityAssignmentId] }),
    index('capacity_stock_assignment_idx').on(t.capacityAssignmentId),
    check(
      'capacity_stock_used',
      sql`${t.used} >= 0 and (${t.capacity} is null or ${t.used} <= ${t.capacity})`,
    ),
  ],
);

/** A promo code's uses on one date (one per order), under its usage limit. */
export const promoCodeStock = pgTable(
  'promo_code_stock',
  {
    dateId: bigint('date_id', { mode: 'number' })
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    promoCodeId: bigint('promo_code_id', { mode: 'number' })
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    usageLimit: integer('usage_limit'),
    timesUsed: integer('times_used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.dateId, t.promoCodeId] }),
    index('promo_code_stock_code_idx').on(t.promoCodeId),
    check(
      'promo_code_stock_usage',
      sql`${t.timesUsed} >= 0 and (${t.usageLimit} is null or ${t.timesUsed} <= ${t.usageLimit})`,
    ),
  ],
);
