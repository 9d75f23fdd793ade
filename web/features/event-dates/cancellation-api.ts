import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DateCancellationRequest,
  DateCancellationResponse,
  DateSeriesCancellationRequest,
  DateSeriesCancellationResponse,
} from '../../../common/date-cancellation';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn, whileLoggedInAnd } from '../../api/token';

/** How far a date's cancellation got; asked again every two seconds while it runs. */
export const dateCancellationQuery = (eventId: number, dateId: number) =>
  queryOptions({
    queryKey: queryKeys.eventDates.cancellation(eventId, dateId),
    queryFn: ({ signal }) =>
      apiFetch<DateCancellationResponse>(`/events/${eventId}/dates/${dateId}/cancellation`, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'DONE' ? false : 2_000),
    ...whileLoggedIn,
  });

export const useDateCancellation = (eventId: number, dateId: number | null) =>
  useQuery({ ...dateCancellationQuery(eventId, dateId ?? 0), ...whileLoggedInAnd(dateId !== null) });

/** What cancelling dates changes besides them: the event (its span, its dates) and the lists. */
const afterCancelling = (queryClient: ReturnType<typeof useQueryClient>, eventId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.events.detail(eventId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.events.lists }),
  ]);

/** Cancels a date: its status, the event's span and the events lists change with it. */
export function useCancelEventDate(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dateId, body }: { dateId: number; body: DateCancellationRequest }) =>
      apiFetch<DateCancellationResponse>(`/events/${eventId}/dates/${dateId}/cancel`, {
        method: 'POST',
        body,
      }),
    onSuccess: (saved, { dateId }) =>
      queryClient.setQueryData(queryKeys.eventDates.cancellation(eventId, dateId), saved),
    onSettled: () => afterCancelling(queryClient, eventId),
  });
}

/** Cancels every future date of a rule, each with its own cancellation (refund only). */
export function useCancelDateSeries(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ruleId, body }: { ruleId: number; body: DateSeriesCancellationRequest }) =>
      apiFetch<DateSeriesCancellationResponse>(`/events/${eventId}/date-rules/${ruleId}/cancel`, {
        method: 'POST',
        body,
      }),
    onSuccess: (saved) => {
      for (const cancellation of saved.data)
        queryClient.setQueryData(
          queryKeys.eventDates.cancellation(eventId, cancellation.date_id),
          cancellation,
        );
    },
    onSettled: () => afterCancelling(queryClient, eventId),
  });
}
