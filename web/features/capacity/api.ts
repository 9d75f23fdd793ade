import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CapacityAssignmentRequest, CapacityAssignmentResponse } from '../../../common/capacity';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

export const capacityAssignmentsQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.capacityAssignments.list(eventId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: CapacityAssignmentResponse[] }>(`/events/${eventId}/capacity-assignments`, {
        signal,
      }).then((r) => r.data),
    ...whileLoggedIn,
  });

export const useCapacityAssignments = (eventId: number) => useQuery(capacityAssignmentsQuery(eventId));

function useCapacityMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.capacityAssignments.list(eventId) }),
  });
}

export const useCreateCapacityAssignment = (eventId: number) =>
  useCapacityMutation(eventId, (body: CapacityAssignmentRequest) =>
    apiFetch<CapacityAssignmentResponse>(`/events/${eventId}/capacity-assignments`, { method: 'POST', body }),
  );

export const useUpdateCapacityAssignment = (eventId: number) =>
  useCapacityMutation(eventId, ({ id, body }: { id: number; body: CapacityAssignmentRequest }) =>
    apiFetch<CapacityAssignmentResponse>(`/events/${eventId}/capacity-assignments/${id}`, {
      method: 'PUT',
      body,
    }),
  );

export const useDeleteCapacityAssignment = (eventId: number) =>
  useCapacityMutation(eventId, (id: number) =>
    apiFetch<void>(`/events/${eventId}/capacity-assignments/${id}`, { method: 'DELETE' }),
  );
