import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AcceptInvitationRequest, InvitationResponse, SessionResponse } from '../../../common/auth';
import { isLocale, type Locale } from '../../../common/i18n/locales';
import { VALIDATION } from '../../../common/i18n/validation';
import type { InviteUserRequest, UserResponse } from '../../../common/users';
import type { Database, Transaction } from '../../db/client';
import { accountUsers, users } from '../../db/schema';
import { inTransaction, sqlState } from '../../db/transaction';
import { AppError, conflictError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { enqueueMail } from '../../mail/send';
import { getAccount } from '../accounts/service';
import { createLink, type LinkRow, lockLink, markLinkUsed, revokeLinks } from '../auth/links';
import { hashPassword } from '../auth/passwords';
import { getSessionResponse, type Links } from '../auth/service';
import { type ClientInfo, createSession } from '../auth/sessions';
import { fullName, getMember, type Member, toUserResponse } from '../members/service';
import { lockMember } from './members';

/** What an invitation's mail needs. */
interface Invitation {
  links: Links;
  /** The inviter's language: a newcomer reads the invitation in it. */
  locale: Locale;
}

async function sendInvitation(
  tx: Transaction,
  auth: AuthContext,
  { member, links, locale }: Invitation & { member: Member },
) {
  const token = await createLink(tx, {
    purpose: 'INVITATION',
    userId: member.user.id,
    accountId: auth.accountId,
    email: member.user.email,
  });
  const account = await getAccount(tx, auth.accountId);
  const inviter = await getMember(tx, auth.accountId, auth.userId);
  await enqueueMail(tx, {
    template: 'invitation',
    to: member.user.email,
    // Someone who already has a login reads it in their language; a newcomer in the inviter's.
    locale: member.user.passwordHash && isLocale(member.user.locale) ? member.user.locale : locale,
    data: {
      inviterName: fullName(inviter.user),
      accountName: account.name,
      url: `${links.appUrl}/auth/accept-invitation/${token}`,
    },
  });
}

type InviteInput = z.output<typeof InviteUserRequest>;

/**
 * Invites someone into the account with a role. A person who already has a Tessera login
 * (in another account) is added as that same user once they accept.
 */
export async function inviteUser({
  db,
  auth,
  ...invitation
}: Invitation & { db: Database; auth: AuthContext; input: InviteInput }): Promise<UserResponse> {
  try {
    return await inTransaction(db, (tx) => addInvitedMember(tx, auth, invitation));
  } catch (error) {
    if (sqlState(error) !== '23505') throw error;
    // Invited at the same moment elsewhere (this account or another): the login or membership
    // exists now, so a second pass either finds them a member already or adds them.
    return inTransaction(db, (tx) => addInvitedMember(tx, auth, invitation));
  }
}

async function addInvitedMember(
  tx: Transaction,
  auth: AuthContext,
  { input, ...context }: Invitation & { input: InviteInput },
): Promise<UserResponse> {
  let [user] = await tx.select().from(users).where(eq(users.email, input.email));
  if (user) {
    const [existing] = await tx
      .select({ id: accountUsers.id })
      .from(accountUsers)
      .where(and(eq(accountUsers.accountId, auth.accountId), eq(accountUsers.userId, user.id)));
    if (existing) throw conflictError('ALREADY_MEMBER', 'email');
  } else {
    [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.first_name ?? '',
        lastName: input.last_name ?? '',
        locale: context.locale,
      })
      .returning();
  }
  if (!user) throw new Error('user insert returned nothing');
  const [membership] = await tx
    .insert(accountUsers)
    .values({
      accountId: auth.accountId,
      userId: user.id,
      role: input.role,
      status: 'INVITED',
      invitedByUserId: auth.userId,
    })
    .returning();
  if (!membership) throw new Error('membership insert returned nothing');
  await sendInvitation(tx, auth, { member: { user, membership }, ...context });
  return toUserResponse(user, membership);
}

async function invitedMember(tx: Transaction, auth: AuthContext, userId: number): Promise<Member> {
  const member = await lockMember(tx, auth.accountId, userId);
  if (member.membership.status !== 'INVITED') throw new AppError('INVITATION_ALREADY_ACCEPTED');
  return member;
}

/** Sends a new invitation link; the previous one stops working. */
export async function resendInvitation({
  db,
  auth,
  userId,
  ...invitation
}: Invitation & { db: Database; auth: AuthContext; userId: number }): Promise<UserResponse> {
  return inTransaction(db, async (tx) => {
    const member = await invitedMember(tx, auth, userId);
    await sendInvitation(tx, auth, { member, ...invitation });
    return toUserResponse(member.user, member.membership);
  });
}

/** Withdraws a pending invitation; a newcomer who never set a password is removed entirely. */
export async function revokeInvitation(db: Database, auth: AuthContext, userId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { user, membership } = await invitedMember(tx, auth, userId);
    await revokeLinks(tx, { purpose: 'INVITATION', userId: user.id, accountId: auth.accountId });
    await tx.delete(accountUsers).where(eq(accountUsers.id, membership.id));
    if (!user.passwordHash) {
      const [other] = await tx
        .select({ id: accountUsers.id })
        .from(accountUsers)
        .where(eq(accountUsers.userId, user.id));
      if (!other) await tx.delete(users).where(eq(users.id, user.id));
    }
  });
}

/** The invitation behind a link, or why it cannot be used. */
async function usableInvitation(tx: Transaction, token: string): Promise<{ link: LinkRow; member: Member }> {
  const found = await lockLink(tx, token, 'INVITATION');
  if (!found || found.link.accountId === null) throw new AppError('INVITATION_INVALID');
  if (found.state === 'used') throw new AppError('INVITATION_ALREADY_ACCEPTED');
  if (found.state !== 'valid') throw new AppError('INVITATION_INVALID');
  const member = await lockMember(tx, found.link.accountId, found.link.userId).catch((error: unknown) => {
    // The invitation was revoked (membership removed) after the link was sent.
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('INVITATION_INVALID');
    throw error;
  });
  if (member.membership.status !== 'INVITED') throw new AppError('INVITATION_ALREADY_ACCEPTED');
  return { link: found.link, member };
}

export async function getInvitation(db: Database, token: string): Promise<InvitationResponse> {
  return inTransaction(db, async (tx) => {
    const { member } = await usableInvitation(tx, token);
    const account = await getAccount(tx, member.membership.accountId);
    const inviter = member.membership.invitedByUserId
      ? await tx.select().from(users).where(eq(users.id, member.membership.invitedByUserId))
      : [];
    return {
      email: member.user.email,
      account_name: account.name,
      inviter_name: inviter[0] ? fullName(inviter[0]) : account.name,
      first_name: member.user.firstName,
      last_name: member.user.lastName,
      needs_password: member.user.passwordHash === null,
    };
  });
}

/** Accepts: the member becomes active (newcomers set their name and password) and is logged in. */
export async function acceptInvitation({
  db,
  token,
  input,
  client,
}: {
  db: Database;
  token: string;
  input: z.output<typeof AcceptInvitationRequest>;
  client: ClientInfo;
}): Promise<SessionResponse> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return inTransaction(db, async (tx) => {
    const { link, member } = await usableInvitation(tx, token);
    const { user, membership } = member;
    if (!user.passwordHash && !passwordHash) {
      throw new AppError('VALIDATION_FAILED', { fields: { password: [VALIDATION.required] } });
    }
    await markLinkUsed(tx, link.id);
    await tx
      .update(users)
      .set({
        // Someone with a login keeps their name and password; a newcomer sets both.
        ...(user.passwordHash
          ? {}
          : { firstName: input.first_name, lastName: input.last_name, passwordHash }),
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    await tx
      .update(accountUsers)
      .set({ status: 'ACTIVE', updatedAt: sql`now()` })
      .where(eq(accountUsers.id, membership.id));
    const sessionToken = await createSession(tx, {
      userId: user.id,
      accountId: membership.accountId,
      client,
    });
    return getSessionResponse({
      db: tx,
      token: sessionToken,
      userId: user.id,
      accountId: membership.accountId,
    });
  });
}
