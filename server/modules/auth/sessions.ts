import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client';
import { accountUsers, sessions } from '../../db/schema';
import { hashToken, newToken, SESSION_TTL_MS } from '../../http/auth';

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

/** Opens a session bound to one account and returns its bearer token (shown once, stored hashed). */
export async function createSession(
  tx: Transaction,
  input: { userId: number; accountId: number; client: ClientInfo },
): Promise<string> {
  const token = newToken();
  await tx.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    accountId: input.accountId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    ip: input.client.ip?.slice(0, 64),
    userAgent: input.client.userAgent?.slice(0, 500),
  });
  await tx
    .update(accountUsers)
    .set({ lastLoginAt: sql`now()` })
    .where(and(eq(accountUsers.userId, input.userId), eq(accountUsers.accountId, input.accountId)));
  return token;
}

/** Ends every session of a user, except `keep` (the one making the change) when given. */
export async function revokeUserSessions(
  db: Db,
  input: { userId: number; accountId?: number; keep?: number },
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, input.userId),
        isNull(sessions.revokedAt),
        input.accountId === undefined ? undefined : eq(sessions.accountId, input.accountId),
        input.keep === undefined ? undefined : ne(sessions.id, input.keep),
      ),
    );
}

/** Who is asking, for a new session: the request's address and browser. */
export const clientOf = (request: { ip: string; headers: Record<string, unknown> }): ClientInfo => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
});
