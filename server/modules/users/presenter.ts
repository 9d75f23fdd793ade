import type { UserResponse } from '../../../common/users';
import type { accountUsers, users } from '../../db/schema';

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
