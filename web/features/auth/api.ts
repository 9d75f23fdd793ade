import { startAuthentication } from '@simplewebauthn/browser';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  AcceptInvitationRequest,
  ForgotPasswordRequest,
  InvitationResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
  ResetPasswordRequest,
  SessionResponse,
} from '../../../common/auth';
import type { PasskeyOptionsResponse } from '../../../common/passkeys';
import type { ContinueLoginRequest } from '../../../common/security';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

// The calls of the pages used before logging in. None of them may send the visitor to the
// login page on a 401/403: those answers are messages for the form (wrong password, inactive).
const unauthenticated = { redirectOnAuthError: false } as const;
const tokenPath = (token: string) => encodeURIComponent(token);

/** A login either starts a session or, for someone in several accounts, lists them to choose from. */
export function isSession(response: LoginResponse): response is SessionResponse {
  return 'token' in response;
}

export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/auth/login', { method: 'POST', body, ...unauthenticated });
}

/** The second step of a sign-in: a code, a recovery code, or the account (decision 063). */
export function continueLogin(body: ContinueLoginRequest): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/auth/login/continue', { method: 'POST', body, ...unauthenticated });
}

export function register(body: RegisterRequest): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/auth/register', { method: 'POST', body, ...unauthenticated });
}

export function forgotPassword(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/auth/forgot-password', { method: 'POST', body, ...unauthenticated });
}

export function resetPassword(token: string, body: ResetPasswordRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/auth/reset-password/${tokenPath(token)}`, {
    method: 'POST',
    body,
    ...unauthenticated,
  });
}

export function acceptInvitation(token: string, body: AcceptInvitationRequest): Promise<SessionResponse> {
  return apiFetch<SessionResponse>(`/auth/invitations/${tokenPath(token)}`, {
    method: 'POST',
    body,
    ...unauthenticated,
  });
}

/** Whether a reset link can still be used; 410 RESET_LINK_INVALID when not. */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.auth.resetLink(token),
    queryFn: ({ signal }) =>
      apiFetch<{ email: string }>(`/auth/reset-password/${tokenPath(token)}`, { signal, ...unauthenticated }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Who invites whom into which account; 410 INVITATION_INVALID or 409 INVITATION_ALREADY_ACCEPTED. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.auth.invitation(token),
    queryFn: ({ signal }) =>
      apiFetch<InvitationResponse>(`/auth/invitations/${tokenPath(token)}`, { signal, ...unauthenticated }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useLogin = () => useMutation({ mutationFn: login });
export const useContinueLogin = () => useMutation({ mutationFn: continueLogin });
export const useRegister = () => useMutation({ mutationFn: register });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = (token: string) =>
  useMutation({ mutationFn: (body: ResetPasswordRequest) => resetPassword(token, body) });
export const useAcceptInvitation = (token: string) =>
  useMutation({ mutationFn: (body: AcceptInvitationRequest) => acceptInvitation(token, body) });

/**
 * Signs in with a passkey (decision 066): the options (for the ticket's user when it is the
 * second factor), the browser's prompt, the signed answer. A refusal in the browser rejects
 * with the browser's error, not an ApiError.
 */
export async function passkeyLogin(input: { ticket?: string }): Promise<LoginResponse> {
  const { challenge, options } = await apiFetch<PasskeyOptionsResponse>('/auth/passkeys/options', {
    method: 'POST',
    body: input.ticket ? { ticket: input.ticket } : {},
    ...unauthenticated,
  });
  const response = await startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return apiFetch<LoginResponse>('/auth/passkeys/login', {
    method: 'POST',
    body: { challenge, response, ...(input.ticket ? { ticket: input.ticket } : {}) },
    ...unauthenticated,
  });
}

export const usePasskeyLogin = () => useMutation({ mutationFn: passkeyLogin });
