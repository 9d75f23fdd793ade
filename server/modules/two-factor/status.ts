import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { SecondFactor, TwoFactorStatusResponse } from '../../../common/security';
import type { Db } from '../../db/client';
import { accountSecurity, passkeys, userTotp } from '../../db/schema';
import { recoveryCodesLeft } from './recovery-codes';

/** How many of each second factor a user has: an enabled authenticator app, passkeys, recovery codes left. */
async function factorCounts(db: Db, userId: number) {
  const [[totp], [keys], recovery] = await Promise.all([
    db
      .select({ n: count() })
      .from(userTotp)
      .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt))),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    recoveryCodesLeft(db, userId),
  ]);
  return { totp: totp?.n ?? 0, passkeys: keys?.n ?? 0, recovery };
}

function methodsOf(counts: Awaited<ReturnType<typeof factorCounts>>): SecondFactor[] {
  const methods: SecondFactor[] = [];
  if (counts.totp > 0) methods.push('TOTP');
  if (counts.passkeys > 0) methods.push('PASSKEY');
  // Recovery codes stand in for the others, so they count only beside one of them (and only
  // while some are left: a passkey-only login never made any).
  if (methods.length > 0 && counts.recovery > 0) methods.push('RECOVERY_CODE');
  return methods;
}

/** The second factors a user can sign in with; empty when two-factor is off. */
export async function secondFactorsOf(db: Db, userId: number): Promise<SecondFactor[]> {
  return methodsOf(await factorCounts(db, userId));
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
  const [counts, required] = await Promise.all([
    factorCounts(db, input.userId),
    twoFactorRequired(db, input.accountId),
  ]);
  return {
    totp_enabled: counts.totp > 0,
    recovery_codes_left: counts.recovery,
    passkeys: counts.passkeys,
    required_by_account: required,
    setup_required: required && methodsOf(counts).length === 0,
  };
}
