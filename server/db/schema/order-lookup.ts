import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { attendees, orders } from './orders';

/**
 * The links a "Find my tickets" mail carries (decision 056): one per order found for the
 * address, or per ticket when the address holds tickets of someone else's order. The link's
 * token (128 random bits) is kept only as its SHA-256; it opens the order's (or the ticket's)
 * page until `expires_at`, and is deleted a while after.
 */
export const orderLookupLinks = pgTable(
  'order_lookup_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Set when the link is to one ticket (an attendee's, not the buyer's order). */
    attendeeId: bigint('attendee_id', { mode: 'number' }).references(() => attendees.id, {
      onDelete: 'cascade',
    }),
    /** The address the link was mailed to (lower-case). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_lookup_links_token_idx').on(t.tokenHash),
    index('order_lookup_links_expires_idx').on(t.expiresAt),
  ],
);
