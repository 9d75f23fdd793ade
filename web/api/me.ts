import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '../../common/users';
import { apiFetch } from './client';
import { queryKeys } from './query-keys';
import { whileLoggedIn } from './token';

/**
 * `GET users/me`: the user, their role and status in the session's account, and that account.
 * Here rather than in `features/profile/` because shared pieces read it too (a page a role does
 * not reach, in `components/NoPermission.tsx`); the profile's api offers it to the features.
 */
export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: ({ signal }) => apiFetch<MeResponse>('/users/me', { signal }),
  ...whileLoggedIn,
});

export const useMe = () => useQuery(meQuery);
