import { queryOptions } from '@tanstack/react-query';
import type { AnswerInput } from '../../../common/answers';
import type { OrderDetailsRequest } from '../../../common/order-details';
import type { CreateOrderRequest, PublicOrderResponse } from '../../../common/orders';
import type { StripePaymentIntentResponse } from '../../../common/payments';
import type { PublicQuestion } from '../../../common/questions';
import { type ApiRequest, apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { withAffiliateCode } from '../affiliates/remember';
import { observeServerClock } from './clock';

export type PublicOrder = PublicOrderResponse;
export type Answer = (typeof AnswerInput)['_zod']['input'];

const base = (eventId: string | number) => `/public/events/${encodeURIComponent(String(eventId))}`;
const orderPath = (eventId: string | number, shortId: string) =>
  `${base(eventId)}/orders/${encodeURIComponent(shortId)}`;

/** Every checkout call also tells the reservation bar what time the server has. */
const call = <T>(path: string, request: ApiRequest = {}) =>
  apiFetch<T>(path, { ...request, onResponse: observeServerClock });

/**
 * `POST …/orders`: reserve what the buyer picked; the key makes a retried click the same order.
 * The affiliate link the buyer followed to this event, if any, goes with it (decision 021).
 */
export const createOrder = (eventId: string, body: CreateOrderRequest, idempotencyKey: string) =>
  call<PublicOrder>(`${base(eventId)}/orders`, {
    method: 'POST',
    body: withAffiliateCode(eventId, body),
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function orderQuery(eventId: string, shortId: string) {
  return queryOptions({
    queryKey: queryKeys.checkout.order(eventId, shortId),
    queryFn: ({ signal }) => call<PublicOrder>(orderPath(eventId, shortId), { signal }),
    // The order changes under the buyer (payment, expiry): never trust an old copy for long.
    staleTime: 0,
    retry: (count, error) =>
      count < 2 &&
      !(error instanceof Error && 'status' in error && (error as { status: number }).status >= 400),
  });
}

export function questionsQuery(eventId: string) {
  return queryOptions({
    queryKey: queryKeys.checkout.questions(eventId),
    queryFn: ({ signal }) => call<{ data: PublicQuestion[] }>(`${base(eventId)}/questions`, { signal }),
  });
}

export const saveDetails = (eventId: string, shortId: string, body: OrderDetailsRequest) =>
  call<PublicOrder>(orderPath(eventId, shortId), { method: 'PUT', body });

export const completeOrder = (eventId: string, shortId: string, provider?: 'OFFLINE') =>
  call<PublicOrder>(`${orderPath(eventId, shortId)}/complete`, {
    method: 'POST',
    body: provider ? { payment_provider: provider } : {},
  });

export const abandonOrder = (eventId: string, shortId: string) =>
  call<PublicOrder>(`${orderPath(eventId, shortId)}/abandon`, { method: 'POST', body: {} });

export const extendOrder = (eventId: string, shortId: string) =>
  call<PublicOrder>(`${orderPath(eventId, shortId)}/extend`, { method: 'POST', body: {} });

export const createPaymentIntent = (eventId: string, shortId: string) =>
  call<StripePaymentIntentResponse>(`${orderPath(eventId, shortId)}/stripe/payment-intent`, {
    method: 'POST',
    body: {},
  });

export const refreshPayment = (eventId: string, shortId: string) =>
  call<void>(`${orderPath(eventId, shortId)}/stripe/refresh`, { method: 'POST', body: {} });

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
