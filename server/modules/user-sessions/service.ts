import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { UserSessionResponse } from '../../../common/sessions';
import type { Database, Db } from '../../db/client';
import { accounts, sessions } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { describeUserAgent } from '../../http/user-agent';
import { recordSecurityEvent } from '../security-events/service';
import { countryOf } from './places';

/*
 * A user's sessions (decision 066): every live one of the login, in every account it is in,
 * and ending them. A session is checked in the database on every request, so an ended one
 * fails at once on every instance.
 */

/** Who is asking: their login, their session, and where the request came from. */
export interface SessionsContext {
  userId: number;
  sessionId: number;
  ip?: string;
  appUrl: string;
}

const live = (userId: number) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()));

export async function listUserSessions(
  db: Db,
  input: { userId: number; sessionId: number; geoipDatabase?: string },
): Promise<UserSessionResponse[]> {
  const rows = await db
    .select({ session: sessions, accountName: accounts.name })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(live(input.userId))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
  return Promise.all(
    rows.map(async ({ session, accountName }) => ({
      id: session.id,
      current: session.id === input.sessionId,
      account: { id: session.accountId, name: accountName },
      ...describeUserAgent(session.userAgent),
      country: await countryOf(session.ip, input.geoipDatabase),
      ip: session.ip,
      created_at: session.createdAt.toISOString(),
      last_used_at: session.lastUsedAt.toISOString(),
    })),
  );
}

async function recordEnded(db: Db, input: { context: SessionsContext; count: number }): Promise<void> {
  if (input.count === 0) return;
  await recordSecurityEvent(db, {
    kind: 'SESSIONS_ENDED',
    userId: input.context.userId,
    account: 'memberships',
    detail: { count: input.count },
    ip: input.context.ip,
    appUrl: input.context.appUrl,
  });
}

/** Ends one of the user's live sessions (the current one too: that is signing out); else 404. */
export async function endUserSession(
  db: Database,
  input: { id: number; context: SessionsContext },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, input.id), live(input.context.userId)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw new AppError('SESSION_NOT_FOUND');
    await recordEnded(tx, { context: input.context, count: ended.length });
  });
}

/** Ends every live session of the user but the one asking; answers how many. */
export async function endOtherSessions(db: Database, context: SessionsContext): Promise<number> {
  return inTransaction(db, async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(live(context.userId), ne(sessions.id, context.sessionId)))
      .returning({ id: sessions.id });
    await recordEnded(tx, { context, count: ended.length });
    return ended.length;
  });
}
