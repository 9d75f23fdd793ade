import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntryResponse, WaitlistResponse, WaitlistStatus } from '../../../common/waitlist';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

/** The filters of the waiting-list screen, as `GET /events/{id}/waitlist` takes them. */
export interface WaitlistFilters {
  status?: WaitlistStatus | undefined;
  ticketId?: number | undefined;
  /** One date of the event (issue 36); its counts too. */
  dateId?: number | undefined;
}

export function waitlistSearchParams(filters: WaitlistFilters): Record<string, string | number | undefined> {
  return { status: filters.status, ticket_id: filters.ticketId, date_id: filters.dateId };
}

/** The event's waiting list (oldest first), its counts per ticket and the settings that steer it. */
export const waitlistQuery = (eventId: number, filters: WaitlistFilters) => {
  const query = waitlistSearchParams(filters);
  return queryOptions({
    queryKey: queryKeys.waitlist.list(eventId, query),
    queryFn: ({ signal }) => apiFetch<WaitlistResponse>(`/events/${eventId}/waitlist`, { signal, query }),
    placeholderData: keepPreviousData,
    ...whileLoggedIn,
  });
};

export const useWaitlist = (eventId: number, filters: WaitlistFilters) =>
  useQuery(waitlistQuery(eventId, filters));

/** A change to one entry: the list and its counts are out of date, and so are the tickets' stock. */
function useEntryMutation(eventId: number, mutationFn: (entryId: number) => Promise<WaitlistEntryResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist.all(eventId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tickets.list(eventId) });
    },
  });
}

/** Offers the next free seat to one WAITING entry by hand. */
export const useOfferEntry = (eventId: number) =>
  useEntryMutation(eventId, (entryId) =>
    apiFetch<WaitlistEntryResponse>(`/events/${eventId}/waitlist/${entryId}/offer`, { method: 'POST' }),
  );

/** Takes a WAITING or OFFERED entry off the list (an offered seat goes to the next person). */
export const useRemoveEntry = (eventId: number) =>
  useEntryMutation(eventId, (entryId) =>
    apiFetch<WaitlistEntryResponse>(`/events/${eventId}/waitlist/${entryId}`, { method: 'DELETE' }),
  );
