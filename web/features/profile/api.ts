import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteMeRequest } from '../../../common/account-deletion';
import type { MessageResponse } from '../../../common/auth';
import type { MeResponse, UpdateMeRequest } from '../../../common/users';
import { apiFetch } from '../../api/client';
import { useMe } from '../../api/me';
import { queryKeys } from '../../api/query-keys';
import { clearToken } from '../../api/token';

/** The signed-in user (`GET users/me`), for every feature. */
export { useMe };

/** Every call below answers with the user as it is now: that answer replaces `users/me`. */
function useMeMutation<V>(mutationFn: (variables: V) => Promise<MeResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (me) => queryClient.setQueryData(queryKeys.me, me),
  });
}

export const useUpdateMe = () =>
  useMeMutation((body: Partial<UpdateMeRequest>) =>
    apiFetch<MeResponse>('/users/me', { method: 'PUT', body }),
  );

export const useConfirmEmail = () =>
  useMeMutation(({ userId, token }: { userId: number; token: string }) =>
    apiFetch<MeResponse>(`/users/${userId}/confirm-email/${encodeURIComponent(token)}`, { method: 'POST' }),
  );

export const useConfirmEmailChange = () =>
  useMeMutation(({ userId, token }: { userId: number; token: string }) =>
    apiFetch<MeResponse>(`/users/${userId}/email-change/${encodeURIComponent(token)}`, { method: 'POST' }),
  );

export const useCancelEmailChange = () =>
  useMeMutation((userId: number) =>
    apiFetch<MeResponse>(`/users/${userId}/email-change`, { method: 'DELETE' }),
  );

/** Sends the confirmation link again; 409 EMAIL_ALREADY_CONFIRMED means `users/me` is out of date. */
export function useResendEmailConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiFetch<MessageResponse>(`/users/${userId}/resend-email-confirmation`, { method: 'POST' }),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}

/**
 * The time zone the organizer's screens show times in when no event gives one (API keys,
 * webhooks, users): the user's own, else the account's. Undefined only until `users/me` loads.
 */
export function useDisplayTimezone(): string | undefined {
  const me = useMe();
  return me.data ? (me.data.timezone ?? me.data.account.timezone) : undefined;
}

/**
 * Deletes the signed-in login (decision 065). Its sessions end with it: the token is forgotten
 * and everything cached of the login is dropped.
 */
export function useDeleteMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteMeRequest) => apiFetch<void>('/users/me/deletion', { method: 'POST', body }),
    onSuccess: () => {
      clearToken();
      queryClient.clear();
    },
  });
}
