import { queryOptions } from '@tanstack/react-query';
import type { AnswerInput } from '../../../common/answers';
import type { OrderDetailsRequest } from '../../../common/order-details';
import type { PublicOrderResponse } from '../../../common/orders';
import type { StripePaymentIntentResponse } from '../../../common/payments';
import type { PublicQuestion } from '../../../common/questions';
import { type ApiRequest, apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { observeServerClock } from '../../api/server-clock';

export type PublicOrder = PublicOrderResponse;
export type Answer = (typeof AnswerInput)['_zod']['input'];

const base = (eventId: string | number) => `/public/events/${encodeURIComponent(String(eventId))}`;
const orderPath = (eventId: string | number, shortId: string) =>
  `${base(eventId)}/orders/${encodeURIComponent(shortId)}`;

/** Every checkout call also tells the reservation bar what time the server has. */
const call = <T>(path: string, request: ApiRequest = {}) =>
  apiFetch<T>(path, { ...request, onResponse: observeServerClock });

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

/** The addresses of the checkout's pages and of the event page (the event page reserves). */
export { checkoutPath, eventPagePath } from '../public-event/api';
