import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { can, type Permission } from '../../common/permissions';
import type { Database } from '../db/client';
import { accountSecurity, accountUsers, sessions, users } from '../db/schema';
import { isApiKey, resolveApiKey } from './api-keys';
import { AppError } from './app-error';
import type { AuthContext } from './auth-context';
import { hashToken } from './tokens';

export type { AuthContext } from './auth-context';
export { hashToken, newToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Counts the calls of the request's API key (per minute, `API_KEY_RATE_LIMIT_PER_MINUTE`). */
    limitApiKey: preHandlerAsyncHookHandler;
  }
}

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

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
      // Asked only of accounts that require a second factor (decision 063).
      setupRequired: sql<boolean>`coalesce(${accountSecurity.requireTwoFactor}, false) and not (
        exists (select 1 from user_totp t where t.user_id = ${sessions.userId} and t.enabled_at is not null)
        or exists (select 1 from passkeys p where p.user_id = ${sessions.userId}))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(accountSecurity, eq(accountSecurity.accountId, sessions.accountId))
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
    apiKeyId: null,
    emailConfirmed: row.emailConfirmedAt !== null,
    twoFactorSetupRequired: row.setupRequired,
  };
}

/** What a person who owes a second-factor setup may still do: read who they are, set it up, leave. */
const SETUP_ALLOWED = new Set([
  'GET /api/users/me',
  'GET /api/accounts/current',
  'GET /api/accounts/current/security',
  'POST /api/auth/logout',
]);
const SETUP_PREFIXES = ['/api/users/me/two-factor', '/api/users/me/passkeys', '/api/users/me/sessions'];

function allowedDuringSetup(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  return (
    SETUP_ALLOWED.has(`${request.method} ${url}`) || SETUP_PREFIXES.some((prefix) => url.startsWith(prefix))
  );
}

/**
 * preHandler: the request must carry a live session of an active member, or a live API key
 * (then counted against the key's rate limit).
 */
export const authenticate: preHandlerAsyncHookHandler = async function authenticate(request, reply) {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHENTICATED');
  if (isApiKey(token)) {
    const key = await resolveApiKey(request.server.db, token);
    if (typeof key === 'string') throw new AppError(key);
    request.auth = key;
    await request.server.limitApiKey.call(request.server, request, reply);
    return;
  }
  const result = await resolveSession(request.server.db, token);
  if (result === null) throw new AppError('SESSION_EXPIRED');
  if (result === 'inactive') throw new AppError('USER_INACTIVE');
  request.auth = result;
  if (result.twoFactorSetupRequired && !allowedDuringSetup(request))
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED');
};

/**
 * preHandler, after `authenticate`: the route is about the person calling (their profile,
 * password, e-mail address, session, API keys), so an API key gets 403.
 */
export const personOnly: preHandlerAsyncHookHandler = async (request) => {
  if (authOf(request).apiKeyId !== null) throw new AppError('API_KEY_NOT_ALLOWED');
};

/** The caller's session, for routes behind `personOnly`. */
export function sessionOf(request: FastifyRequest): number {
  const { sessionId } = authOf(request);
  if (sessionId === null) throw new AppError('API_KEY_NOT_ALLOWED');
  return sessionId;
}

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
