import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '../../common/accounts';
import { can, type Permission } from '../../common/permissions';
import type { Database } from '../db/client';
import { accountUsers, sessions, users } from '../db/schema';
import { AppError } from './app-error';

/** Who is calling: set by `authenticate` on every management request. */
export interface AuthContext {
  userId: number;
  accountId: number;
  role: Role;
  isOwner: boolean;
  sessionId: number;
  emailConfirmed: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

/** A random 256-bit token for a session or a link, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256: a leaked table gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1];
}

/** Resolves a bearer token to its session, user and membership; null when it does not count. */
export async function resolveSession(db: Database, token: string): Promise<AuthContext | 'inactive' | null> {
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      accountId: sessions.accountId,
      lastUsedAt: sessions.lastUsedAt,
      role: accountUsers.role,
      status: accountUsers.status,
      isOwner: accountUsers.isOwner,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(
      accountUsers,
      and(eq(accountUsers.userId, sessions.userId), eq(accountUsers.accountId, sessions.accountId)),
    )
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    );
  if (!row) return null;
  if (row.status !== 'ACTIVE') return 'inactive';
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    userId: row.userId,
    accountId: row.accountId,
    role: row.role,
    isOwner: row.isOwner,
    sessionId: row.sessionId,
    emailConfirmed: row.emailConfirmedAt !== null,
  };
}

/** preHandler: the request must carry a live session of an active member. */
export const authenticate: preHandlerAsyncHookHandler = async function authenticate(request: FastifyRequest) {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHENTICATED');
  const result = await resolveSession(request.server.db, token);
  if (result === null) throw new AppError('SESSION_EXPIRED');
  if (result === 'inactive') throw new AppError('USER_INACTIVE');
  request.auth = result;
};

/** The caller, for handlers behind `authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}

/** preHandler: the caller's role must grant `permission` (the table is in common/permissions). */
export function authorize(permission: Permission): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!can(authOf(request).role, permission)) throw new AppError('FORBIDDEN');
  };
}

/**
 * The one check that an action needs a confirmed e-mail address (going live, sending
 * messages): 409 with the message that says how to confirm.
 */
export function assertEmailConfirmed(auth: AuthContext): void {
  if (!auth.emailConfirmed) throw new AppError('EMAIL_NOT_CONFIRMED');
}

export const requireConfirmedEmail: preHandlerAsyncHookHandler = async (request) => {
  assertEmailConfirmed(authOf(request));
};

/** Marks a session as revoked (logout). */
export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}
