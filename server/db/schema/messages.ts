import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  MESSAGE_ERROR_CODES,
  MESSAGE_STATUSES,
  type MessageScope,
  RECIPIENT_STATUSES,
} from '../../../common/messages';
import { accounts } from './accounts';
import { events } from './events';
import { users } from './users';

/** Why a recipient gets a message: it picks the line under the message that says so. */
export const RECIPIENT_KINDS = ['ATTENDEE', 'BUYER', 'TEST', 'COPY'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

/**
 * A message an organizer wrote to people of an event (decision 020). Its recipients are
 * written by the job queue, a batch at a time from `expansion_cursor` on, and `expanded_at`
 * says when the last batch was written.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sentByUserId: bigint('sent_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    subject: text('subject').notNull(),
    /** Sanitized HTML, placeholders not filled. */
    body: text('body').notNull(),
    scope: jsonb('scope').$type<MessageScope>().notNull(),
    isTest: boolean('is_test').notNull().default(false),
    sendCopyToSender: boolean('send_copy_to_sender').notNull().default(false),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull(),
    errorCode: text('error_code', { enum: MESSAGE_ERROR_CODES }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The id of the last source row (attendee or order) written as a recipient. */
    expansionCursor: bigint('expansion_cursor', { mode: 'number' }).notNull().default(0),
    expandedAt: timestamp('expanded_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_event_idx').on(t.eventId, t.createdAt),
    // The per-account daily limit counts the messages of the last 24 hours.
    index('messages_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * One address a message goes to, once per message. A send job claims a recipient for its
 * attempt (`claim_job`, `claim_attempt`) before mailing it and marks it SENT once the server
 * accepted it; a process that dies between the two leaves it pending, and it is mailed again
 * with the same Message-ID (at least once, decision 046).
 */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: RECIPIENT_KINDS }).notNull(),
    /** The recipient's ticket or order page, relative to the app (`/ticket/…`). */
    linkPath: text('link_path').notNull(),
    locale: text('locale').notNull().default('en'),
    status: text('status', { enum: RECIPIENT_STATUSES }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The send job, and its attempt, that is mailing this recipient now or was when it died. */
    claimJob: bigint('claim_job', { mode: 'number' }),
    claimAttempt: integer('claim_attempt'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_recipients_address_idx').on(t.messageId, t.email),
    index('message_recipients_status_idx').on(t.messageId, t.status),
    check('message_recipients_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);
