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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DATE_CANCELLATION_ACTIONS, DATE_CANCELLATION_STATUSES } from '../../../common/date-cancellation';
import { accounts } from './accounts';
import { eventDates } from './event-dates';
import { events } from './events';
import { orders } from './orders';
import { refunds } from './payments';
import { users } from './users';

/**
 * A date an organizer cancelled (decision 050), once per date: what happens to its orders, the
 * words attendees are told, and how far the job that works through the orders got.
 */
export const dateCancellations = pgTable(
  'date_cancellations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    dateId: bigint('date_id', { mode: 'number' })
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    action: text('action', { enum: DATE_CANCELLATION_ACTIONS }).notNull(),
    moveToDateId: bigint('move_to_date_id', { mode: 'number' }).references(() => eventDates.id, {
      onDelete: 'set null',
    }),
    notify: boolean('notify').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: DATE_CANCELLATION_STATUSES }).notNull().default('RUNNING'),
    ordersTotal: integer('orders_total').notNull().default(0),
    ordersDone: integer('orders_done').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    moved: integer('moved').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('date_cancellations_date_idx').on(t.dateId),
    index('date_cancellations_event_idx').on(t.eventId),
    check(
      'date_cancellations_counts',
      sql`${t.ordersDone} >= 0 and ${t.refunded} >= 0 and ${t.moved} >= 0 and ${t.failed} >= 0`,
    ),
  ],
);

export const DATE_CANCELLATION_OUTCOMES = ['REFUNDED', 'CANCELLED', 'EXPIRED', 'MOVED'] as const;

/**
 * One order a cancellation handled, written in the transaction that handled it: the key that
 * makes every order handled (and refunded) once per cancellation, however often the job restarts.
 */
export const dateCancellationOrders = pgTable(
  'date_cancellation_orders',
  {
    cancellationId: bigint('cancellation_id', { mode: 'number' })
      .notNull()
      .references(() => dateCancellations.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: DATE_CANCELLATION_OUTCOMES }).notNull(),
    /** The refund written for it, if any: a card refund still to be asked of Stripe is found by it. */
    refundId: bigint('refund_id', { mode: 'number' }).references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cancellationId, t.orderId] }),
    uniqueIndex('date_cancellation_orders_refund_idx').on(t.refundId),
  ],
);
