import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSecurityResponse,
  ConfirmTotpRequest,
  PasswordCheckRequest,
  RecoveryCodesResponse,
  SecurityEventsResponse,
  TotpSetupResponse,
  TwoFactorStatusResponse,
  UpdateAccountSecurityRequest,
} from '../../../common/security';
import { apiFetch } from '../../api/client';

/** Two-factor sign-in and the account's security rules and log (decision 063). */
export const securityKeys = {
  twoFactor: ['security', 'two-factor'] as const,
  account: ['security', 'account'] as const,
  events: ['security', 'events'] as const,
};

export const twoFactorQuery = () =>
  queryOptions({
    queryKey: securityKeys.twoFactor,
    queryFn: ({ signal }) => apiFetch<TwoFactorStatusResponse>('/users/me/two-factor', { signal }),
  });

export const accountSecurityQuery = () =>
  queryOptions({
    queryKey: securityKeys.account,
    queryFn: ({ signal }) => apiFetch<AccountSecurityResponse>('/accounts/current/security', { signal }),
  });

/** A page of 100 of the log, newest first; `before` (an event's id) for older ones. */
export const securityEventsQuery = (before?: number) =>
  queryOptions({
    queryKey: [...securityKeys.events, before ?? null],
    queryFn: ({ signal }) =>
      apiFetch<SecurityEventsResponse>('/accounts/current/security-events', { signal, query: { before } }),
  });

/** How many events the API gives a page. */
export const SECURITY_EVENTS_PAGE = 100;

/** Every change below changes what the status and the log say. */
function useSecurityMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['security'] }),
  });
}

export const useStartTotp = () =>
  useMutation({
    mutationFn: () => apiFetch<TotpSetupResponse>('/users/me/two-factor/totp', { method: 'POST' }),
  });

export const useConfirmTotp = () =>
  useSecurityMutation((body: ConfirmTotpRequest) =>
    apiFetch<RecoveryCodesResponse>('/users/me/two-factor/totp/confirm', { method: 'POST', body }),
  );

export const useDisableTotp = () =>
  useSecurityMutation((body: PasswordCheckRequest) =>
    apiFetch<undefined>('/users/me/two-factor/totp/disable', { method: 'POST', body }),
  );

export const useNewRecoveryCodes = () =>
  useSecurityMutation((body: PasswordCheckRequest) =>
    apiFetch<RecoveryCodesResponse>('/users/me/two-factor/recovery-codes', { method: 'POST', body }),
  );

export const useUpdateAccountSecurity = () =>
  useSecurityMutation((body: UpdateAccountSecurityRequest) =>
    apiFetch<AccountSecurityResponse>('/accounts/current/security', { method: 'PUT', body }),
  );
