import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { EventLocation, EventSettings } from '../../../common/events';
import { accounts } from './accounts';
import { organizers } from './organizers';

export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizerId: bigint('organizer_id', { mode: 'number' })
      .notNull()
      .references(() => organizers.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    /** Sanitized HTML. */
    description: text('description'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }),
    timezone: text('timezone').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['DRAFT', 'LIVE', 'ARCHIVED'] })
      .notNull()
      .default('DRAFT'),
    location: jsonb('location').$type<EventLocation>(),
    onlineEventDetails: text('online_event_details'),
    settings: jsonb('settings').$type<EventSettings>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_account_start_idx').on(t.accountId, t.startDate),
    index('events_organizer_idx').on(t.organizerId),
  ],
);
