import { z } from 'zod';

/**
 * Two-factor sign-in, passkeys, sessions, the security audit log (decision 063) and personal
 * data requests (decision 064): the shapes the API and the web share.
 */

/** What the audit log records; each also mails the user it concerns. */
export const SECURITY_EVENT_KINDS = [
  'TWO_FACTOR_ENABLED',
  'TWO_FACTOR_DISABLED',
  'RECOVERY_CODES_REGENERATED',
  'RECOVERY_CODE_USED',
  'PASSKEY_ADDED',
  'PASSKEY_REMOVED',
  'SESSIONS_ENDED',
  'TWO_FACTOR_REQUIREMENT_CHANGED',
  'BUYER_DATA_EXPORTED',
  'BUYER_ERASED',
  'ACCOUNT_DELETION_REQUESTED',
  'ACCOUNT_DELETION_CANCELLED',
  'USER_DELETED',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export const SecurityEventResponse = z
  .object({
    id: z.number().int(),
    kind: z.enum(SECURITY_EVENT_KINDS),
    /** Who it concerns, as the account sees them; null once that login is deleted. */
    user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
    detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    ip: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'SecurityEvent' });
export type SecurityEventResponse = z.infer<typeof SecurityEventResponse>;

export const SecurityEventsResponse = z
  .object({ data: z.array(SecurityEventResponse) })
  .meta({ id: 'SecurityEvents' });
export type SecurityEventsResponse = z.infer<typeof SecurityEventsResponse>;

/** Ways a user can give their second factor at sign-in. */
export const SECOND_FACTORS = ['TOTP', 'PASSKEY', 'RECOVERY_CODE'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** A six-digit code from an authenticator app (spaces allowed, as apps show them). */
export const totpCode = () =>
  z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/));

/** A recovery code as printed (`xxxxx-xxxxx`); case, spaces and dashes do not matter. */
export const recoveryCode = () =>
  z
    .string()
    .max(40)
    .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9]{10}$/));

/** The answer to a right password when the user has two-factor on: a ticket to finish with. */
export const TwoFactorChallengeResponse = z
  .object({
    two_factor: z.object({
      /** Single use, five minutes, five wrong codes. */
      ticket: z.string(),
      methods: z.array(z.enum(SECOND_FACTORS)),
    }),
  })
  .meta({ id: 'TwoFactorChallenge' });
export type TwoFactorChallengeResponse = z.infer<typeof TwoFactorChallengeResponse>;

/** `POST /api/auth/login/continue`: a code, a recovery code, or the account to enter. */
export const ContinueLoginRequest = z
  .strictObject({
    ticket: z.string().min(20).max(200),
    code: totpCode().optional(),
    recovery_code: recoveryCode().optional(),
    account_id: z.number().int().positive().optional(),
  })
  .meta({ id: 'ContinueLoginRequest' });
export type ContinueLoginRequest = z.input<typeof ContinueLoginRequest>;

/** `GET /api/users/me/two-factor`: what the user has turned on. */
export const TwoFactorStatusResponse = z
  .object({
    totp_enabled: z.boolean(),
    recovery_codes_left: z.number().int(),
    passkeys: z.number().int(),
    /** The account requires two-factor of every member. */
    required_by_account: z.boolean(),
    /** The user must set up a second factor before doing anything else. */
    setup_required: z.boolean(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatusResponse = z.infer<typeof TwoFactorStatusResponse>;

/** `POST /api/users/me/two-factor/totp`: a new secret to scan (not on until confirmed). */
export const TotpSetupResponse = z
  .object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() })
  .meta({ id: 'TotpSetup' });
export type TotpSetupResponse = z.infer<typeof TotpSetupResponse>;

export const ConfirmTotpRequest = z.strictObject({ code: totpCode() }).meta({ id: 'ConfirmTotpRequest' });
export type ConfirmTotpRequest = z.input<typeof ConfirmTotpRequest>;

/** Turning two-factor off or making new recovery codes asks for the password again. */
export const PasswordCheckRequest = z
  .strictObject({ password: z.string().min(1).max(200) })
  .meta({ id: 'PasswordCheckRequest' });
export type PasswordCheckRequest = z.input<typeof PasswordCheckRequest>;

/** Shown once; only their hashes are kept. */
export const RecoveryCodesResponse = z
  .object({ recovery_codes: z.array(z.string()) })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

/** `GET/PUT /api/accounts/current/security`: the account's rules (ADMINs change them). */
export const AccountSecurityResponse = z
  .object({ require_two_factor: z.boolean() })
  .meta({ id: 'AccountSecurity' });
export type AccountSecurityResponse = z.infer<typeof AccountSecurityResponse>;
export const UpdateAccountSecurityRequest = z
  .strictObject({ require_two_factor: z.boolean() })
  .meta({ id: 'UpdateAccountSecurityRequest' });
export type UpdateAccountSecurityRequest = z.input<typeof UpdateAccountSecurityRequest>;
