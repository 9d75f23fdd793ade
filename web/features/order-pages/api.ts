import { queryOptions } from '@tanstack/react-query';
import type { PublicOrderResponse } from '../../../common/orders';
import type { PublicTicketHolderResponse } from '../../../common/public-attendees';
import { apiFetch, isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** A 404 becomes `null` (the page says the order or ticket no longer exists); other errors throw. */
async function orNull<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** `GET /api/public/events/{id}/orders/{shortId}`: the order, for whoever holds its link. */
export const publicOrderQuery = (eventId: string, shortId: string) =>
  queryOptions({
    queryKey: queryKeys.orderPages.order(eventId, shortId),
    queryFn: ({ signal }) =>
      orNull(
        apiFetch<PublicOrderResponse>(
          `/public/events/${encodeURIComponent(eventId)}/orders/${encodeURIComponent(shortId)}`,
          { signal },
        ),
      ),
  });

/** `GET /api/public/events/{id}/attendees/{shortId}`: one ticket, for whoever holds its link. */
export const ticketHolderQuery = (eventId: string, attendeeShortId: string) =>
  queryOptions({
    queryKey: queryKeys.orderPages.ticket(eventId, attendeeShortId),
    queryFn: ({ signal }) =>
      orNull(
        apiFetch<PublicTicketHolderResponse>(
          `/public/events/${encodeURIComponent(eventId)}/attendees/${encodeURIComponent(attendeeShortId)}`,
          { signal },
        ),
      ),
  });

/** The address of an attendee's QR code image (served as SVG). */
export const qrCodeUrl = (eventId: number | string, attendeeShortId: string) =>
  `/api/public/events/${eventId}/attendees/${attendeeShortId}/qr.svg`;
