import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromoCodeRequest, PromoCodeResponse } from '../../../common/promo-codes';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

/** The event's promo codes, all of them (the API does not page this list). */
export const promoCodesQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.promoCodes.list(eventId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: PromoCodeResponse[] }>(`/events/${eventId}/promo-codes`, { signal }).then(
        (r) => r.data,
      ),
    ...whileLoggedIn,
  });

export const usePromoCodes = (eventId: number) => useQuery(promoCodesQuery(eventId));

function usePromoCodeMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.promoCodes.list(eventId) }),
  });
}

export const useCreatePromoCode = (eventId: number) =>
  usePromoCodeMutation(eventId, (body: PromoCodeRequest) =>
    apiFetch<PromoCodeResponse>(`/events/${eventId}/promo-codes`, { method: 'POST', body }),
  );

export const useUpdatePromoCode = (eventId: number) =>
  usePromoCodeMutation(eventId, ({ id, body }: { id: number; body: PromoCodeRequest }) =>
    apiFetch<PromoCodeResponse>(`/events/${eventId}/promo-codes/${id}`, { method: 'PUT', body }),
  );

export const useDeletePromoCode = (eventId: number) =>
  usePromoCodeMutation(eventId, (id: number) =>
    apiFetch<void>(`/events/${eventId}/promo-codes/${id}`, { method: 'DELETE' }),
  );
