import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { and, eq, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { LoginResponse } from '../../../common/auth';
import type { PasskeyLoginRequest, PasskeyOptionsResponse } from '../../../common/passkeys';
import type { Database, Db } from '../../db/client';
import { passkeys } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { ClientInfo } from '../auth/sessions';
import { afterFirstFactor, finishSecondFactor, liveTicket } from '../auth/sign-in';
import { spendChallenge, storeChallenge } from './challenges';
import { fromBase64url, relyingPartyOf } from './relying-party';

/*
 * Signing in with a passkey (decision 066): alone (the browser offers the passkeys it holds for
 * this site, and the passkey names its user), or as the second factor after a password (the
 * ticket of that sign-in names the user, and only that user's passkeys count).
 */

/** A second-factor ticket, live (else 410). */
async function secondFactorTicket(db: Db, token: string) {
  const ticket = await liveTicket(db, token);
  if (ticket.stage !== 'SECOND_FACTOR') throw new AppError('LOGIN_TICKET_EXPIRED');
  return ticket;
}

export async function passkeyLoginOptions(
  db: Db,
  input: { ticket?: string; appUrl: string },
): Promise<PasskeyOptionsResponse> {
  const rp = relyingPartyOf(input.appUrl);
  const ticket = input.ticket === undefined ? undefined : await secondFactorTicket(db, input.ticket);
  const allowed = ticket ? await db.select().from(passkeys).where(eq(passkeys.userId, ticket.userId)) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: ticket ? 'preferred' : 'required',
    allowCredentials: allowed.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransport[],
    })),
  });
  const challenge = await storeChallenge(db, {
    purpose: 'PASSKEY_LOGIN',
    challenge: options.challenge,
    userId: ticket?.userId ?? null,
  });
  return { challenge, options: { ...options } };
}

/**
 * Checks the signed answer and signs in: a session, or the account to choose. The challenge is
 * spent first, so an answer is never accepted twice; the counter must grow (when the
 * authenticator keeps one), else the passkey may have been copied.
 */
export async function verifyPasskeyLogin(
  db: Database,
  input: { body: z.output<typeof PasskeyLoginRequest>; client: ClientInfo; appUrl: string },
): Promise<LoginResponse> {
  const { body } = input;
  const spent = await spendChallenge(db, { handle: body.challenge, purpose: 'PASSKEY_LOGIN' });
  const ticket = body.ticket === undefined ? undefined : await secondFactorTicket(db, body.ticket);
  if (ticket && spent.userId !== ticket.userId) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
  if (!ticket && spent.userId !== null) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, body.response.id));
  if (!passkey) throw new AppError('PASSKEY_NOT_RECOGNIZED');
  if (ticket && passkey.userId !== ticket.userId) throw new AppError('PASSKEY_OTHER_USER');
  const rp = relyingPartyOf(input.appUrl);
  const verified = await verifyAuthenticationResponse({
    response: body.response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
    expectedChallenge: spent.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: fromBase64url(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports as AuthenticatorTransport[],
    },
    // Alone, the passkey is both factors: the authenticator must have checked its owner.
    requireUserVerification: !ticket,
  }).catch(() => null);
  if (!verified?.verified) throw new AppError('PASSKEY_INVALID');
  const { newCounter } = verified.authenticationInfo;
  // Only a counter that grows (or one the authenticator does not keep, always 0) is written.
  const updated = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(
      and(
        eq(passkeys.id, passkey.id),
        or(lt(passkeys.counter, newCounter), and(eq(passkeys.counter, 0), eq(passkeys.counter, newCounter))),
      ),
    )
    .returning({ id: passkeys.id });
  if (updated.length === 0) throw new AppError('PASSKEY_INVALID');
  if (ticket) return finishSecondFactor(db, { ticket, client: input.client });
  return afterFirstFactor(db, {
    userId: passkey.userId,
    accountId: body.account_id,
    factor: 'PASSKEY',
    client: input.client,
  });
}
