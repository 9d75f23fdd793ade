import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { EVENT_DATE_STATUSES, type EventDateRule } from '../../../common/event-dates';
import { accounts } from './accounts';
import { events } from './events';

/** A rule that made dates of an event (`POST …/dates/rule`), kept to change its future dates. */
export const eventDateRules = pgTable(
  'event_date_rules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    rule: jsonb('rule').$type<EventDateRule>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_date_rules_event_idx').on(t.eventId)],
);

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
    /**
     * Seats sold and held on this date across its tickets, counted while it has a capacity
     * (set from the tickets' stock when a capacity is given, decision 049).
     */
    used: integer('used').notNull().default(0),
    /** The rule that made it, if one did. */
    ruleId: bigint('rule_id', { mode: 'number' }).references(() => eventDateRules.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_dates_event_start_idx').on(t.eventId, t.startsAt),
    check('event_dates_span', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check('event_dates_capacity', sql`${t.capacity} is null or ${t.capacity} >= 0`),
    check('event_dates_used', sql`${t.used} >= 0 and (${t.capacity} is null or ${t.used} <= ${t.capacity})`),
    index('event_dates_rule_idx').on(t.ruleId),
  ],
);
