import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * The answers to writes sent with an `Idempotency-Key` (decision 036): one row per account,
 * caller and key. A row without `response_status` is a request still running, claimed until
 * `locked_until`; one with it is replayed to a retry of the same request until `expires_at`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Who sent it: `user:{id}` for a person's session, `key:{id}` for an API key. */
    actor: text('actor').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, the path with its query and the body: what "the same request" means. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    /** While the first request runs: until when a retry is told to wait (409) rather than run it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_caller_key_idx').on(t.accountId, t.actor, t.key),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
