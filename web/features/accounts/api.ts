import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountResponse, Role, UpdateAccountRequest } from '../../../common/accounts';
import type { EventDefaults } from '../../../common/event-defaults';
import type { PageMeta } from '../../../common/list-query';
import type { PaymentConnectionResponse } from '../../../common/payments';
import type { InviteUserRequest, UpdateUserRequest, UserResponse, UserStatus } from '../../../common/users';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

export const accountQuery = queryOptions({
  queryKey: queryKeys.account,
  queryFn: ({ signal }) => apiFetch<AccountResponse>('/accounts/current', { signal }),
  ...whileLoggedIn,
});

export const useAccount = () => useQuery(accountQuery);

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountRequest) =>
      apiFetch<AccountResponse>('/accounts/current', { method: 'PUT', body }),
    onSuccess: (account) => {
      queryClient.setQueryData(queryKeys.account, account);
      // The header shows the account's name, which comes with `users/me`.
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

export type UserSort = 'name' | 'email' | 'created_at' | 'last_login_at';

/** The users list as the page asks for it; turned into the API's list query (`common/list-query.ts`). */
export interface UsersParams {
  page: number;
  query: string;
  sortBy: UserSort;
  sortDirection: 'asc' | 'desc';
  role: Role | null;
  status: UserStatus | null;
}

export interface UsersPage {
  data: UserResponse[];
  meta: PageMeta;
}

export const USERS_PER_PAGE = 20;

export function usersSearchParams(params: UsersParams): Record<string, string | number | undefined> {
  return {
    page: params.page,
    per_page: USERS_PER_PAGE,
    query: params.query.trim() || undefined,
    sort_by: params.sortBy,
    sort_direction: params.sortDirection,
    'filter_fields[role][eq]': params.role ?? undefined,
    'filter_fields[status][eq]': params.status ?? undefined,
  };
}

export const usersQuery = (params: UsersParams) => {
  const search = usersSearchParams(params);
  return queryOptions({
    queryKey: queryKeys.users.list(search),
    queryFn: ({ signal }) => apiFetch<UsersPage>('/users', { signal, query: search }),
    placeholderData: keepPreviousData,
    ...whileLoggedIn,
  });
};

/** Any change to a user: the lists are out of date (the answer is the user as it is now). */
function useUsersMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.lists }),
  });
}

export const useInviteUser = () =>
  useUsersMutation((body: InviteUserRequest) => apiFetch<UserResponse>('/users', { method: 'POST', body }));

export const useUpdateUser = () =>
  useUsersMutation(({ id, ...body }: UpdateUserRequest & { id: number }) =>
    apiFetch<UserResponse>(`/users/${id}`, { method: 'PUT', body }),
  );

export const useResendInvitation = () =>
  useUsersMutation((id: number) => apiFetch<UserResponse>(`/users/${id}/invitation`, { method: 'POST' }));

export const useRevokeInvitation = () =>
  useUsersMutation((id: number) => apiFetch<void>(`/users/${id}/invitation`, { method: 'DELETE' }));

/** `GET accounts/payment`: whether the account can take card payments. */
export const paymentConnectionQuery = queryOptions({
  queryKey: queryKeys.paymentConnection,
  queryFn: ({ signal }) => apiFetch<PaymentConnectionResponse>('/accounts/payment', { signal }),
  ...whileLoggedIn,
});

/** Starts or resumes Stripe onboarding; the page then sends the admin to Stripe's link. */
export const useConnectStripe = () =>
  useMutation({
    mutationFn: () => apiFetch<{ url: string }>('/accounts/payment/stripe/connect', { method: 'POST' }),
  });

export const eventDefaultsQuery = queryOptions({
  queryKey: queryKeys.eventDefaults,
  queryFn: ({ signal }) => apiFetch<EventDefaults>('/accounts/current/event-defaults', { signal }),
  ...whileLoggedIn,
});

export function useUpdateEventDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventDefaults) =>
      apiFetch<EventDefaults>('/accounts/current/event-defaults', { method: 'PUT', body }),
    onSuccess: (defaults) => queryClient.setQueryData(queryKeys.eventDefaults, defaults),
  });
}
