import { type RegistrationResponseJSON, startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasskeyOptionsResponse, PasskeyResponse, PasskeysResponse } from '../../../common/passkeys';
import type { EndedSessionsResponse, UserSessionsResponse } from '../../../common/sessions';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The calls of the security page (decision 066): passkeys and sessions. */

export const passkeysQuery = () =>
  queryOptions({
    queryKey: queryKeys.security.passkeys,
    queryFn: ({ signal }) => apiFetch<PasskeysResponse>('/users/me/passkeys', { signal }),
  });

export const sessionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.security.sessions,
    queryFn: ({ signal }) => apiFetch<UserSessionsResponse>('/users/me/sessions', { signal }),
  });

/**
 * Adds a passkey: the options from the server, the browser's prompt, the answer back. A refusal
 * in the browser (cancelled, no authenticator) rejects with the browser's error, not an ApiError.
 */
async function addPasskey(name: string | undefined): Promise<PasskeyResponse> {
  const { challenge, options } = await apiFetch<PasskeyOptionsResponse>(
    '/users/me/passkeys/registration-options',
    { method: 'POST' },
  );
  const response: RegistrationResponseJSON = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  return apiFetch<PasskeyResponse>('/users/me/passkeys', {
    method: 'POST',
    body: { challenge, response, ...(name ? { name } : {}) },
  });
}

function useInvalidating<V, R>(mutationFn: (variables: V) => Promise<R>, key: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useAddPasskey = () => useInvalidating(addPasskey, queryKeys.security.passkeys);

export const useRenamePasskey = () =>
  useInvalidating(
    ({ id, name }: { id: number; name: string }) =>
      apiFetch<PasskeyResponse>(`/users/me/passkeys/${id}`, { method: 'PUT', body: { name } }),
    queryKeys.security.passkeys,
  );

export const useRemovePasskey = () =>
  useInvalidating(
    (id: number) => apiFetch<null>(`/users/me/passkeys/${id}`, { method: 'DELETE' }),
    queryKeys.security.passkeys,
  );

export const useEndSession = () =>
  useInvalidating(
    (id: number) => apiFetch<null>(`/users/me/sessions/${id}`, { method: 'DELETE' }),
    queryKeys.security.sessions,
  );

export const useEndOtherSessions = () =>
  useInvalidating(
    () => apiFetch<EndedSessionsResponse>('/users/me/sessions/end-others', { method: 'POST' }),
    queryKeys.security.sessions,
  );
