import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DateSeriesRequest,
  EventDateRequest,
  EventDateResponse,
  EventDateRule,
} from '../../../common/event-dates';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

export const eventDatesQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.eventDates.list(eventId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: EventDateResponse[] }>(`/events/${eventId}/dates`, { signal }).then((r) => r.data),
    ...whileLoggedIn,
  });

export const useEventDates = (eventId: number) => useQuery(eventDatesQuery(eventId));

/**
 * A change to the dates also moves the event's own start and end (the span of its dates), so
 * the event, its dates and the events lists are all asked again.
 */
function useDatesMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.events.detail(eventId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.events.lists }),
      ]),
  });
}

export const useCreateEventDate = (eventId: number) =>
  useDatesMutation(eventId, (body: EventDateRequest) =>
    apiFetch<EventDateResponse>(`/events/${eventId}/dates`, { method: 'POST', body }),
  );

export const useAddRuleDates = (eventId: number) =>
  useDatesMutation(eventId, (body: EventDateRule) =>
    apiFetch<{ data: EventDateResponse[] }>(`/events/${eventId}/dates/rule`, { method: 'POST', body }).then(
      (r) => r.data,
    ),
  );

export const useUpdateEventDate = (eventId: number) =>
  useDatesMutation(eventId, ({ id, body }: { id: number; body: EventDateRequest }) =>
    apiFetch<EventDateResponse>(`/events/${eventId}/dates/${id}`, { method: 'PUT', body }),
  );

export const useDeleteEventDate = (eventId: number) =>
  useDatesMutation(eventId, (id: number) =>
    apiFetch<void>(`/events/${eventId}/dates/${id}`, { method: 'DELETE' }),
  );

/** Changes every future, non-cancelled date of a rule at once; answers the dates it changed. */
export const useUpdateDateSeries = (eventId: number) =>
  useDatesMutation(eventId, ({ ruleId, body }: { ruleId: number; body: DateSeriesRequest }) =>
    apiFetch<{ data: EventDateResponse[] }>(`/events/${eventId}/date-rules/${ruleId}`, {
      method: 'PUT',
      body,
    }).then((r) => r.data),
  );
