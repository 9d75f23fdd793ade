import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../common/accounts';
import { accounts } from './accounts';
import { users } from './users';

/**
 * Keys that call the API for an account with a role, instead of a person's session
 * (decision 025). Only the SHA-256 of the whole key is kept (`secret_hash`); `prefix` is its
 * visible start, to recognise it in the list. A revoked key keeps its row for the record.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Who created it: the author of what the key does (order notes, messages). */
    createdByUserId: bigint('created_by_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per key, so that calls do not turn into writes. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_idx').on(t.secretHash),
    index('api_keys_account_idx').on(t.accountId, t.createdAt),
    index('api_keys_active_idx').on(t.accountId).where(sql`${t.revokedAt} is null`),
  ],
);
