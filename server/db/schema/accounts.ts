import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EventDefaults } from '../../../common/events';
import { users } from './users';

/** An organization using Tessera; everything an organizer manages belongs to one account. */
export const accounts = pgTable('accounts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  supportEmail: text('support_email'),
  /** Defaults for new organizers and events. */
  currency: text('currency').notNull(),
  timezone: text('timezone').notNull(),
  /** Copied into every new event (settings the account chose; the rest are product defaults). */
  eventDefaults: jsonb('event_defaults').$type<Partial<EventDefaults>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's membership of an account: role and status are per account (decision 002). */
export const accountUsers = pgTable(
  'account_users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['ADMIN', 'ORGANIZER'] }).notNull(),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE', 'INVITED'] }).notNull(),
    isOwner: boolean('is_owner').notNull().default(false),
    invitedByUserId: bigint('invited_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_users_account_user_idx').on(t.accountId, t.userId),
    uniqueIndex('account_users_one_owner_idx').on(t.accountId).where(sql`${t.isOwner}`),
    index('account_users_user_idx').on(t.userId),
  ],
);
