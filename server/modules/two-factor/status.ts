import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { SecondFactor, TwoFactorStatusResponse } from '../../../common/security';
import type { Db } from '../../db/client';
import { accountSecurity, passkeys, userTotp } from '../../db/schema';
import { recoveryCodesLeft } from './recovery-codes';

/** The second factors a user can sign in with; empty when two-factor is off. */
export async function secondFactorsOf(db: Db, userId: number): Promise<SecondFactor[]> {
  const [[totp], [keys]] = await Promise.all([
    db
      .select({ n: count() })
      .from(userTotp)
      .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt))),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
  ]);
  const methods: SecondFactor[] = [];
  if ((totp?.n ?? 0) > 0) methods.push('TOTP');
  if ((keys?.n ?? 0) > 0) methods.push('PASSKEY');
  // Recovery codes stand in for the others, so they count only beside one of them (and only
  // while some are left: a passkey-only login never made any).
  if (methods.length > 0 && (await recoveryCodesLeft(db, userId)) > 0) methods.push('RECOVERY_CODE');
  return methods;
}

/** Whether the account requires two-factor sign-in of every member. */
export async function twoFactorRequired(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ required: accountSecurity.requireTwoFactor })
    .from(accountSecurity)
    .where(eq(accountSecurity.accountId, accountId));
  return row?.required ?? false;
}

export async function setTwoFactorRequired(
  db: Db,
  input: { accountId: number; required: boolean },
): Promise<void> {
  await db
    .insert(accountSecurity)
    .values({ accountId: input.accountId, requireTwoFactor: input.required })
    .onConflictDoUpdate({
      target: accountSecurity.accountId,
      set: { requireTwoFactor: input.required, updatedAt: new Date() },
    });
}

export async function twoFactorStatus(
  db: Db,
  input: { userId: number; accountId: number },
): Promise<TwoFactorStatusResponse> {
  const [methods, required, left, [keys]] = await Promise.all([
    secondFactorsOf(db, input.userId),
    twoFactorRequired(db, input.accountId),
    recoveryCodesLeft(db, input.userId),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, input.userId)),
  ]);
  return {
    totp_enabled: methods.includes('TOTP'),
    recovery_codes_left: left,
    passkeys: keys?.n ?? 0,
    required_by_account: required,
    setup_required: required && methods.length === 0,
  };
}
