import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AffiliateRequest, AffiliateResponse } from '../../../common/affiliates';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

/** The event's affiliates with their figures, all of them (the API does not page this list). */
export const affiliatesQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.affiliates.list(eventId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: AffiliateResponse[] }>(`/events/${eventId}/affiliates`, { signal }).then(
        (r) => r.data,
      ),
    ...whileLoggedIn,
  });

export const useAffiliates = (eventId: number) => useQuery(affiliatesQuery(eventId));

function useAffiliateMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.affiliates.list(eventId) }),
  });
}

export const useCreateAffiliate = (eventId: number) =>
  useAffiliateMutation(eventId, (body: AffiliateRequest) =>
    apiFetch<AffiliateResponse>(`/events/${eventId}/affiliates`, { method: 'POST', body }),
  );

export const useUpdateAffiliate = (eventId: number) =>
  useAffiliateMutation(eventId, ({ id, body }: { id: number; body: AffiliateRequest }) =>
    apiFetch<AffiliateResponse>(`/events/${eventId}/affiliates/${id}`, { method: 'PUT', body }),
  );

export const useDeleteAffiliate = (eventId: number) =>
  useAffiliateMutation(eventId, (id: number) =>
    apiFetch<void>(`/events/${eventId}/affiliates/${id}`, { method: 'DELETE' }),
  );
