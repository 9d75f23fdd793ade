import { queryOptions } from '@tanstack/react-query';
import type { SelfCancelResponse, SelfServiceResponse } from '../../../common/self-service';
import type { SelfEditAttendeeRequest, SelfEditBuyerRequest } from '../../../common/self-service-requests';
import { apiFetch } from '../../api/client';
import type { PublicOrder } from './api';

/** The buyer's own changes to their order (decision 057). */
const orderPath = (eventId: string, shortId: string) =>
  `/public/events/${encodeURIComponent(eventId)}/orders/${encodeURIComponent(shortId)}`;

export function selfServiceQuery(eventId: string, shortId: string) {
  return queryOptions({
    queryKey: ['checkout', 'self-service', eventId, shortId],
    queryFn: ({ signal }) =>
      apiFetch<SelfServiceResponse>(`${orderPath(eventId, shortId)}/self-service`, { signal }),
    staleTime: 0,
  });
}

export const editAttendee = (
  ref: { eventId: string; shortId: string; attendeeShortId: string },
  body: SelfEditAttendeeRequest,
) =>
  apiFetch<PublicOrder>(
    `${orderPath(ref.eventId, ref.shortId)}/attendees/${encodeURIComponent(ref.attendeeShortId)}`,
    { method: 'PUT', body },
  );

export const editBuyer = (ref: { eventId: string; shortId: string }, body: SelfEditBuyerRequest) =>
  apiFetch<PublicOrder>(`${orderPath(ref.eventId, ref.shortId)}/buyer`, { method: 'PUT', body });

export const cancelMyOrder = (ref: { eventId: string; shortId: string }) =>
  apiFetch<SelfCancelResponse>(`${orderPath(ref.eventId, ref.shortId)}/cancel`, { method: 'POST', body: {} });
