import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SeatingPlan } from '../../../common/seating-plan';
import { accounts } from './accounts';
import { eventDates } from './event-dates';
import { events } from './events';
import { attendees, orders } from './orders';
import { tickets } from './tickets';

/**
 * Reserved seating (issue 42, decision 067). An account keeps plans; an event takes a copy of
 * one (`event_seating`) with each price category sold as one of its tickets; every seat of the
 * copy is a row of `event_seats` on every date, the seat's inventory. An order's seats are kept
 * in `order_seats`, as its items are: what it took, whatever becomes of the seat.
 */

export const seatingPlans = pgTable(
  'seating_plans',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    plan: jsonb('plan').$type<SeatingPlan>().notNull(),
    seatCount: integer('seat_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seating_plans_account_idx').on(t.accountId)],
);

/** An event's copy of a plan: changing the account's plan later leaves the event's seats alone. */
export const eventSeating = pgTable('event_seating', {
  eventId: bigint('event_id', { mode: 'number' })
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  planId: bigint('plan_id', { mode: 'number' }).references(() => seatingPlans.id, { onDelete: 'set null' }),
  plan: jsonb('plan').$type<SeatingPlan>().notNull(),
  seatCount: integer('seat_count').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which ticket sells the seats of each price category of an event's plan. */
export const seatCategories = pgTable(
  'seat_categories',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => eventSeating.eventId, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.category] }),
    index('seat_categories_ticket_idx').on(t.ticketId),
  ],
);

export const SEAT_STATUS_VALUES = ['AVAILABLE', 'RESERVED', 'SOLD', 'BLOCKED'] as const;

/**
 * One seat on one date: its place in the plan (labels copied for everything after the sale),
 * the ticket that sells it, and who holds it. A seat moves AVAILABLE → RESERVED → SOLD and back
 * to AVAILABLE by one guarded UPDATE each, in the order's transaction; BLOCKED is the
 * organizer's. The CHECK ties a holder to exactly the held states.
 */
export const eventSeats = pgTable(
  'event_seats',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    dateId: bigint('date_id', { mode: 'number' })
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    seatKey: text('seat_key').notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    section: text('section').notNull(),
    rowLabel: text('row_label').notNull(),
    rowKind: text('row_kind', { enum: ['row', 'table'] }).notNull(),
    seatLabel: text('seat_label').notNull(),
    wheelchair: boolean('wheelchair').notNull().default(false),
    /** Its place among the plan's seats: rows in plan order, seats along the row. */
    position: integer('position').notNull(),
    /** Its row's position in the plan; seats of one row sit together unless an aisle parts them. */
    rowIndex: integer('row_index').notNull(),
    /** Seats of a row between aisles share a block: only they sit together. */
    block: integer('block').notNull(),
    status: text('status', { enum: SEAT_STATUS_VALUES }).notNull().default('AVAILABLE'),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_seats_date_key').on(t.dateId, t.seatKey),
    index('event_seats_date_ticket_idx').on(t.dateId, t.ticketId, t.position),
    index('event_seats_order_idx').on(t.orderId),
    index('event_seats_event_idx').on(t.eventId),
    // The seats a buyer cannot take, read every few seconds by every buyer's page: only those.
    index('event_seats_taken_idx').on(t.dateId, t.seatKey).where(sql`${t.status} <> 'AVAILABLE'`),
    check('event_seats_holder', sql`(${t.status} in ('RESERVED', 'SOLD')) = (${t.orderId} is not null)`),
  ],
);

/** The seats an order took, in the order it named them; each attendee sits on one. */
export const orderSeats = pgTable(
  'order_seats',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seatId: bigint('seat_id', { mode: 'number' })
      .notNull()
      .references(() => eventSeats.id, { onDelete: 'cascade' }),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    attendeeId: bigint('attendee_id', { mode: 'number' }).references(() => attendees.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.seatId] }),
    index('order_seats_seat_idx').on(t.seatId),
    index('order_seats_attendee_idx').on(t.attendeeId),
  ],
);
