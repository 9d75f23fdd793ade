import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { AFFILIATE_STATUSES } from '../../../common/affiliates';
import { accounts } from './accounts';
import { events } from './events';

/**
 * Someone who sells an event with their own link (`?aff=CODE`); orders made after following it
 * point at the affiliate (`orders.affiliate_id`). Codes are stored upper-case, so the unique
 * index ignores case (decision 021).
 */
export const affiliates = pgTable(
  'affiliates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    email: text('email'),
    status: text('status', { enum: AFFILIATE_STATUSES }).notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('affiliates_event_code_idx').on(t.eventId, t.code)],
);
