import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyResponse, CreateApiKeyRequest, CreatedApiKeyResponse } from '../../../common/api-keys';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

/** The account's API keys, newest first, revoked ones included. */
export const apiKeysQuery = queryOptions({
  queryKey: queryKeys.apiKeys,
  queryFn: ({ signal }) =>
    apiFetch<{ data: ApiKeyResponse[] }>('/api-keys', { signal }).then((list) => list.data),
  ...whileLoggedIn,
});

export const useApiKeys = () => useQuery(apiKeysQuery);

function useApiKeyMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}

/** Answers the whole key: the only time it can be shown. */
export const useCreateApiKey = () =>
  useApiKeyMutation((body: CreateApiKeyRequest) =>
    apiFetch<CreatedApiKeyResponse>('/api-keys', { method: 'POST', body }),
  );

export const useRevokeApiKey = () =>
  useApiKeyMutation((id: number) => apiFetch<ApiKeyResponse>(`/api-keys/${id}/revoke`, { method: 'POST' }));
