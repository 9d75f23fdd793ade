import { queryOptions } from '@tanstack/react-query';
import type { PublicSeatingResponse, SeatAvailabilityResponse } from '../../../../common/seating';
import { apiFetch } from '../../../api/client';

/** How often the seats taken by others are read again while the picker is open. */
export const AVAILABILITY_REFRESH_MS = 10_000;

/** `GET /api/public/events/{id}/seating`: the plan and the ticket each category sells. */
export function seatingQuery(eventId: string) {
  return queryOptions({
    queryKey: ['public-events', eventId, 'seating'],
    queryFn: ({ signal }) =>
      apiFetch<PublicSeatingResponse>(`/public/events/${encodeURIComponent(eventId)}/seating`, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** `GET …/seating/availability?date_id=`: seats held, sold or blocked now; read every 10 s and on focus. */
export function availabilityQuery(eventId: string, dateId: number) {
  return queryOptions({
    queryKey: ['public-events', eventId, 'seating', 'availability', dateId],
    queryFn: ({ signal }) =>
      apiFetch<SeatAvailabilityResponse>(
        `/public/events/${encodeURIComponent(eventId)}/seating/availability`,
        {
          query: { date_id: String(dateId) },
          signal,
        },
      ),
    refetchInterval: AVAILABILITY_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}
