import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { events } from './events';
import { tickets } from './tickets';

/** What the organizer asks buyers, per order or per attendee. */
export const questions = pgTable(
  'questions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    type: text('type', {
      enum: ['SINGLE_LINE', 'MULTI_LINE', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'DATE', 'ADDRESS'],
    }).notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    scope: text('scope', { enum: ['PER_ORDER', 'PER_ATTENDEE'] }).notNull(),
    /** Set on the default questions (FIRST_NAME, LAST_NAME, EMAIL), which cannot be edited. */
    defaultKey: text('default_key', { enum: ['FIRST_NAME', 'LAST_NAME', 'EMAIL'] }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questions_event_idx').on(t.eventId, t.sortOrder),
    uniqueIndex('questions_event_default_idx').on(t.eventId, t.defaultKey),
  ],
);

export const questionTickets = pgTable(
  'question_tickets',
  {
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.ticketId] }),
    index('question_tickets_ticket_idx').on(t.ticketId),
  ],
);
