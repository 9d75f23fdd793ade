import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { orders } from './orders';

/** An account's connected Stripe account (Connect), and what Stripe last said about it. */
export const stripeConnections = pgTable(
  'stripe_connections',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    stripeAccountId: text('stripe_account_id').notNull(),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stripe_connections_stripe_account_idx').on(t.stripeAccountId)],
);

/**
 * Every Stripe event handled, by its id: inserted in the transaction that acts on it, so a
 * duplicate delivery, a retry or two deliveries at once act once (the unique key refuses the rest).
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  stripeAccountId: text('stripe_account_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;

/** A refund of (part of) a card-paid order, as asked from Stripe and as Stripe settled it. */
export const refunds = pgTable(
  'refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    providerRefundId: text('provider_refund_id'),
    amount: integer('amount').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    notifyBuyer: boolean('notify_buyer').notNull().default(true),
    cancelOrder: boolean('cancel_order').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_provider_idx').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount', sql`${t.amount} > 0`),
  ],
);
