import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_KEY_PATTERN, API_KEY_PREFIX } from '../../common/api-keys';
import type { ErrorCode } from '../../common/errors';
import type { Database } from '../db/client';
import { apiKeys, users } from '../db/schema';
import type { AuthContext } from './auth-context';
import { hashToken } from './tokens';

/** `last_used_at` is written at most this often per key, so calls do not turn into writes. */
export const API_KEY_TOUCH_EVERY_MS = 60_000;

/**
 * A new key: `tsk_`, 8 random visible characters (kept as the prefix, to recognise the key),
 * `_`, and 32 random bytes (256 bits) that are never stored. The hash covers the whole key.
 */
export function newApiKey(): { key: string; prefix: string; secretHash: string } {
  const prefix = `${API_KEY_PREFIX}${randomBytes(6).toString('base64url')}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, secretHash: hashToken(key) };
}

/** Whether a bearer token is an API key rather than a session token (43 characters, no `tsk_` form). */
export const isApiKey = (token: string): boolean => API_KEY_PATTERN.test(token);

/**
 * The caller an API key stands for: the key's account and role, the user who created it (the
 * author of what it does), never the owner, no session. A key that does not count is the code
 * of the 401 to answer.
 */
export async function resolveApiKey(db: Database, key: string): Promise<AuthContext | ErrorCode> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      userId: apiKeys.createdByUserId,
      role: apiKeys.role,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(eq(apiKeys.secretHash, hashToken(key)));
  if (!row) return 'API_KEY_INVALID';
  if (row.revokedAt) return 'API_KEY_REVOKED';
  const now = Date.now();
  if (row.expiresAt && row.expiresAt.getTime() <= now) return 'API_KEY_EXPIRED';
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= API_KEY_TOUCH_EVERY_MS) {
    // Conditional, so that several instances (or parallel calls) write it once per minute.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
        ),
      );
  }
  return {
    userId: row.userId,
    accountId: row.accountId,
    role: row.role,
    isOwner: false,
    sessionId: null,
    apiKeyId: row.id,
    // A key does not escape the rule that going live needs a confirmed address: its creator's.
    emailConfirmed: row.emailConfirmedAt !== null,
  };
}
