import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { events } from './events';
import { tickets } from './tickets';

/** A discount code of an event; its uses are counted per date under `usage_limit` (`promo_code_stock`). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    discountType: text('discount_type', { enum: ['PERCENTAGE', 'FIXED', 'NONE'] }).notNull(),
    /** PERCENTAGE: exact decimal text; FIXED: minor units as digits. */
    discount: text('discount').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_event_code_idx').on(t.eventId, t.code),
    check('promo_codes_usage_limit', sql`${t.usageLimit} is null or ${t.usageLimit} >= 0`),
  ],
);

/** The tickets a code applies to; none means all tickets of the event. */
export const promoCodeTickets = pgTable(
  'promo_code_tickets',
  {
    promoCodeId: bigint('promo_code_id', { mode: 'number' })
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.promoCodeId, t.ticketId] }),
    index('promo_code_tickets_ticket_idx').on(t.ticketId),
  ],
);
