import { and, eq, isNotNull } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { TotpSetupResponse } from '../../../common/security';
import type { Db } from '../../db/client';
import { userTotp } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { SecretBox } from '../../secrets';

/*
 * Authenticator apps (TOTP, RFC 6238: SHA-1, six digits, 30-second steps, as every app
 * expects; decision 063). otplib computes and checks the codes; this file keeps the secret
 * sealed and remembers the last step used, so a code cannot be replayed.
 */

/** One step either side of now: a phone's clock a little off still works. */
const TOLERANCE_SECONDS = 30;
const ISSUER = 'Tessera';

export interface TotpUser {
  id: number;
  email: string;
}

/** Whether the user signs in with an authenticator app. */
export async function totpEnabled(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)));
  return row !== undefined;
}

/**
 * A new secret for the user to scan, kept sealed and not yet on: a code from it turns it on
 * (`confirmTotp`). Starting again replaces a secret not confirmed yet.
 */
export async function startTotp(
  db: Db,
  input: { user: TotpUser; secrets: SecretBox },
): Promise<TotpSetupResponse> {
  if (await totpEnabled(db, input.user.id)) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  const secret = generateSecret();
  const sealed = input.secrets.seal(secret);
  await db
    .insert(userTotp)
    .values({ userId: input.user.id, secretEncrypted: sealed })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secretEncrypted: sealed, lastStep: null } });
  const otpauthUrl = generateURI({ issuer: ISSUER, label: input.user.email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/**
 * Checks a code against the user's secret and, when right, records its step so neither it
 * nor an older code is accepted again. The row is locked: two requests with one code cannot
 * both pass. `pending` checks the secret not yet confirmed.
 */
export async function checkTotp(
  tx: Db,
  input: { userId: number; code: string; secrets: SecretBox; pending?: boolean },
): Promise<boolean> {
  const [row] = await tx.select().from(userTotp).where(eq(userTotp.userId, input.userId)).for('update');
  if (!row || (row.enabledAt === null) !== Boolean(input.pending)) return false;
  const result = await verify({
    secret: input.secrets.open(row.secretEncrypted),
    token: input.code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(row.lastStep === null ? {} : { afterTimeStep: row.lastStep }),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  await tx
    .update(userTotp)
    .set({ lastStep: result.timeStep, ...(input.pending ? { enabledAt: new Date() } : {}) })
    .where(eq(userTotp.userId, input.userId));
  return true;
}

/** Turns the authenticator app off: the secret is forgotten. */
export async function removeTotp(db: Db, userId: number): Promise<boolean> {
  const removed = await db.delete(userTotp).where(eq(userTotp.userId, userId)).returning();
  return removed.some((row) => row.enabledAt !== null);
}
