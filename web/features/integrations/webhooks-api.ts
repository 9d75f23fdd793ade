import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventResponse } from '../../../common/events';
import type { PageMeta } from '../../../common/list-query';
import type {
  CreatedWebhookResponse,
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookDeliveryResponse,
  WebhookResponse,
} from '../../../common/webhooks';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn, whileLoggedInAnd } from '../../api/token';

export const DELIVERIES_PER_PAGE = 20;
/** How often a log with deliveries still on their way asks again. */
const PENDING_REFRESH_MS = 2000;

/** The account's webhook endpoints, oldest first. */
export const webhooksQuery = queryOptions({
  queryKey: queryKeys.webhooks.list,
  queryFn: ({ signal }) =>
    apiFetch<{ data: WebhookResponse[] }>('/webhooks', { signal }).then((list) => list.data),
  ...whileLoggedIn,
});

export const useWebhooks = () => useQuery(webhooksQuery);

/** One endpoint; `webhookId` null (an address that names none) asks nothing. */
export const useWebhook = (webhookId: number | null) =>
  useQuery({
    queryKey: queryKeys.webhooks.detail(webhookId ?? 0),
    queryFn: ({ signal }) => apiFetch<WebhookResponse>(`/webhooks/${webhookId}`, { signal }),
    ...whileLoggedInAnd(webhookId !== null),
  });

/** One page of an endpoint's delivery log, newest first; asked again while a delivery is pending. */
export const useWebhookDeliveries = (webhookId: number, page: number) =>
  useQuery({
    queryKey: queryKeys.webhooks.deliveries(webhookId, page),
    queryFn: ({ signal }) =>
      apiFetch<{ data: WebhookDeliveryResponse[]; meta: PageMeta }>(`/webhooks/${webhookId}/deliveries`, {
        signal,
        query: { page, per_page: DELIVERIES_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => delivery.status === 'PENDING') ? PENDING_REFRESH_MS : false,
    ...whileLoggedIn,
  });

function useWebhookMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

/** Answers the endpoint with its signing secret: the only time it can be shown. */
export const useCreateWebhook = () =>
  useWebhookMutation((body: CreateWebhookRequest) =>
    apiFetch<CreatedWebhookResponse>('/webhooks', { method: 'POST', body }),
  );

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, body }: { id: number; body: UpdateWebhookRequest }) =>
    apiFetch<WebhookResponse>(`/webhooks/${id}`, { method: 'PUT', body }),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: number) => apiFetch<void>(`/webhooks/${id}`, { method: 'DELETE' }));

export const useSendTestWebhook = () =>
  useWebhookMutation((id: number) =>
    apiFetch<WebhookDeliveryResponse>(`/webhooks/${id}/test`, { method: 'POST' }),
  );

export const useResendWebhookDelivery = () =>
  useWebhookMutation(({ webhookId, deliveryId }: { webhookId: number; deliveryId: number }) =>
    apiFetch<WebhookDeliveryResponse>(`/webhooks/${webhookId}/deliveries/${deliveryId}/resend`, {
      method: 'POST',
    }),
  );

const EVENT_CHOICES = 20;

/** The account's events whose title matches `search`, latest first, for the event filter. */
export const useEventChoices = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.events.list({ webhookFilter: search }),
    queryFn: ({ signal }) =>
      apiFetch<{ data: EventResponse[]; meta: PageMeta }>('/events', {
        signal,
        query: {
          query: search || undefined,
          per_page: EVENT_CHOICES,
          sort_by: 'start_date',
          sort_direction: 'desc',
        },
      }),
    placeholderData: keepPreviousData,
    ...whileLoggedInAnd(enabled),
  });
