import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DateTicketRequest, DateTicketResponse } from '../../../common/event-dates';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn, whileLoggedInAnd } from '../../api/token';

/** The tickets of one date: what each is there (its own settings or the ticket's) and its seats. */
export const dateTicketsQuery = (eventId: number, dateId: number) =>
  queryOptions({
    queryKey: queryKeys.eventDates.tickets(eventId, dateId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: DateTicketResponse[] }>(`/events/${eventId}/dates/${dateId}/tickets`, { signal }).then(
        (r) => r.data,
      ),
    ...whileLoggedIn,
  });

/** Asked only while a date's ticket settings are open (`dateId` not null). */
export const useDateTickets = (eventId: number, dateId: number | null) =>
  useQuery({ ...dateTicketsQuery(eventId, dateId ?? 0), ...whileLoggedInAnd(dateId !== null) });

/**
 * Sets one ticket's own quantity, price and sale window on one date. The saved row replaces its
 * line in the date's list at once; the list is asked again too, as seats may have moved meanwhile.
 */
export function useSetDateTicket(eventId: number, dateId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.eventDates.tickets(eventId, dateId);
  return useMutation({
    mutationFn: ({ ticketId, body }: { ticketId: number; body: DateTicketRequest }) =>
      apiFetch<DateTicketResponse>(`/events/${eventId}/dates/${dateId}/tickets/${ticketId}`, {
        method: 'PUT',
        body,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData<DateTicketResponse[]>(key, (list) =>
        list?.map((row) => (row.ticket_id === saved.ticket_id ? saved : row)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
