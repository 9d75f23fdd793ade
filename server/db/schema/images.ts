import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { events } from './events';
import { organizers } from './organizers';
import { tickets } from './tickets';

export interface StoredVariant {
  width: number;
  key: string;
  /** WebP unless said; a logo also has one PNG copy (`LOGO_PNG_BOX`), with its height. */
  format?: 'png';
  height?: number;
}

/** An uploaded image of an event: the original file and its WebP variants in storage. */
export const eventImages = pgTable(
  'event_images',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['EVENT_COVER', 'EVENT_LOGO', 'PRODUCT', 'EVENT_GALLERY'] }).notNull(),
    /** The product a `PRODUCT` picture shows (issue 37); it goes with the product. */
    ticketId: bigint('ticket_id', { mode: 'number' }).references(() => tickets.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    variants: jsonb('variants').$type<StoredVariant[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_images_event_idx').on(t.eventId),
    index('event_images_ticket_idx').on(t.ticketId),
    check('event_images_product_ticket', sql`(${t.type} = 'PRODUCT') = (${t.ticketId} is not null)`),
  ],
);

/** The homepage's logo and cover (decision 061): the original and its WebP variants in storage. */
export const organizerImages = pgTable(
  'organizer_images',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizerId: bigint('organizer_id', { mode: 'number' })
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['ORGANIZER_LOGO', 'ORGANIZER_COVER'] }).notNull(),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    variants: jsonb('variants').$type<StoredVariant[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One of each type per organizer: a new one replaces the old.
  (t) => [uniqueIndex('organizer_images_organizer_type_idx').on(t.organizerId, t.type)],
);
