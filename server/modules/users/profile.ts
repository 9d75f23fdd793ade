import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isLocale } from '../../../common/i18n/locales';
import { VALIDATION } from '../../../common/i18n/validation';
import type { MeResponse, UpdateMeRequest } from '../../../common/users';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { inTransaction, sqlState } from '../../db/transaction';
import { AppError, conflictError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { enqueueMail } from '../../mail/send';
import { getAccount } from '../accounts/service';
import { createLink, lockLink, markLinkUsed, revokeLinks } from '../auth/links';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { type Links, sendEmailConfirmation } from '../auth/service';
import { revokeUserSessions } from '../auth/sessions';
import { getMember } from '../members/service';
import { getMe } from './members';

/**
 * Updates the caller's profile. A new password or e-mail address needs the current password;
 * a new address only takes effect once the link mailed to it is opened.
 */
export async function updateMe({
  db,
  auth,
  input,
  links,
}: {
  db: Database;
  auth: AuthContext;
  input: z.output<typeof UpdateMeRequest>;
  links: Links;
}): Promise<MeResponse> {
  const { user } = await getMember(db, auth.accountId, auth.userId);
  const changesEmail = input.email !== undefined && input.email !== user.email;
  const changesPassword = input.new_password !== undefined;
  if (changesEmail || changesPassword) {
    if (!input.current_password) throw fieldError('current_password', VALIDATION.currentPasswordRequired);
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      throw fieldError('current_password', VALIDATION.currentPasswordWrong);
    }
  }
  const passwordHash =
    changesPassword && input.new_password ? await hashPassword(input.new_password) : undefined;
  try {
    await inTransaction(db, async (tx) => {
      if (changesEmail && input.email) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, input.email), ne(users.id, user.id)));
        if (taken) throw conflictError('EMAIL_TAKEN', 'email', VALIDATION.emailTaken);
        const token = await createLink(tx, { purpose: 'EMAIL_CHANGE', userId: user.id, email: input.email });
        await enqueueMail(tx, {
          template: 'emailChange',
          to: input.email,
          locale: input.locale ?? (isLocale(user.locale) ? user.locale : 'en'),
          data: {
            firstName: input.first_name ?? user.firstName,
            newEmail: input.email,
            url: `${links.appUrl}/manage/profile/confirm-email-change/${token}`,
          },
        });
      }
      await tx
        .update(users)
        .set({
          ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
          ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
          ...(input.locale !== undefined ? { locale: input.locale } : {}),
          ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
          ...(changesEmail ? { pendingEmail: input.email } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, user.id));
      // A new password logs out every other session of the user.
      if (passwordHash) await revokeUserSessions(tx, { userId: user.id, keep: auth.sessionId ?? undefined });
    });
  } catch (error) {
    if (sqlState(error) === '23505') throw conflictError('EMAIL_TAKEN', 'email', VALIDATION.emailTaken);
    throw error;
  }
  return getMe(db, auth);
}

function assertSelf(auth: AuthContext, userId: number): void {
  // Links are personal: nobody confirms another user's address (and others' ids are 404s).
  if (userId !== auth.userId) throw new AppError('NOT_FOUND');
}

/** A link mailed to the caller, opened by them. */
interface OwnLink {
  db: Database;
  auth: AuthContext;
  userId: number;
  token: string;
}

/** Opens the e-mail confirmation link. Opening it again after it worked is harmless. */
export async function confirmEmail({ db, auth, userId, token }: OwnLink): Promise<MeResponse> {
  assertSelf(auth, userId);
  await inTransaction(db, async (tx) => {
    const found = await lockLink(tx, token, 'EMAIL_CONFIRMATION');
    if (!found || found.link.userId !== userId) throw new AppError('LINK_INVALID');
    const { user } = await getMember(tx, auth.accountId, userId);
    if (found.state === 'used' && user.emailConfirmedAt) return;
    if (found.state !== 'valid' || found.link.email !== user.email) throw new AppError('LINK_INVALID');
    await markLinkUsed(tx, found.link.id);
    await tx
      .update(users)
      .set({ emailConfirmedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  });
  return getMe(db, auth);
}

export async function resendEmailConfirmation({
  db,
  auth,
  userId,
  links,
}: {
  db: Database;
  auth: AuthContext;
  userId: number;
  links: Links;
}): Promise<void> {
  assertSelf(auth, userId);
  await inTransaction(db, async (tx) => {
    const { user } = await getMember(tx, auth.accountId, userId);
    if (user.emailConfirmedAt) throw new AppError('EMAIL_ALREADY_CONFIRMED');
    await sendEmailConfirmation(tx, links, user);
  });
}

/** `grace.hopper@example.com` → `g***@example.com`: enough to recognise, not to copy. */
export function maskEmail(address: string): string {
  return `${address.slice(0, 1)}***${address.slice(address.lastIndexOf('@'))}`;
}

/**
 * Opens the link sent to a new address: the address becomes the login's e-mail, and the
 * previous address is told (with where to turn if it was not them).
 */
export async function confirmEmailChange({ db, auth, userId, token }: OwnLink): Promise<MeResponse> {
  assertSelf(auth, userId);
  try {
    await inTransaction(db, async (tx) => {
      const found = await lockLink(tx, token, 'EMAIL_CHANGE');
      if (!found || found.link.userId !== userId || found.state !== 'valid')
        throw new AppError('LINK_INVALID');
      const { user } = await getMember(tx, auth.accountId, userId);
      if (user.pendingEmail !== found.link.email) throw new AppError('LINK_INVALID');
      await markLinkUsed(tx, found.link.id);
      const [changed] = await tx
        .update(users)
        .set({
          email: found.link.email,
          pendingEmail: null,
          emailConfirmedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId))
        .returning({ at: users.updatedAt });
      const account = await getAccount(tx, auth.accountId);
      await enqueueMail(tx, {
        template: 'emailChanged',
        to: user.email,
        locale: isLocale(user.locale) ? user.locale : 'en',
        data: {
          firstName: user.firstName,
          newEmail: maskEmail(found.link.email),
          changedAt: (changed?.at ?? new Date()).toISOString(),
          timezone: user.timezone ?? account.timezone,
          accountName: account.name,
          supportEmail: account.supportEmail,
        },
      });
    });
  } catch (error) {
    // Someone else took the address meanwhile.
    if (sqlState(error) === '23505') throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  return getMe(db, auth);
}

export async function cancelEmailChange(
  db: Database,
  auth: AuthContext,
  userId: number,
): Promise<MeResponse> {
  assertSelf(auth, userId);
  await inTransaction(db, async (tx) => {
    const { user } = await getMember(tx, auth.accountId, userId);
    if (!user.pendingEmail) throw new AppError('NO_PENDING_EMAIL_CHANGE');
    await revokeLinks(tx, { purpose: 'EMAIL_CHANGE', userId });
    await tx.update(users).set({ pendingEmail: null, updatedAt: sql`now()` }).where(eq(users.id, userId));
  });
  return getMe(db, auth);
}
