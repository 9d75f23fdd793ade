import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { catalogueCategories } from './categories';
import { events } from './events';
import { taxesAndFees } from './taxes-fees';

/**
 * What an event sells: tickets (each seat an attendee) and products (merchandise, parking, a
 * meal: no attendee unless redeemable; decision 051). `quantity` is its seats or units on each
 * date (NULL = unlimited); those sold and held are counted per date in `ticket_stock`
 * (docs/architecture.md#inventory). A TIERED product's tiers are its variants.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** TICKET: each unit is an attendee; PRODUCT: sold beside the tickets. */
    kind: text('kind', { enum: ['TICKET', 'PRODUCT'] })
      .notNull()
      .default('TICKET'),
    /** The catalogue heading it is listed under; null: before the first category. */
    categoryId: bigint('category_id', { mode: 'number' }).references(() => catalogueCategories.id, {
      onDelete: 'set null',
    }),
    /** A product whose every unit gets a code the door scans once (a drink voucher, a parking pass). */
    redeemable: boolean('redeemable').notNull().default(false),
    /**
     * A product sold only as an add-on of the tickets in `addon_tickets`, per attendee, from
     * `addon_min` to `addon_max` units each (decision 052); both null for anything else.
     */
    addonMin: integer('addon_min'),
    addonMax: integer('addon_max'),
    title: text('title').notNull(),
    description: text('description'),
    type: text('type', { enum: ['FREE', 'PAID', 'DONATION', 'TIERED'] }).notNull(),
    /** PAID: the price; DONATION: the minimum. Minor units. */
    price: integer('price'),
    saleStart: timestamp('sale_start', { withTimezone: true }),
    saleEnd: timestamp('sale_end', { withTimezone: true }),
    minPerOrder: integer('min_per_order').notNull().default(1),
    maxPerOrder: integer('max_per_order').notNull().default(10),
    quantity: integer('quantity'),
    showQuantityRemaining: boolean('show_quantity_remaining').notNull().default(false),
    hideWhenSoldOut: boolean('hide_when_sold_out').notNull().default(false),
    hideBeforeSaleStart: boolean('hide_before_sale_start').notNull().default(false),
    hideAfterSaleEnd: boolean('hide_after_sale_end').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    hideWithoutPromoCode: boolean('hide_without_promo_code').notNull().default(false),
    isPaused: boolean('is_paused').notNull().default(false),
    /** Takes sign-ups to a waiting list once sold out; null: the event's setting (decision 030). */
    waitlistEnabled: boolean('waitlist_enabled'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_event_idx').on(t.eventId, t.sortOrder),
    check('tickets_quantity', sql`${t.quantity} is null or ${t.quantity} >= 0`),
    check('tickets_redeemable_product', sql`${t.kind} = 'PRODUCT' or not ${t.redeemable}`),
    check(
      'tickets_addon_range',
      sql`(${t.addonMin} is null and ${t.addonMax} is null) or (${t.kind} = 'PRODUCT' and ${t.addonMin} >= 0 and ${t.addonMax} >= greatest(${t.addonMin}, 1))`,
    ),
    index('tickets_category_idx').on(t.categoryId),
  ],
);

/** The tickets an add-on product is offered with (decision 052): the same event's. */
export const addonTickets = pgTable(
  'addon_tickets',
  {
    addonId: bigint('addon_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.addonId, t.ticketId] }), index('addon_tickets_ticket_idx').on(t.ticketId)],
);

/** The labelled prices of a TIERED ticket, each with its own seats per date (`tier_stock`) and sale window. */
export const ticketPrices = pgTable(
  'ticket_prices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    price: integer('price').notNull(),
    quantity: integer('quantity'),
    saleStart: timestamp('sale_start', { withTimezone: true }),
    saleEnd: timestamp('sale_end', { withTimezone: true }),
    isHidden: boolean('is_hidden').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('ticket_prices_ticket_idx').on(t.ticketId),
    check('ticket_prices_quantity', sql`${t.quantity} is null or ${t.quantity} >= 0`),
  ],
);

/** Which taxes and fees a ticket applies; deleting a tax detaches it from its tickets. */
export const ticketTaxesAndFees = pgTable(
  'ticket_taxes_and_fees',
  {
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    taxOrFeeId: bigint('tax_or_fee_id', { mode: 'number' })
      .notNull()
      .references(() => taxesAndFees.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.taxOrFeeId] }),
    index('ticket_taxes_tax_idx').on(t.taxOrFeeId),
  ],
);
