import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInListRequest, CheckInListResponse, CheckInStatsResponse } from '../../../common/check-in';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

export const checkInListsQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.checkInLists.list(eventId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: CheckInListResponse[] }>(`/events/${eventId}/check-in-lists`, { signal }).then(
        (r) => r.data,
      ),
    ...whileLoggedIn,
  });

export const checkInStatsQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.checkInLists.stats(eventId),
    queryFn: ({ signal }) => apiFetch<CheckInStatsResponse>(`/events/${eventId}/check_in_stats`, { signal }),
    ...whileLoggedIn,
  });

export const useCheckInLists = (eventId: number) => useQuery(checkInListsQuery(eventId));
export const useCheckInStats = (eventId: number) => useQuery(checkInStatsQuery(eventId));

function useListMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.checkInLists.all(eventId) }),
  });
}

export const useCreateCheckInList = (eventId: number) =>
  useListMutation(eventId, (body: CheckInListRequest) =>
    apiFetch<CheckInListResponse>(`/events/${eventId}/check-in-lists`, { method: 'POST', body }),
  );

export const useUpdateCheckInList = (eventId: number) =>
  useListMutation(eventId, ({ id, body }: { id: number; body: CheckInListRequest }) =>
    apiFetch<CheckInListResponse>(`/events/${eventId}/check-in-lists/${id}`, { method: 'PUT', body }),
  );

export const useDeleteCheckInList = (eventId: number) =>
  useListMutation(eventId, (id: number) =>
    apiFetch<void>(`/events/${eventId}/check-in-lists/${id}`, { method: 'DELETE' }),
  );

export const useReplaceCheckInLink = (eventId: number) =>
  useListMutation(eventId, (id: number) =>
    apiFetch<CheckInListResponse>(`/events/${eventId}/check-in-lists/${id}/link`, { method: 'POST' }),
  );

/** The staff page's full address for a list. */
export const staffLink = (origin: string, shortId: string) => `${origin}/check-in/${shortId}`;
