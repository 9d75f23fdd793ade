import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountDeletionResponse,
  ConfirmAccountDeletionRequest,
  RequestAccountDeletionRequest,
} from '../../../common/account-deletion';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

/** `GET accounts/current/deletion`: whether the account's deletion is pending (decision 065). */
export const accountDeletionQuery = queryOptions({
  queryKey: queryKeys.accountDeletion,
  queryFn: ({ signal }) => apiFetch<AccountDeletionResponse>('/accounts/current/deletion', { signal }),
  ...whileLoggedIn,
});

export const useAccountDeletion = () => useQuery(accountDeletionQuery);

/** Every call answers with the deletion as it is now: that answer replaces the query's. */
function useDeletionMutation<V>(mutationFn: (variables: V) => Promise<AccountDeletionResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (state) => queryClient.setQueryData(queryKeys.accountDeletion, state),
  });
}

export const useRequestAccountDeletion = () =>
  useDeletionMutation((body: RequestAccountDeletionRequest) =>
    apiFetch<AccountDeletionResponse>('/accounts/current/deletion', { method: 'POST', body }),
  );

export const useConfirmAccountDeletion = () =>
  useDeletionMutation((body: ConfirmAccountDeletionRequest) =>
    apiFetch<AccountDeletionResponse>('/accounts/current/deletion/confirm', { method: 'POST', body }),
  );

export const useCancelAccountDeletion = () =>
  useDeletionMutation(() =>
    apiFetch<AccountDeletionResponse>('/accounts/current/deletion', { method: 'DELETE' }),
  );
