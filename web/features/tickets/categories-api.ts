import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryRequest, CategoryResponse } from '../../../common/categories';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

interface List<T> {
  data: T[];
}

/** The event's catalogue categories, in their order. */
export const useCategories = (eventId: number) =>
  useQuery({
    queryKey: queryKeys.categories(eventId),
    queryFn: ({ signal }) =>
      apiFetch<List<CategoryResponse>>(`/events/${eventId}/categories`, { signal }).then((list) => list.data),
    ...whileLoggedIn,
  });

/** Any change to a category: the categories are out of date, and so is what they hold. */
function useCategoryMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.categories(eventId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tickets.list(eventId) }),
      ]),
  });
}

export const useCreateCategory = (eventId: number) =>
  useCategoryMutation(eventId, (body: CategoryRequest) =>
    apiFetch<CategoryResponse>(`/events/${eventId}/categories`, { method: 'POST', body }),
  );

export const useUpdateCategory = (eventId: number) =>
  useCategoryMutation(eventId, ({ id, body }: { id: number; body: CategoryRequest }) =>
    apiFetch<CategoryResponse>(`/events/${eventId}/categories/${id}`, { method: 'PUT', body }),
  );

export const useDeleteCategory = (eventId: number) =>
  useCategoryMutation(eventId, (id: number) =>
    apiFetch<void>(`/events/${eventId}/categories/${id}`, { method: 'DELETE' }),
  );

export const useSortCategories = (eventId: number) =>
  useCategoryMutation(eventId, (categoryIds: number[]) =>
    apiFetch<List<CategoryResponse>>(`/events/${eventId}/categories/sort`, {
      method: 'POST',
      body: { category_ids: categoryIds },
    }),
  );
