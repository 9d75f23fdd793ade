import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

/**
 * A user's authenticator app (TOTP, RFC 6238; decision 063). The shared secret is stored
 * encrypted with the server's key (`secrets.ts`); `enabledAt` is null while the user has
 * scanned it but not yet confirmed a code. `lastStep` is the time step of the last code
 * accepted, so that code (and any older one) cannot be used again.
 */
export const userTotp = pgTable('user_totp', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes (ten at a time), kept as SHA-256 of the code; single use. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/** A user's passkey (WebAuthn credential): its id and public key as base64url, its signature counter. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

export const CHALLENGE_PURPOSES = ['PASSKEY_REGISTRATION', 'PASSKEY_LOGIN'] as const;
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number];

/** A WebAuthn challenge handed out and not yet answered (single use, a few minutes). */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The handle the browser sends back with its answer: SHA-256 of 128 random bits. */
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: CHALLENGE_PURPOSES }).notNull(),
    challenge: text('challenge').notNull(),
    /** The user registering a passkey, or the user of a sign-in already past its password. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webauthn_challenges_token_idx').on(t.tokenHash)],
);

export const LOGIN_STAGES = ['SECOND_FACTOR', 'ACCOUNT'] as const;
export type LoginStage = (typeof LOGIN_STAGES)[number];

/**
 * A sign-in half done (decision 063): the password (or a passkey) was right, and the user still
 * owes a second factor (`SECOND_FACTOR`) or the choice of an account (`ACCOUNT`). Its ticket
 * (SHA-256 of 128 random bits) lives five minutes and allows five wrong codes.
 */
export const loginTickets = pgTable(
  'login_tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account chosen, when it already is. */
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    stage: text('stage', { enum: LOGIN_STAGES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_tickets_token_idx').on(t.tokenHash)],
);

/**
 * What happened to a login's security (two-factor on or off, passkeys, sessions ended, data
 * exported or erased, account deletion): the audit log an account's ADMINs read. `detail`
 * never holds a buyer's personal data.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('security_events_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * A buyer's request for their data (decision 064): the link mailed to the address opens a
 * machine-readable export of every order and attendee record with that address until
 * `expiresAt`. Only the token's SHA-256 is kept.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    /** The address (lower-case) whose records the export holds. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('data_exports_token_idx').on(t.tokenHash),
    index('data_exports_expires_idx').on(t.expiresAt),
  ],
);

/** Marks an account's owner choosing to delete it: confirmed by e-mail, carried out after a wait. */
export const accountDeletions = pgTable('account_deletions', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  requestedBy: bigint('requested_by', { mode: 'number' }).references(() => users.id, {
    onDelete: 'set null',
  }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set once the owner opened the mailed link; the deletion runs at `deleteAfter`. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  deleteAfter: timestamp('delete_after', { withTimezone: true }),
});

/** An account's security rules: whether every member must sign in with two factors. */
export const accountSecurity = pgTable('account_security', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
