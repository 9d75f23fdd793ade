import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { WAITLIST_STATUSES } from '../../../common/waitlist';
import { accounts } from './accounts';
import { eventDates } from './event-dates';
import { events } from './events';
import { orders } from './orders';
import { tickets } from './tickets';

/**
 * Someone waiting for a seat of a sold-out ticket (decision 030). An OFFERED entry without an
 * order holds one seat of its ticket on its date (counted in that date's `ticket_stock` and
 * `capacity_stock`) until `offer_expires_at`; an order started with the offer takes that seat
 * over (`order_id`). `token` (128 random bits) is the person's key to the entry: the links in
 * their e-mails. One active entry per e-mail (stored lower-case), date and ticket.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The date the person waits for (issue 36). */
    dateId: bigint('date_id', { mode: 'number' })
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    /** The whole name, as shown to the organizer and in the e-mails: "first last". */
    name: text('name').notNull(),
    /**
     * The names as the person gave them, to fill in checkout when they buy with an offer
     * (decision 039). Null for entries made before the list asked for both.
     */
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email').notNull(),
    locale: text('locale').notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('WAITING'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_token_idx').on(t.token),
    uniqueIndex('waitlist_entries_active_email_idx')
      .on(t.dateId, t.ticketId, t.email)
      .where(sql`${t.status} in ('WAITING', 'OFFERED')`),
    index('waitlist_entries_ticket_status_idx').on(t.dateId, t.ticketId, t.status, t.id),
    index('waitlist_entries_event_idx').on(t.eventId, t.id),
    index('waitlist_entries_offer_expiry_idx').on(t.offerExpiresAt).where(sql`${t.status} = 'OFFERED'`),
  ],
);
