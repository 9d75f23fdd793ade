import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageMeta } from '../../../common/list-query';
import type {
  CreateOrganizerRequest,
  OrganizerResponse,
  UpdateOrganizerRequest,
} from '../../../common/organizers';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

export const organizersQuery = queryOptions({
  queryKey: queryKeys.organizers.list,
  queryFn: ({ signal }) =>
    apiFetch<{ data: OrganizerResponse[]; meta: PageMeta }>('/organizers', {
      signal,
      query: { per_page: 100, sort_by: 'name' },
    }),
  ...whileLoggedIn,
});

export const useOrganizers = () => useQuery(organizersQuery);

export const organizerQuery = (organizerId: number) =>
  queryOptions({
    queryKey: queryKeys.organizers.detail(organizerId),
    queryFn: ({ signal }) => apiFetch<OrganizerResponse>(`/organizers/${organizerId}`, { signal }),
    ...whileLoggedIn,
  });

export function useCreateOrganizer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrganizerRequest) =>
      apiFetch<OrganizerResponse>('/organizers', { method: 'POST', body }),
    onSuccess: (organizer) => queryClient.setQueryData(queryKeys.organizers.detail(organizer.id), organizer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.organizers.list }),
  });
}

export function useUpdateOrganizer(organizerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrganizerRequest) =>
      apiFetch<OrganizerResponse>(`/organizers/${organizerId}`, { method: 'PUT', body }),
    onSuccess: (organizer) => queryClient.setQueryData(queryKeys.organizers.detail(organizer.id), organizer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.organizers.list }),
  });
}
