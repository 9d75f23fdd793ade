import { z } from 'zod';

/**
 * Passkeys (WebAuthn credentials, decision 066): the shapes the API and the web share. The
 * browser's answers are passed through as the WebAuthn JSON encoding; the server checks them.
 */

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

/** A passkey as its owner sees it (never its key). */
export const PasskeyResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'Passkey' });
export type PasskeyResponse = z.infer<typeof PasskeyResponse>;

export const PasskeysResponse = z.object({ data: z.array(PasskeyResponse) }).meta({ id: 'Passkeys' });
export type PasskeysResponse = z.infer<typeof PasskeysResponse>;

/** A passkey's name: what its owner calls it ("Work laptop"). */
export const passkeyName = () => z.string().trim().min(1).max(80);

/**
 * The options for the browser's `navigator.credentials` call, and the handle (`challenge`) that
 * sends its answer back: single use, five minutes.
 */
export const PasskeyOptionsResponse = z
  .object({ challenge: z.string(), options: z.record(z.string(), z.unknown()) })
  .meta({ id: 'PasskeyOptions' });
export type PasskeyOptionsResponse = z.infer<typeof PasskeyOptionsResponse>;

/** The browser's answer to a registration (`RegistrationResponseJSON`). */
export const RegistrationCredential = z.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(20_000),
    attestationObject: base64url(100_000),
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(40).optional(),
});

/** The browser's answer to a sign-in (`AuthenticationResponseJSON`). */
export const AuthenticationCredential = z.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(20_000),
    authenticatorData: base64url(20_000),
    signature: base64url(2_000),
    userHandle: base64url(200).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(40).optional(),
});

const challengeHandle = () => z.string().min(20).max(200);

/** `POST /api/users/me/passkeys`: the answer to the registration options, and a name (else the browser's). */
export const AddPasskeyRequest = z
  .strictObject({
    challenge: challengeHandle(),
    response: RegistrationCredential,
    name: passkeyName().optional(),
  })
  .meta({ id: 'AddPasskeyRequest' });
export type AddPasskeyRequest = z.input<typeof AddPasskeyRequest>;

export const RenamePasskeyRequest = z
  .strictObject({ name: passkeyName() })
  .meta({ id: 'RenamePasskeyRequest' });
export type RenamePasskeyRequest = z.input<typeof RenamePasskeyRequest>;

/**
 * `POST /api/auth/passkeys/options`: without a ticket, any passkey of this site (the browser
 * offers the ones it holds); with the ticket of a password sign-in, the passkeys of its user.
 */
export const PasskeyLoginOptionsRequest = z
  .strictObject({ ticket: z.string().min(20).max(200).optional() })
  .meta({ id: 'PasskeyLoginOptionsRequest' });
export type PasskeyLoginOptionsRequest = z.input<typeof PasskeyLoginOptionsRequest>;

/** `POST /api/auth/passkeys/login`: the signed answer; a ticket when the passkey is the second factor. */
export const PasskeyLoginRequest = z
  .strictObject({
    challenge: challengeHandle(),
    response: AuthenticationCredential,
    ticket: z.string().min(20).max(200).optional(),
    account_id: z.number().int().positive().optional(),
  })
  .meta({ id: 'PasskeyLoginRequest' });
export type PasskeyLoginRequest = z.input<typeof PasskeyLoginRequest>;
