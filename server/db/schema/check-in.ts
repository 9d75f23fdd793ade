import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { eventDates } from './event-dates';
import { events } from './events';
import { attendees } from './orders';
import { tickets } from './tickets';

/**
 * The Ed25519 key pair that signs an event's ticket codes, made on first use. Door devices get
 * the public key and check tickets offline; the private key never leaves the server.
 */
export const eventSigningKeys = pgTable('event_signing_keys', {
  eventId: bigint('event_id', { mode: 'number' })
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  /** Raw 32-byte keys, base64url. */
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A list door staff check attendees in on, through a link that needs no login. `short_id` (128
 * random bits) is that link's capability; making a new one revokes the old.
 */
export const checkInLists = pgTable(
  'check_in_lists',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** A list bound to one date admits only that date's tickets (issue 36); null: any date. */
    dateId: bigint('date_id', { mode: 'number' }).references(() => eventDates.id, { onDelete: 'cascade' }),
    shortId: text('short_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    activatesAt: timestamp('activates_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('check_in_lists_short_id_idx').on(t.shortId),
    index('check_in_lists_event_idx').on(t.eventId),
  ],
);

export const checkInListTickets = pgTable(
  'check_in_list_tickets',
  {
    checkInListId: bigint('check_in_list_id', { mode: 'number' })
      .notNull()
      .references(() => checkInLists.id, { onDelete: 'cascade' }),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.checkInListId, t.ticketId] }),
    index('check_in_list_tickets_ticket_idx').on(t.ticketId),
  ],
);

/**
 * An attendee let in on a list. Undoing it (check-out) sets `checked_out_at` and keeps the row
 * as history; at most one check-in per attendee and list is open at a time (unique index), so
 * two devices scanning one ticket at once make one check-in and one "already checked in".
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    checkInListId: bigint('check_in_list_id', { mode: 'number' })
      .notNull()
      .references(() => checkInLists.id, { onDelete: 'cascade' }),
    attendeeId: bigint('attendee_id', { mode: 'number' })
      .notNull()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** What the scanning device calls itself, to tell staff who let someone in. */
    device: text('device'),
    /** When the ticket was scanned (on the device, for check-ins made offline). */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    /** Made on a device while offline and uploaded later. */
    madeOffline: boolean('made_offline').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('check_ins_open_idx').on(t.checkInListId, t.attendeeId).where(sql`${t.checkedOutAt} is null`),
    index('check_ins_attendee_idx').on(t.attendeeId),
    index('check_ins_list_idx').on(t.checkInListId, t.checkedInAt),
  ],
);

/**
 * Every scan a device sent with a nonce, and what it was answered: sent again (a retry, an
 * offline batch uploaded twice), it gets the same answer and changes nothing.
 */
export const checkInScans = pgTable(
  'check_in_scans',
  {
    checkInListId: bigint('check_in_list_id', { mode: 'number' })
      .notNull()
      .references(() => checkInLists.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    attendeeId: bigint('attendee_id', { mode: 'number' }).references(() => attendees.id, {
      onDelete: 'cascade',
    }),
    outcome: text('outcome').notNull(),
    /** Scanned while the device was offline (it sent `scanned_at`). */
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    device: text('device'),
    answer: jsonb('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.checkInListId, t.nonce] })],
);
