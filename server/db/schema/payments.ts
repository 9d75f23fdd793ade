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
import { REFUND_METHODS } from '../../../common/payments';
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

/**
 * A refund of (part of) an order: of a card payment, as asked from Stripe and as Stripe settled
 * it; or of an offline payment, given back by the organizer and recorded (SUCCEEDED at once).
 */
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
    method: text('method', { enum: REFUND_METHODS }).notNull().default('STRIPE'),
    /** Why the money went back, as the organizer wrote it (recorded refunds). */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_provider_idx').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    // Reports count a refund on the day it went through (decision 054).
    index('refunds_succeeded_idx').on(t.updatedAt).where(sql`${t.status} = 'SUCCEEDED'`),
    check('refunds_amount', sql`${t.amount} > 0`),
  ],
);

export const CARD_TRANSACTION_KINDS = ['PAYMENT', 'REFUND'] as const;

/**
 * Money that moved by card, as Stripe booked it (decision 028): a payment of an order or a
 * refund of it, with the platform fee and Stripe's own fee read from its balance transaction.
 * Amounts and fees are positive integer minor units; a refund's platform fee is the share of
 * the platform fee given back with it. The billing statements are sums of these rows.
 */
export const cardTransactions = pgTable(
  'card_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    refundId: bigint('refund_id', { mode: 'number' }).references(() => refunds.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CARD_TRANSACTION_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    platformFee: integer('platform_fee').notNull(),
    stripeFee: integer('stripe_fee').notNull(),
    stripePaymentIntentId: text('stripe_payment_intent_id').notNull(),
    /** The charge of a payment, the refund of a refund. */
    stripeObjectId: text('stripe_object_id').notNull(),
    stripeBalanceTransactionId: text('stripe_balance_transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_transactions_stripe_object_idx').on(t.stripeObjectId),
    index('card_transactions_account_created_idx').on(t.accountId, t.createdAt),
    index('card_transactions_order_idx').on(t.orderId),
    check('card_transactions_amount', sql`${t.amount} > 0`),
  ],
);
