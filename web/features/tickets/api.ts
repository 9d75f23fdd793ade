import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxOrFeeResponse } from '../../../common/taxes-fees';
import type { TicketRequest, TicketResponse } from '../../../common/tickets';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';
import type { TicketChoice } from '../../components/TicketChecklist';

interface List<T> {
  data: T[];
}

export const ticketsQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.tickets.list(eventId),
    queryFn: ({ signal }) =>
      apiFetch<List<TicketResponse>>(`/events/${eventId}/tickets`, { signal }).then((list) => list.data),
    ...whileLoggedIn,
  });

export const useTickets = (eventId: number) => useQuery(ticketsQuery(eventId));

/**
 * The event's tickets as id and title, for the "applies to" choices of questions, capacity
 * assignments, promo codes and check-in lists: one cached list for all of them.
 */
export const ticketChoicesQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.ticketChoices(eventId),
    queryFn: ({ signal }): Promise<TicketChoice[]> =>
      apiFetch<List<TicketResponse>>(`/events/${eventId}/tickets`, { signal }).then((list) =>
        list.data.map((ticket) => ({ id: ticket.id, title: ticket.title })),
      ),
    ...whileLoggedIn,
  });

export const useTicketChoices = (eventId: number) => useQuery(ticketChoicesQuery(eventId));

export const taxesAndFeesQuery = queryOptions({
  queryKey: queryKeys.taxesAndFees,
  queryFn: ({ signal }) =>
    apiFetch<List<TaxOrFeeResponse>>('/taxes-and-fees', { signal }).then((list) => list.data),
  ...whileLoggedIn,
});

export const useTaxesAndFees = () => useQuery(taxesAndFeesQuery);

/** Any change to a ticket: the event's list is out of date, and so is its checklist. */
function useTicketMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tickets.list(eventId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.events.detail(eventId) }),
      ]),
  });
}

export const useCreateTicket = (eventId: number) =>
  useTicketMutation(eventId, (body: TicketRequest) =>
    apiFetch<TicketResponse>(`/events/${eventId}/tickets`, { method: 'POST', body }),
  );

export const useUpdateTicket = (eventId: number) =>
  useTicketMutation(eventId, ({ id, body }: { id: number; body: TicketRequest }) =>
    apiFetch<TicketResponse>(`/events/${eventId}/tickets/${id}`, { method: 'PUT', body }),
  );

export const useDeleteTicket = (eventId: number) =>
  useTicketMutation(eventId, (id: number) =>
    apiFetch<void>(`/events/${eventId}/tickets/${id}`, { method: 'DELETE' }),
  );

/**
 * Saves a new order of the tickets. The list shows it at once; if the server refuses, the
 * old order comes back (the caller says why).
 */
export function useSortTickets(eventId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.tickets.list(eventId);
  return useMutation({
    mutationFn: (ticketIds: number[]) =>
      apiFetch<List<TicketResponse>>(`/events/${eventId}/tickets/sort`, {
        method: 'POST',
        body: { ticket_ids: ticketIds },
      }),
    onMutate: async (ticketIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TicketResponse[]>(key);
      if (before) {
        const byId = new Map(before.map((ticket) => [ticket.id, ticket]));
        const sorted = ticketIds.flatMap((id) => byId.get(id) ?? []);
        queryClient.setQueryData(key, sorted);
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
