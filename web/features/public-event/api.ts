import { queryOptions } from '@tanstack/react-query';
import type { PublicEventDatesResponse } from '../../../common/event-dates';
import type { PublicEventResponse } from '../../../common/events';
import { FIRST_DATES } from '../../../common/limits';
import type { CreateOrderRequest, PublicOrderResponse } from '../../../common/orders';
import type { PublicTicketsResponse } from '../../../common/public-tickets';
import type { JoinWaitlistRequest, PublicWaitlistEntry } from '../../../common/waitlist';
import { apiFetch, isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { observeServerClock } from '../../api/server-clock';
import { withAffiliateCode } from './affiliate-link';

/** `GET /api/public/events/{id}`: a LIVE event as anyone may see it. */
export type PublicEvent = PublicEventResponse;

/** Accepts the event either bare or wrapped as `{ data: event }`. */
function readPublicEvent(body: unknown): PublicEvent {
  const event = typeof body === 'object' && body !== null && 'data' in body ? body.data : body;
  if (typeof event === 'object' && event !== null && 'title' in event && typeof event.title === 'string') {
    return event as PublicEvent;
  }
  throw new TypeError('Unexpected answer from GET /api/public/events/{id}');
}

/**
 * The public event, or `null` when there is no such public event (a 404 yields an
 * empty event). Other errors are raised for the page to show.
 */
export function publicEventQuery(eventId: string, promoCode?: string) {
  return queryOptions({
    queryKey: queryKeys.publicEvents.detail(eventId, promoCode),
    queryFn: async ({ signal }): Promise<PublicEvent | null> => {
      try {
        const body = await apiFetch<unknown>(`/public/events/${encodeURIComponent(eventId)}`, {
          query: { promo_code: promoCode },
          signal,
        });
        return readPublicEvent(body);
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** `GET /api/public/events/{id}/tickets`: the tickets a buyer may see, priced for one unit. */
export type PublicTickets = PublicTicketsResponse;
export type PublicTicket = PublicTickets['data'][number];
export type PublicTicketPrice = PublicTicket['prices'][number];

/**
 * The visible tickets of a live event on one date (`dateId` as the address writes it; none: the
 * next date on sale), with the promo code's unlocks and discounts applied.
 */
export function publicTicketsQuery(eventId: string, promoCode?: string, dateId?: string) {
  return queryOptions({
    queryKey: queryKeys.publicEvents.tickets(eventId, promoCode, dateId),
    queryFn: ({ signal }) =>
      apiFetch<PublicTickets>(`/public/events/${encodeURIComponent(eventId)}/tickets`, {
        query: { promo_code: promoCode, date_id: dateId },
        signal,
      }),
  });
}

/** `GET /api/public/events/{id}/dates`: the upcoming dates a buyer may choose from (issue 36). */
export type PublicDates = PublicEventDatesResponse;
export type PublicDate = PublicDates['data'][number];

/** Which window of dates to read: the first (neither), from an instant, or from a date. */
export interface DatesWindow {
  from?: string;
  dateId?: number;
}

/**
 * One window of the dates of a live event (`FIRST_DATES` of them, the page's own size), with
 * what is left on each; a 404 (no such live event) is an empty list.
 */
export function publicDatesQuery(eventId: string, window: DatesWindow = {}) {
  return queryOptions({
    queryKey: queryKeys.publicEvents.dates(eventId, window),
    queryFn: async ({ signal }): Promise<PublicDates> => {
      try {
        return await apiFetch<PublicDates>(`/public/events/${encodeURIComponent(eventId)}/dates`, {
          query: { limit: FIRST_DATES, from: window.from, date_id: window.dateId },
          signal,
        });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return { data: [], next_from: null };
        throw error;
      }
    },
  });
}

/** `GET /api/public/events/{id}/promo-codes/{code}`: whether a code can be used now. */
export async function checkPromoCode(eventId: string, code: string): Promise<boolean> {
  const body = await apiFetch<{ valid: boolean }>(
    `/public/events/${encodeURIComponent(eventId)}/promo-codes/${encodeURIComponent(code)}`,
  );
  return body.valid === true;
}

/**
 * `POST …/orders`: reserve what the buyer picked, the first call of a checkout (the event page
 * makes it, and the waiting-list page for an offered seat); the key makes a retried click the
 * same order. The affiliate link the buyer followed to this event, if any, goes with it
 * (decision 021), and the answer tells the reservation bar what time the server has.
 */
export const createOrder = (eventId: string, body: CreateOrderRequest, idempotencyKey: string) =>
  apiFetch<PublicOrderResponse>(`/public/events/${encodeURIComponent(eventId)}/orders`, {
    method: 'POST',
    body: withAffiliateCode(eventId, body),
    headers: { 'Idempotency-Key': idempotencyKey },
    onResponse: observeServerClock,
  });

/**
 * Inside the embeddable widget (`/widget/{eventId}/…`, decision 022) checkout keeps to the
 * widget's own addresses: they are the only pages other sites may frame.
 */
const inWidget = () => typeof window !== 'undefined' && window.location.pathname.startsWith('/widget/');

/** Where each checkout page of an order lives. */
export const checkoutPath = (eventId: string | number, shortId: string, stage: string) =>
  inWidget() ? `/widget/${eventId}/checkout/${shortId}/${stage}` : `/checkout/${eventId}/${shortId}/${stage}`;

/** The public event page, where a new order starts (in the widget: its ticket list). */
export const eventPagePath = (event: { id: number | string; slug?: string }) =>
  inWidget() ? `/widget/${event.id}` : `/e/${event.id}${event.slug ? `/${event.slug}` : ''}`;

/** `POST …/waitlist`: join the waiting list of a sold-out ticket (decision 030). */
export const joinWaitlist = (eventId: string, body: JoinWaitlistRequest) =>
  apiFetch<PublicWaitlistEntry>(`/public/events/${encodeURIComponent(eventId)}/waitlist`, {
    method: 'POST',
    body,
  });

/**
 * The organizer's preview of the same list (`GET /api/events/{id}/public-tickets`): any status,
 * so the homepage designer shows a draft's tickets as buyers will see them.
 */
export function previewTicketsQuery(eventId: string) {
  return queryOptions({
    queryKey: [...queryKeys.events.detail(Number(eventId)), 'public-tickets-preview'],
    queryFn: ({ signal }) =>
      apiFetch<PublicTickets>(`/events/${encodeURIComponent(eventId)}/public-tickets`, { signal }),
  });
}

/** What a preview shows in another price display mode than the stored one (the designer's unsaved choice). */
export function inDisplayMode(
  tickets: PublicTickets,
  mode: PublicTickets['price_display_mode'],
): PublicTickets {
  if (tickets.price_display_mode === mode) return tickets;
  return {
    ...tickets,
    price_display_mode: mode,
    data: tickets.data.map((ticket) => ({
      ...ticket,
      prices: ticket.prices.map((p) => {
        const display = mode === 'EXCLUSIVE' ? p.discounted_price : p.discounted_price + p.fees + p.taxes;
        return {
          ...p,
          display_price: display,
          original_display_price: display + (p.price - p.discounted_price),
        };
      }),
    })),
  };
}
