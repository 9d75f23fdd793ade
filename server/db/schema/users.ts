import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** A person who can log in. E-mail addresses are stored lower-cased and are unique. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    /** argon2id; null until an invited person sets a password. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    locale: text('locale').notNull().default('en'),
    timezone: text('timezone'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** A new address waiting for its confirmation link to be opened. */
    pendingEmail: text('pending_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_search_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
  ],
);

/** A login session; only the SHA-256 of its bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A session is bound to one account. */
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const LINK_PURPOSES = [
  'EMAIL_CONFIRMATION',
  'PASSWORD_RESET',
  'EMAIL_CHANGE',
  'INVITATION',
  'ACCOUNT_DELETION',
] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/** Single-use links sent by e-mail (confirmation, reset, e-mail change, invitation); stored hashed. */
export const userLinks = pgTable(
  'user_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: LINK_PURPOSES }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account of an invitation. */
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    /** The address the link was sent to (the new one for an e-mail change). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_links_token_hash_idx').on(t.tokenHash),
    index('user_links_user_idx').on(t.userId, t.purpose),
  ],
);
