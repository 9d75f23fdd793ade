import { z } from 'zod';
import { AccountResponse } from './accounts';
import { VALIDATION } from './i18n/validation';
import { TwoFactorChallengeResponse } from './security';
import { MeResponse } from './users';
import {
  confirmsPassword,
  currency,
  email,
  firstName,
  linkToken,
  locale,
  password,
  timezone,
  userLastName,
} from './validators';

/** `POST /api/auth/register`: a new account and its owner. */
export const RegisterRequest = z
  .strictObject({
    first_name: firstName(),
    last_name: userLastName().default(''),
    email: email(),
    password: password(),
    password_confirmation: z.string().max(200),
    accept_terms: z.literal(true, { message: VALIDATION.termsRequired.id }),
    currency: currency().default('USD'),
    timezone: timezone().default('UTC'),
    locale: locale().optional(),
  })
  .refine(...confirmsPassword('password', 'password_confirmation'))
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.input<typeof RegisterRequest>;

/** `POST /api/auth/login`. With several accounts and no `account_id`, the answer lists them. */
export const LoginRequest = z
  .strictObject({
    email: email(),
    password: z.string().min(1).max(200),
    account_id: z.number().int().positive().optional(),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.input<typeof LoginRequest>;

/** A session: the token (also in the `x-auth-token` header), the user and the account. */
export const SessionResponse = z
  .object({ token: z.string(), user: MeResponse, account: AccountResponse })
  .meta({ id: 'Session' });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const AccountChoice = z.object({ id: z.number().int(), name: z.string() });
export const ChooseAccountResponse = z
  .object({
    accounts: z.array(AccountChoice),
    /** After a passkey: the ticket that enters the chosen account (`POST /api/auth/login/continue`). */
    ticket: z.string().optional(),
  })
  .meta({ id: 'ChooseAccount' });
export type ChooseAccountResponse = z.infer<typeof ChooseAccountResponse>;

/** A session, the accounts to choose from, or the second factor owed (decision 063). */
export const LoginResponse = z.union([SessionResponse, ChooseAccountResponse, TwoFactorChallengeResponse]);
export type LoginResponse = z.infer<typeof LoginResponse>;

/** `POST /api/auth/forgot-password` answers the same whether or not the e-mail exists. */
export const ForgotPasswordRequest = z.strictObject({ email: email() }).meta({ id: 'ForgotPasswordRequest' });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

export const MessageResponse = z.object({ message: z.string() }).meta({ id: 'Message' });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** `GET /api/auth/reset-password/{token}`: whether the link can still be used. */
export const ResetLinkResponse = z.object({ email: z.string() }).meta({ id: 'ResetLink' });

/** `POST /api/auth/reset-password/{token}` */
export const ResetPasswordRequest = z
  .strictObject({ password: password(), password_confirmation: z.string().max(200) })
  .refine(...confirmsPassword('password', 'password_confirmation'))
  .meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

/** `GET /api/auth/invitations/{token}`: who invites whom into which account. */
export const InvitationResponse = z
  .object({
    email: z.string(),
    account_name: z.string(),
    inviter_name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    /** False when the invitee already has a Tessera login (another account). */
    needs_password: z.boolean(),
  })
  .meta({ id: 'Invitation' });
export type InvitationResponse = z.infer<typeof InvitationResponse>;

/** `POST /api/auth/invitations/{token}`: accept. Password only for people new to Tessera. */
export const AcceptInvitationRequest = z
  .strictObject({
    first_name: firstName(),
    last_name: userLastName().default(''),
    password: password().optional(),
    password_confirmation: z.string().max(200).optional(),
    accept_terms: z.literal(true, { message: VALIDATION.termsRequired.id }),
  })
  .refine(...confirmsPassword('password', 'password_confirmation'))
  .meta({ id: 'AcceptInvitationRequest' });
export type AcceptInvitationRequest = z.input<typeof AcceptInvitationRequest>;

export const TokenParam = z.strictObject({ token: linkToken() });
