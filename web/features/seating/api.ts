import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BlockSeatsRequest,
  EventSeatingRequest,
  EventSeatingResponse,
  OrganizerSeatsResponse,
} from '../../../common/seating';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn, whileLoggedInAnd } from '../../api/token';

// An event's seating (issue 42): its copy of one of the account's plans with each price category
// sold by a ticket, and the seats of one date with who holds each.

/** `GET /api/events/{id}/seating`: null while the event sells places, not seats. */
export const eventSeatingQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.eventSeating.detail(eventId),
    queryFn: ({ signal }) =>
      apiFetch<{ seating: EventSeatingResponse | null }>(`/events/${eventId}/seating`, { signal }).then(
        (answer) => answer.seating,
      ),
    ...whileLoggedIn,
  });

export const useEventSeating = (eventId: number) => useQuery(eventSeatingQuery(eventId));

/** One date's seats (`dateId` null: the event's only or first date on sale). */
export const useEventSeats = (eventId: number, dateId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.eventSeating.seats(eventId, dateId),
    queryFn: ({ signal }) =>
      apiFetch<OrganizerSeatsResponse>(
        `/events/${eventId}/seating/seats${dateId === null ? '' : `?date_id=${dateId}`}`,
        { signal },
      ),
    ...whileLoggedInAnd(enabled),
  });

/** After the plan changes: the seating, its seats, and the tickets (a seated ticket counts seats). */
function useSeatingChange<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.eventSeating.detail(eventId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all }),
      ]),
  });
}

export const useSetEventSeating = (eventId: number) =>
  useSeatingChange(eventId, (body: EventSeatingRequest) =>
    apiFetch<{ seating: EventSeatingResponse }>(`/events/${eventId}/seating`, { method: 'PUT', body }),
  );

export const useRemoveEventSeating = (eventId: number) =>
  useSeatingChange(eventId, () => apiFetch<null>(`/events/${eventId}/seating`, { method: 'DELETE' }));

/**
 * A change to one date's seats (blocking, moving an attendee): the answer is the date's seats as
 * they now are; the orders and attendees show the seats too.
 */
function useSeatsChange<V>(
  { eventId, dateId }: { eventId: number; dateId: number | null },
  mutationFn: (variables: V) => Promise<OrganizerSeatsResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (seats) => queryClient.setQueryData(queryKeys.eventSeating.seats(eventId, dateId), seats),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.eventSeating.detail(eventId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders.all(eventId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.attendees.all(eventId) }),
      ]),
  });
}

export const useBlockSeats = (ref: { eventId: number; dateId: number | null }) =>
  useSeatsChange(ref, (body: BlockSeatsRequest) =>
    apiFetch<OrganizerSeatsResponse>(`/events/${ref.eventId}/seating/blocks`, { method: 'POST', body }),
  );

export const useMoveAttendeeSeat = (ref: { eventId: number; dateId: number | null }) =>
  useSeatsChange(ref, ({ attendeeId, seat }: { attendeeId: number; seat: string }) =>
    apiFetch<OrganizerSeatsResponse>(`/events/${ref.eventId}/attendees/${attendeeId}/seat`, {
      method: 'PUT',
      body: { seat },
    }),
  );
