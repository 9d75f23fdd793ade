import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const organizers = pgTable(
  'organizers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    description: text('description'),
    website: text('website'),
    /** The address of the organizer's homepage, `/o/{slug}` (decision 058); null: none yet. */
    slug: text('slug'),
    /** Social links of the homepage, in the organizer's order. */
    socialLinks: text('social_links').array().notNull().default(sql`'{}'::text[]`),
    currency: text('currency').notNull(),
    timezone: text('timezone').notNull(),
    /**
     * The homepage's colours and font (decision 061), the fields set so far; the defaults
     * (`ORGANIZER_DESIGN_DEFAULTS`) stand for the others.
     */
    design: jsonb('design').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organizers_account_idx').on(t.accountId),
    uniqueIndex('organizers_slug_lower_idx').on(sql`lower(${t.slug})`),
  ],
);

/**
 * Addresses an organizer's homepage had before (decision 058): they keep redirecting to the
 * current one, and no other organizer may take them. Stored in lower case.
 */
export const organizerOldSlugs = pgTable(
  'organizer_old_slugs',
  {
    slug: text('slug').primaryKey(),
    organizerId: bigint('organizer_id', { mode: 'number' })
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organizer_old_slugs_organizer_idx').on(t.organizerId)],
);
