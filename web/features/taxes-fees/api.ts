import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxOrFeeRequest, TaxOrFeeResponse } from '../../../common/taxes-fees';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

/** The account's taxes and fees, taxes first then by name (the order the API gives). */
export const taxesAndFeesQuery = queryOptions({
  queryKey: queryKeys.taxesAndFees,
  queryFn: ({ signal }) =>
    apiFetch<{ data: TaxOrFeeResponse[] }>('/taxes-and-fees', { signal }).then((list) => list.data),
  ...whileLoggedIn,
});

export const useTaxesAndFees = () => useQuery(taxesAndFeesQuery);

/** What `DELETE taxes-and-fees/{id}` answers: how many tickets stopped applying it, said in words. */
export interface DeletedTaxOrFee {
  detached_tickets: number;
  message: string;
}

/** Any change: the list is out of date, and so are tickets that name their taxes and fees. */
function useTaxOrFeeMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.taxesAndFees }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all }),
      ]),
  });
}

export const useCreateTaxOrFee = () =>
  useTaxOrFeeMutation((body: TaxOrFeeRequest) =>
    apiFetch<TaxOrFeeResponse>('/taxes-and-fees', { method: 'POST', body }),
  );

export const useUpdateTaxOrFee = () =>
  useTaxOrFeeMutation(({ id, body }: { id: number; body: TaxOrFeeRequest }) =>
    apiFetch<TaxOrFeeResponse>(`/taxes-and-fees/${id}`, { method: 'PUT', body }),
  );

export const useDeleteTaxOrFee = () =>
  useTaxOrFeeMutation((id: number) =>
    apiFetch<DeletedTaxOrFee>(`/taxes-and-fees/${id}`, { method: 'DELETE' }),
  );
