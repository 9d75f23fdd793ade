import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeatingPlanRequest, SeatingPlanResponse, SeatingPlanSummary } from '../../../common/seating';
import { planFileName } from '../../../common/seating-plan-files';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn, whileLoggedInAnd } from '../../api/token';
import { downloadFile } from '../../components/export-download';
import { newIdempotencyKey } from '../../lib/idempotency';

/** The account's seating plans, the most recently changed first (the order the API gives). */
export const seatingPlansQuery = queryOptions({
  queryKey: queryKeys.seatingPlans,
  queryFn: ({ signal }) =>
    apiFetch<{ data: SeatingPlanSummary[] }>('/seating-plans', { signal }).then((list) => list.data),
  ...whileLoggedIn,
});

export const useSeatingPlans = () => useQuery(seatingPlansQuery);

export const useSeatingPlan = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.seatingPlan(id ?? 0),
    queryFn: ({ signal }) => apiFetch<SeatingPlanResponse>(`/seating-plans/${id}`, { signal }),
    // The designer edits its own copy: a refetch in the background must not replace it.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    ...whileLoggedInAnd(id !== null),
  });

function usePlanMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.seatingPlans, exact: true }),
  });
}

/** Saves a new plan (drawn, or read from a file); each call is one plan, retried safely. */
export const useCreateSeatingPlan = () =>
  usePlanMutation((body: SeatingPlanRequest) =>
    apiFetch<SeatingPlanResponse>('/seating-plans', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': newIdempotencyKey() },
    }),
  );

export const useReplaceSeatingPlan = () =>
  usePlanMutation(({ id, body }: { id: number; body: SeatingPlanRequest }) =>
    apiFetch<SeatingPlanResponse>(`/seating-plans/${id}`, { method: 'PUT', body }),
  );

export const useDeleteSeatingPlan = () =>
  usePlanMutation((id: number) => apiFetch<null>(`/seating-plans/${id}`, { method: 'DELETE' }));

/** Downloads the saved plan as its JSON file. */
export const downloadSeatingPlan = (plan: { id: number; name: string }) =>
  downloadFile({ path: `/seating-plans/${plan.id}/export`, fallbackName: planFileName(plan.name) });
