import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '../../../common/auth';
import { isLocale } from '../../../common/i18n/locales';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { enqueue, type JobPayload, PASSWORD_RESET_JOB } from '../../jobs/kinds';
import type { JobHandler } from '../../jobs/worker';
import { enqueueMail } from '../../mail/send';
import { createLink, lockLink, markLinkUsed, revokeLinks } from './links';
import { hashPassword } from './passwords';
import type { Links } from './service';
import { revokeUserSessions } from './sessions';

/**
 * `POST /api/auth/forgot-password`: queues the request and nothing else, so the answer takes
 * the same time whether or not the address has a login (the job finds out, after the answer).
 */
export async function requestPasswordReset(
  db: Database,
  input: z.output<typeof ForgotPasswordRequest>,
): Promise<void> {
  await enqueue(db, { type: PASSWORD_RESET_JOB, payload: { email: input.email } });
}

/** Rolls back a link made by a job that had already sent its mail. */
class AlreadySent extends Error {}

/**
 * The job behind a forgot-password request: mails a reset link when the address belongs to a
 * user with a password. Run twice, it sends one mail whose link works (the second run's link
 * is rolled back).
 */
export function passwordResetJobHandler(deps: {
  db: Database;
  links: Links;
}): JobHandler<JobPayload<typeof PASSWORD_RESET_JOB>> {
  return async ({ email }, { jobId }) => {
    try {
      await inTransaction(deps.db, async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.email, email));
        if (!user?.passwordHash) return;
        const token = await createLink(tx, { purpose: 'PASSWORD_RESET', userId: user.id, email: user.email });
        const queued = await enqueueMail(tx, {
          template: 'passwordReset',
          to: user.email,
          locale: isLocale(user.locale) ? user.locale : 'en',
          data: { firstName: user.firstName, url: `${deps.links.appUrl}/auth/reset-password/${token}` },
          uniqueKey: `password-reset:${jobId}`,
        });
        if (!queued) throw new AlreadySent();
      });
    } catch (error) {
      if (!(error instanceof AlreadySent)) throw error;
    }
  };
}

/** Whether a reset link can still be used; answers with the address it is for. */
export async function checkResetLink(db: Database, token: string): Promise<{ email: string }> {
  return inTransaction(db, async (tx) => {
    const found = await lockLink(tx, token, 'PASSWORD_RESET');
    if (found?.state !== 'valid') throw new AppError('RESET_LINK_INVALID');
    return { email: found.link.email };
  });
}

/**
 * Sets a new password from a reset link: the link works once, within 60 minutes, and every
 * session of the user ends (whoever knew the old password is logged out).
 */
export async function resetPassword(
  db: Database,
  token: string,
  input: z.output<typeof ResetPasswordRequest>,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await inTransaction(db, async (tx) => {
    const found = await lockLink(tx, token, 'PASSWORD_RESET');
    if (found?.state !== 'valid') throw new AppError('RESET_LINK_INVALID');
    const { link } = found;
    await markLinkUsed(tx, link.id);
    await tx
      .update(users)
      // Opening the mailed link also proves the address.
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, link.userId));
    await revokeLinks(tx, { purpose: 'PASSWORD_RESET', userId: link.userId });
    await revokeUserSessions(tx, { userId: link.userId });
  });
}
