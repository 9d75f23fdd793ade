import { and, eq } from 'drizzle-orm';
import type { UserResponse } from '../../../common/users';
import type { Db } from '../../db/client';
import { accountUsers, users } from '../../db/schema';
import { AppError } from '../../http/app-error';

/*
 * A user of an account, read and shown: what signing in (auth) and managing the account's users
 * (users) both need, so neither has to ask the other (docs/architecture.md, "Server modules").
 */

export type UserRow = typeof users.$inferSelect;
export type MembershipRow = typeof accountUsers.$inferSelect;

/** A user as seen from one account: their role and status there. */
export function toUserResponse(user: UserRow, membership: MembershipRow): UserResponse {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    role: membership.role,
    status: membership.status,
    is_account_owner: membership.isOwner,
    email_confirmed: user.emailConfirmedAt !== null,
    pending_email: user.pendingEmail,
    locale: user.locale,
    timezone: user.timezone,
    last_login_at: membership.lastLoginAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

export function fullName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export interface Member {
  user: UserRow;
  membership: MembershipRow;
}

export const memberQuery = (db: Db, accountId: number, userId: number) =>
  db
    .select({ user: users, membership: accountUsers })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)));

/** A user of the account, or 404 (also for users of other accounts). */
export async function getMember(db: Db, accountId: number, userId: number): Promise<Member> {
  const [row] = await memberQuery(db, accountId, userId);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The account's owner (decision 002), to whom mails about the account itself go; null if none. */
export async function getAccountOwner(db: Db, accountId: number): Promise<Member | null> {
  const [row] = await db
    .select({ user: users, membership: accountUsers })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.isOwner, true)));
  return row ?? null;
}
