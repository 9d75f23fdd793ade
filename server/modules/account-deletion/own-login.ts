import { and, eq } from 'drizzle-orm';
import { isLocale } from '../../../common/i18n/locales';
import { VALIDATION } from '../../../common/i18n/validation';
import type { Database } from '../../db/client';
import { accountUsers, apiKeys, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { enqueueMail } from '../../mail/send';
import { verifyPassword } from '../auth/passwords';
import { getMember } from '../members/service';
import { recordSecurityEvent } from '../security-events/service';

/**
 * `POST /api/users/me/deletion` (decision 065): a user deletes their own login. An owner is
 * refused (the account would be left without one); anyone else loses the login, its
 * memberships of every account, its sessions (which fail at once) and the API keys it made.
 * The audit log of each account keeps the event, its user then null; the farewell mail is
 * queued before the row goes.
 */
export async function deleteOwnLogin({
  db,
  auth,
  password,
  settings,
}: {
  db: Database;
  auth: AuthContext;
  password: string;
  settings: { appUrl: string; ip: string | null };
}): Promise<void> {
  const { user } = await getMember(db, auth.accountId, auth.userId);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw fieldError('password', VALIDATION.currentPasswordWrong);
  }
  await inTransaction(db, async (tx) => {
    const [owned] = await tx
      .select({ accountId: accountUsers.accountId })
      .from(accountUsers)
      .where(and(eq(accountUsers.userId, user.id), eq(accountUsers.isOwner, true)))
      .limit(1);
    if (owned) throw new AppError('OWNER_CANNOT_DELETE_LOGIN');
    await recordSecurityEvent(tx, {
      kind: 'USER_DELETED',
      userId: user.id,
      account: 'memberships',
      detail: { name: `${user.firstName} ${user.lastName}`.trim() },
      ip: settings.ip,
      appUrl: settings.appUrl,
      notify: false,
    });
    await enqueueMail(tx, {
      template: 'securityNotice',
      to: user.email,
      locale: isLocale(user.locale) ? user.locale : 'en',
      data: {
        firstName: user.firstName,
        kind: 'USER_DELETED',
        detail: {},
        at: new Date().toISOString(),
        timezone: user.timezone ?? 'UTC',
        ip: settings.ip,
        securityUrl: settings.appUrl,
      },
    });
    await tx.delete(apiKeys).where(eq(apiKeys.createdByUserId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
