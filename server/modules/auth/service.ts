import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RegisterRequest, SessionResponse } from '../../../common/auth';
import { isLocale, type Locale } from '../../../common/i18n/locales';
import { VALIDATION } from '../../../common/i18n/validation';
import type { Database, Db, Transaction } from '../../db/client';
import { accountUsers, users } from '../../db/schema';
import { inTransaction, sqlState } from '../../db/transaction';
import { conflictError } from '../../http/app-error';
import { enqueueMail } from '../../mail/send';
import { createAccount, getAccount, toAccountResponse } from '../accounts/service';
import { getMember, toUserResponse } from '../members/service';
import { createLink } from './links';
import { hashPassword } from './passwords';
import { type ClientInfo, createSession } from './sessions';

export interface Links {
  /** Public base URL of the app, for links in e-mails. */
  appUrl: string;
}

const emailTaken = () => conflictError('EMAIL_TAKEN', 'email', VALIDATION.emailTaken);

/** The session answer: token, the user as seen from the account, and the account. */
export async function getSessionResponse({
  db,
  token,
  userId,
  accountId,
}: {
  db: Db;
  token: string;
  userId: number;
  accountId: number;
}): Promise<SessionResponse> {
  const { user, membership } = await getMember(db, accountId, userId);
  const account = toAccountResponse(await getAccount(db, accountId));
  return { token, user: { ...toUserResponse(user, membership), account }, account };
}

/** Sends (queues, in the caller's transaction) the link that confirms a user's e-mail address. */
export async function sendEmailConfirmation(
  tx: Transaction,
  links: Links,
  user: { id: number; email: string; firstName: string; locale: string },
): Promise<void> {
  const token = await createLink(tx, { purpose: 'EMAIL_CONFIRMATION', userId: user.id, email: user.email });
  await enqueueMail(tx, {
    template: 'emailConfirmation',
    to: user.email,
    locale: isLocale(user.locale) ? user.locale : 'en',
    data: { firstName: user.firstName, url: `${links.appUrl}/manage/profile/confirm-email-address/${token}` },
  });
}

/** A new account with its owner (ADMIN), a confirmation e-mail, and a session. */
export async function registerAccount(
  db: Database,
  input: z.output<typeof RegisterRequest>,
  context: { locale: Locale; client: ClientInfo; links: Links },
): Promise<SessionResponse> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(db, async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (existing) throw emailTaken();
      const name = `${input.first_name} ${input.last_name}`.trim();
      const account = await createAccount(tx, { name, currency: input.currency, timezone: input.timezone });
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          locale: input.locale ?? context.locale,
          timezone: input.timezone,
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      await tx
        .insert(accountUsers)
        .values({ accountId: account.id, userId: user.id, role: 'ADMIN', status: 'ACTIVE', isOwner: true });
      await sendEmailConfirmation(tx, context.links, user);
      const token = await createSession(tx, {
        userId: user.id,
        accountId: account.id,
        client: context.client,
      });
      return getSessionResponse({ db: tx, token, userId: user.id, accountId: account.id });
    });
  } catch (error) {
    // Two registrations of one address at the same moment: the unique index decides.
    if (sqlState(error) === '23505') throw emailTaken();
    throw error;
  }
}

/** Whether `userId` is an active member of `accountId` (used by invitations and tests). */
export async function isActiveMember(db: Db, accountId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ status: accountUsers.status })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)));
  return row?.status === 'ACTIVE';
}
