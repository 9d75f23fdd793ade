import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { EVENT_DATE_STATUSES } from '../../../common/event-dates';
import { accounts } from './accounts';
import { events } from './events';

/**
 * One date of an event (issue 36). Every event has at least one: its first is written with the
 * event, and migration 0040 gave each event made before one date, its own start and end.
 */
export const eventDates = pgTable(
  'event_dates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    label: text('label'),
    status: text('status', { enum: EVENT_DATE_STATUSES }).notNull().default('ON_SALE'),
    capacity: integer('capacity'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_dates_event_start_idx').on(t.eventId, t.startsAt),
    check('event_dates_span', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check('event_dates_capacity', sql`${t.capacity} is null or ${t.capacity} >= 0`),
  ],
);
