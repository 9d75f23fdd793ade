import { eq } from 'drizzle-orm';
import { VALIDATION } from '../../../common/i18n/validation';
import type {
  AccountSecurityResponse,
  RecoveryCodesResponse,
  TotpSetupResponse,
} from '../../../common/security';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import type { SecretBox } from '../../secrets';
import { accountName, recordSecurityEvent } from '../security-events/service';
import { newRecoveryCodes, removeRecoveryCodes } from '../two-factor/recovery-codes';
import { secondFactorsOf, setTwoFactorRequired, twoFactorRequired } from '../two-factor/status';
import { checkTotp, removeTotp, startTotp } from '../two-factor/totp';
import { verifyPassword } from './passwords';
import { type ClientInfo, revokeUserSessions } from './sessions';

/*
 * Turning an authenticator app on and off for the signed-in user (decision 063). Every change
 * is kept in the audit log and mailed; turning it on ends the user's other sessions, which
 * were opened with the password alone.
 */

export interface TwoFactorContext {
  auth: AuthContext;
  secrets: SecretBox;
  client: ClientInfo;
  appUrl: string;
}

async function userOf(db: Database, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('SESSION_EXPIRED');
  return user;
}

/** The password again, for what would weaken or replace the second factor. */
async function checkPassword(db: Database, input: { userId: number; password: string }): Promise<void> {
  const user = await userOf(db, input.userId);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw fieldError('password', VALIDATION.currentPasswordWrong);
  }
}

export async function beginTotp(db: Database, context: TwoFactorContext): Promise<TotpSetupResponse> {
  const user = await userOf(db, context.auth.userId);
  return startTotp(db, { user: { id: user.id, email: user.email }, secrets: context.secrets });
}

/** A right code from the scanned secret turns it on; the answer is the ten recovery codes. */
export async function confirmTotp(
  db: Database,
  input: { code: string; context: TwoFactorContext },
): Promise<RecoveryCodesResponse> {
  const { auth, secrets, client, appUrl } = input.context;
  const codes = await inTransaction(db, async (tx) => {
    const right = await checkTotp(tx, { userId: auth.userId, code: input.code, secrets, pending: true });
    if (!right) return null;
    const recovery = await newRecoveryCodes(tx, auth.userId);
    await revokeUserSessions(tx, { userId: auth.userId, keep: auth.sessionId ?? undefined });
    await recordSecurityEvent(tx, {
      kind: 'TWO_FACTOR_ENABLED',
      userId: auth.userId,
      account: 'memberships',
      ip: client.ip,
      appUrl,
    });
    return recovery;
  });
  if (!codes) throw new AppError('TWO_FACTOR_CODE_INVALID');
  return { recovery_codes: codes };
}

/** Turns the app off, with the password; refused while the account requires a second factor and no passkey is left. */
export async function disableTotp(
  db: Database,
  input: { password: string; context: TwoFactorContext },
): Promise<void> {
  const { auth, client, appUrl } = input.context;
  await checkPassword(db, { userId: auth.userId, password: input.password });
  await inTransaction(db, async (tx) => {
    if (!(await removeTotp(tx, auth.userId))) throw new AppError('TWO_FACTOR_NOT_ENABLED');
    const left = await secondFactorsOf(tx, auth.userId);
    if (left.length === 0) {
      if (await twoFactorRequired(tx, auth.accountId)) throw new AppError('TWO_FACTOR_STILL_REQUIRED');
      await removeRecoveryCodes(tx, auth.userId);
    }
    await recordSecurityEvent(tx, {
      kind: 'TWO_FACTOR_DISABLED',
      userId: auth.userId,
      account: 'memberships',
      ip: client.ip,
      appUrl,
    });
  });
}

/** Ten new recovery codes (the old ones stop working), with the password. */
export async function regenerateRecoveryCodes(
  db: Database,
  input: { password: string; context: TwoFactorContext },
): Promise<RecoveryCodesResponse> {
  const { auth, client, appUrl } = input.context;
  await checkPassword(db, { userId: auth.userId, password: input.password });
  return inTransaction(db, async (tx) => {
    if ((await secondFactorsOf(tx, auth.userId)).length === 0) throw new AppError('TWO_FACTOR_NOT_ENABLED');
    const codes = await newRecoveryCodes(tx, auth.userId);
    await recordSecurityEvent(tx, {
      kind: 'RECOVERY_CODES_REGENERATED',
      userId: auth.userId,
      account: 'memberships',
      ip: client.ip,
      appUrl,
    });
    return { recovery_codes: codes };
  });
}

/**
 * The account's rule, set by an ADMIN: requiring a second factor of every member needs one of
 * the ADMIN's own first, or they would lock themselves out (409 `TWO_FACTOR_SELF_FIRST`).
 */
export async function requireTwoFactor(
  db: Database,
  input: { required: boolean; context: TwoFactorContext },
): Promise<AccountSecurityResponse> {
  const { auth, client, appUrl } = input.context;
  const { required } = input;
  if (required && (await secondFactorsOf(db, auth.userId)).length === 0) {
    throw new AppError('TWO_FACTOR_SELF_FIRST');
  }
  await inTransaction(db, async (tx) => {
    await setTwoFactorRequired(tx, { accountId: auth.accountId, required });
    await recordSecurityEvent(tx, {
      kind: 'TWO_FACTOR_REQUIREMENT_CHANGED',
      userId: auth.userId,
      account: auth.accountId,
      detail: { required, account: await accountName(tx, auth.accountId) },
      ip: client.ip,
      appUrl,
    });
  });
  return { require_two_factor: required };
}
