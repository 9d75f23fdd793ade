import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

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
