import {
  type AuthenticatorTransport,
  generateRegistrationOptions,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AddPasskeyRequest, PasskeyOptionsResponse, PasskeyResponse } from '../../../common/passkeys';
import type { Database, Db } from '../../db/client';
import { passkeys, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { passkeyNameFrom } from '../../http/user-agent';
import { recordSecurityEvent } from '../security-events/service';
import { secondFactorsOf, twoFactorRequired } from '../two-factor/status';
import { spendChallenge, storeChallenge } from './challenges';
import { relyingPartyOf, toBase64url } from './relying-party';

export { passkeyLoginOptions, verifyPasskeyLogin } from './sign-in';

/** The person changing their passkeys, and where the request came from. */
export interface PasskeyContext {
  userId: number;
  accountId: number;
  ip?: string;
  userAgent?: string;
  appUrl: string;
}

type Row = typeof passkeys.$inferSelect;

const present = (row: Row): PasskeyResponse => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export async function listPasskeys(db: Db, userId: number): Promise<PasskeyResponse[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(present);
}

/** The options for the browser to make a passkey of this user (one it does not hold yet). */
export async function registrationOptions(
  db: Db,
  input: { userId: number; appUrl: string },
): Promise<PasskeyOptionsResponse> {
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!user) throw new AppError('UNAUTHENTICATED');
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, input.userId));
  const rp = relyingPartyOf(input.appUrl);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName ?? ''}`.trim(),
    userID: new TextEncoder().encode(`tessera-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransport[],
    })),
    // A passkey the browser can offer by itself, so it can sign in with no e-mail typed.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const challenge = await storeChallenge(db, {
    purpose: 'PASSKEY_REGISTRATION',
    challenge: options.challenge,
    userId: input.userId,
  });
  return { challenge, options: { ...options } };
}

/** Checks the browser's new credential against its challenge and keeps it; mails the user. */
export async function addPasskey(
  db: Database,
  input: { body: z.output<typeof AddPasskeyRequest>; context: PasskeyContext },
): Promise<PasskeyResponse> {
  const { body, context } = input;
  const spent = await spendChallenge(db, { handle: body.challenge, purpose: 'PASSKEY_REGISTRATION' });
  if (spent.userId !== context.userId) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
  const rp = relyingPartyOf(context.appUrl);
  const verified = await verifyRegistrationResponse({
    // The schema checked the shape; the library checks everything inside it.
    response: body.response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
    expectedChallenge: spent.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw new AppError('PASSKEY_INVALID');
  const { credential } = verified.registrationInfo;
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: context.userId,
        credentialId: credential.id,
        publicKey: toBase64url(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: body.name ?? passkeyNameFrom(context.userAgent),
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw new AppError('PASSKEY_ALREADY_ADDED');
    await recordSecurityEvent(tx, {
      kind: 'PASSKEY_ADDED',
      userId: context.userId,
      account: 'memberships',
      detail: { name: row.name },
      ip: context.ip,
      appUrl: context.appUrl,
    });
    return present(row);
  });
}

/** One of the user's passkeys, or 404 (another user's included). */
async function ownPasskey(db: Db, input: { userId: number; id: number }): Promise<Row> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, input.userId)));
  if (!row) throw new AppError('PASSKEY_NOT_FOUND');
  return row;
}

export async function renamePasskey(
  db: Db,
  input: { userId: number; id: number; name: string },
): Promise<PasskeyResponse> {
  await ownPasskey(db, input);
  const [row] = await db
    .update(passkeys)
    .set({ name: input.name })
    .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, input.userId)))
    .returning();
  if (!row) throw new AppError('PASSKEY_NOT_FOUND');
  return present(row);
}

/**
 * Removes a passkey; refused (409) when it is the last second factor of a user whose account
 * requires one. Mails the user.
 */
export async function removePasskey(
  db: Database,
  input: { id: number; context: PasskeyContext },
): Promise<void> {
  const { context } = input;
  await inTransaction(db, async (tx) => {
    const row = await ownPasskey(tx, { userId: context.userId, id: input.id });
    await tx.delete(passkeys).where(eq(passkeys.id, row.id));
    const left = await secondFactorsOf(tx, context.userId);
    if (left.length === 0 && (await twoFactorRequired(tx, context.accountId)))
      throw new AppError('PASSKEY_LAST_SECOND_FACTOR');
    await recordSecurityEvent(tx, {
      kind: 'PASSKEY_REMOVED',
      userId: context.userId,
      account: 'memberships',
      detail: { name: row.name },
      ip: context.ip,
      appUrl: context.appUrl,
    });
  });
}
