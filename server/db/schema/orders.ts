import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ORDER_ACTIVITY_KINDS } from '../../../common/admin-orders';
import type { AnswerValue } from '../../../common/answers';
import type { StoredCharge } from '../../../common/order-breakdown';
import { ATTENDEE_STATUSES, ORDER_STATUSES } from '../../../common/orders';
import { accounts } from './accounts';
import { affiliates } from './affiliates';
import { eventDates } from './event-dates';
import { events } from './events';
import { promoCodes } from './promo-codes';
import { questions } from './questions';
import { ticketPrices, tickets } from './tickets';

/**
 * A buyer's order. While RESERVED (until `reserved_until`) or AWAITING_PAYMENT its seats are
 * counted in the `quantity_reserved` counters; once COMPLETED in `quantity_sold`
 * (docs/architecture.md#inventory).
 * `short_id` is the buyer's capability to see and finish the order: 128 random bits.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The date it is for (issue 36): the event's one date for events that have one. */
    dateId: bigint('date_id', { mode: 'number' })
      .notNull()
      .references(() => eventDates.id),
    shortId: text('short_id').notNull(),
    /** What buyer and organizer quote: 8 letters and digits, unique within the event. Not a capability. */
    reference: text('reference').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /** When the buyer last asked for more time. */
    extendedAt: timestamp('extended_at', { withTimezone: true }),
    /** How often the buyer asked for more time: `ORDER_EXTENSIONS_MAX` at most (decision 038). */
    extensions: integer('extensions').notNull().default(0),
    promoCodeId: bigint('promo_code_id', { mode: 'number' }).references(() => promoCodes.id, {
      onDelete: 'set null',
    }),
    promoCode: text('promo_code'),
    /** The code of the affiliate link the buyer followed, as the affiliate had it then. */
    affiliateCode: text('affiliate_code'),
    /**
     * The ACTIVE affiliate whose link the buyer followed, if any (decision 021). No cascade: an
     * affiliate with orders is not deleted (the service refuses; this is the last guard).
     */
    affiliateId: bigint('affiliate_id', { mode: 'number' }).references(() => affiliates.id),
    /**
     * The waiting-list entry whose offer this order took (decision 030): completing the order
     * marks the entry PURCHASED. The entry points back (`waitlist_entries.order_id`, with the key).
     */
    waitlistEntryId: bigint('waitlist_entry_id', { mode: 'number' }),
    currency: text('currency').notNull(),
    gross: integer('gross').notNull(),
    discount: integer('discount').notNull(),
    subtotal: integer('subtotal').notNull(),
    fees: integer('fees').notNull(),
    taxes: integer('taxes').notNull(),
    total: integer('total').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    locale: text('locale'),
    /**
     * A business buyer's details for the invoice (issue 38), asked at checkout when the seller's
     * invoice settings say so: the company, its postal address, its country (ISO 3166) and VAT
     * number, normalised with its country prefix ("DE123456789"; `common/vat.ts`).
     */
    company: text('company'),
    companyAddress: text('company_address'),
    vatCountry: text('vat_country'),
    vatId: text('vat_id'),
    /**
     * Who reserved it: the client address (an IPv6 address cut to its /64), to cap the
     * reservations one address holds open (decision 018). Null for orders made otherwise.
     */
    clientAddress: text('client_address'),
    idempotencyKey: text('idempotency_key'),
    /** A hash of the request that created the order, to refuse a key reused for another body. */
    requestHash: text('request_hash'),
    /**
     * How the order is paid: OFFLINE, STRIPE with its PaymentIntent on the connected account, or
     * MANUAL for an attendee the organizer added (no payment, nothing to refund).
     */
    paymentProvider: text('payment_provider', { enum: ['OFFLINE', 'STRIPE', 'MANUAL'] }),
    paymentIntentId: text('payment_intent_id'),
    /** The part of `total` given back so far, in minor units. */
    refundedTotal: integer('refunded_total').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_short_id_idx').on(t.shortId),
    uniqueIndex('orders_reference_idx').on(t.eventId, t.reference),
    uniqueIndex('orders_payment_intent_idx').on(t.paymentIntentId),
    uniqueIndex('orders_idempotency_idx').on(t.eventId, t.idempotencyKey),
    index('orders_event_idx').on(t.eventId, t.createdAt),
    index('orders_date_idx').on(t.dateId),
    // Reports read an event's or an account's sales by when they were completed (decision 054).
    index('orders_event_completed_idx').on(t.eventId, t.completedAt).where(sql`${t.completedAt} is not null`),
    index('orders_account_completed_idx')
      .on(t.accountId, t.completedAt)
      .where(sql`${t.completedAt} is not null`),
    index('orders_affiliate_idx').on(t.affiliateId).where(sql`${t.affiliateId} is not null`),
    index('orders_reserved_idx')
      .on(t.reservedUntil)
      .where(sql`${t.status} in ('RESERVED', 'PAYMENT_FAILED')`),
    index('orders_open_by_address_idx')
      .on(t.clientAddress, t.reservedUntil)
      .where(sql`${t.status} in ('RESERVED', 'PAYMENT_FAILED')`),
    check('orders_money', sql`${t.total} >= 0 and ${t.subtotal} >= 0 and ${t.discount} >= 0`),
    check('orders_refunded', sql`${t.refundedTotal} >= 0 and ${t.refundedTotal} <= ${t.total}`),
  ],
);

/** One ticket (and tier) of an order with its price worked out once, when it was reserved. */
export const orderItems = pgTable(
  'order_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    priceId: bigint('price_id', { mode: 'number' }).references(() => ticketPrices.id),
    title: text('title').notNull(),
    priceLabel: text('price_label'),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    discount: integer('discount').notNull(),
    subtotal: integer('subtotal').notNull(),
    fees: integer('fees').notNull(),
    taxes: integer('taxes').notNull(),
    total: integer('total').notNull(),
    /**
     * The fees and taxes of the line as charged. Lines priced before 0020 have only id, name,
     * kind and amount (their taxes were all computed on the fees too).
     */
    charges: jsonb('charges').$type<StoredCharge[]>(),
    /**
     * An add-on's line (decision 052): the attendee it is for, as the `for_seat`-th unit (from 1)
     * of the order's line of `for_ticket_id` and `for_price_id`; `attendee_id` once named.
     */
    forTicketId: bigint('for_ticket_id', { mode: 'number' }),
    forPriceId: bigint('for_price_id', { mode: 'number' }),
    forSeat: integer('for_seat'),
    attendeeId: bigint('attendee_id', { mode: 'number' }).references((): AnyPgColumn => attendees.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_attendee_idx').on(t.attendeeId),
    index('order_items_ticket_idx').on(t.ticketId),
    check('order_items_quantity', sql`${t.quantity} > 0`),
  ],
);

/** A person holding one ticket of an order; `short_id` (128 random bits) is their ticket link. */
export const attendees = pgTable(
  'attendees',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The date it is for (issue 36): the event's one date for events that have one. */
    dateId: bigint('date_id', { mode: 'number' })
      .notNull()
      .references(() => eventDates.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    priceId: bigint('price_id', { mode: 'number' }).references(() => ticketPrices.id),
    shortId: text('short_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: ATTENDEE_STATUSES }).notNull(),
    position: integer('position').notNull().default(0),
    /** A voucher of a redeemable add-on (decision 052): the attendee whose add-on it is. */
    holderId: bigint('holder_id', { mode: 'number' }).references((): AnyPgColumn => attendees.id, {
      onDelete: 'set null',
    }),
    /** Names and e-mail in lower case, for the organizer's search (a trigram index). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(first_name || ' ' || last_name || ' ' || email)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attendees_short_id_idx').on(t.shortId),
    index('attendees_order_idx').on(t.orderId),
    index('attendees_event_idx').on(t.eventId, t.ticketId),
    index('attendees_date_idx').on(t.dateId, t.ticketId),
    // The attendee list's sorts and filters, within one event (fast at 100,000 attendees).
    index('attendees_event_created_idx').on(t.eventId, t.createdAt, t.id),
    index('attendees_event_last_name_idx').on(t.eventId, t.lastName, t.id),
    index('attendees_event_first_name_idx').on(t.eventId, t.firstName, t.id),
    index('attendees_event_email_idx').on(t.eventId, t.email, t.id),
    index('attendees_event_status_idx').on(t.eventId, t.status),
    index('attendees_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** An answer to a question: of the order (attendee null) or of one attendee. */
export const questionAnswers = pgTable(
  'question_answers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    attendeeId: bigint('attendee_id', { mode: 'number' }).references(() => attendees.id, {
      onDelete: 'cascade',
    }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    answer: jsonb('answer').$type<AnswerValue>().notNull(),
  },
  (t) => [
    // Order answers are `order_id = ? and attendee_id is null`; an attendee's, by attendee.
    index('question_answers_order_idx').on(t.orderId, t.attendeeId),
    index('question_answers_attendee_idx').on(t.attendeeId),
    index('question_answers_question_idx').on(t.questionId),
  ],
);

/**
 * What was done to an order after checkout, by whom: marked paid, cancelled, mails resent,
 * buyer details changed, refunds asked for, notes. Shown on the organizer's order screen.
 */
export const orderActivities = pgTable(
  'order_activities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The organizer who acted; null when Tessera itself did (a webhook, a job). */
    userId: bigint('user_id', { mode: 'number' }),
    kind: text('kind', { enum: ORDER_ACTIVITY_KINDS }).notNull(),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_activities_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * The open reservations of one client address, counted in lanes (decision 043): each lane holds
 * at most its share of `OPEN_ORDERS_PER_ADDRESS`, and `held` is never below the open orders it
 * counted, so reservations of one address take different lanes at once instead of queueing
 * on one lock. A reservation adds one to a free lane; when every lane is full, the address's
 * open orders are counted exactly and the lanes set to that count.
 */
export const addressLanes = pgTable(
  'address_lanes',
  {
    address: text('address').notNull(),
    lane: smallint('lane').notNull(),
    held: integer('held').notNull().default(0),
    /** When a reservation last took this lane: lanes untouched for two days are deleted. */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.address, t.lane] }), check('address_lanes_held', sql`${t.held} >= 0`)],
);
