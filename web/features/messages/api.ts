import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderResponse } from '../../../common/admin-orders';
import type { AttendeeResponse } from '../../../common/attendees';
import type { PageMeta } from '../../../common/list-query';
import type {
  CreateMessageRequest,
  MessagePreviewRequest,
  MessagePreviewResponse,
  MessageRecipientResponse,
  MessageResponse,
  MessageStatus,
  MessageSummaryResponse,
} from '../../../common/messages';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn, whileLoggedInAnd } from '../../api/token';
import { type RecipientsParams, recipientsQuery as recipientsApiQuery } from './params';

interface Page<T> {
  data: T[];
  meta: PageMeta;
}

export const MESSAGES_PER_PAGE = 20;

/**
 * How often a message is asked for again while its counts may move: every 1.5 s while it is
 * being sent, every 15 s while it waits for its time (it turns QUEUED then SENDING on its own).
 */
export function pollInterval(status: MessageStatus | undefined): number | false {
  if (status === 'QUEUED' || status === 'SENDING') return 1500;
  if (status === 'SCHEDULED') return 15_000;
  return false;
}

/** One page of the event's messages, newest first; asked again while one of them is on its way. */
export const messagesQuery = (eventId: number, page: number) => {
  const query = { page, per_page: MESSAGES_PER_PAGE, sort_by: 'created_at', sort_direction: 'desc' };
  return queryOptions({
    queryKey: queryKeys.messages.list(eventId, query),
    queryFn: ({ signal }) =>
      apiFetch<Page<MessageSummaryResponse>>(`/events/${eventId}/messages`, { signal, query }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => {
      const statuses = current.state.data?.data.map((message) => message.status) ?? [];
      const intervals = statuses.map(pollInterval).filter((interval) => interval !== false);
      return intervals.length > 0 ? Math.max(3000, Math.min(...intervals)) : false;
    },
    ...whileLoggedIn,
  });
};

export const useMessages = (eventId: number, page: number) => useQuery(messagesQuery(eventId, page));

/** One message with its body; polled while it is scheduled, queued or sending. */
export const messageQuery = (eventId: number, messageId: number) =>
  queryOptions({
    queryKey: queryKeys.messages.detail(eventId, messageId),
    queryFn: ({ signal }) =>
      apiFetch<MessageResponse>(`/events/${eventId}/messages/${messageId}`, { signal }),
    refetchInterval: (current) => pollInterval(current.state.data?.status),
    ...whileLoggedIn,
  });

export const useMessage = (eventId: number, messageId: number) => useQuery(messageQuery(eventId, messageId));

/**
 * One page of a message's recipients. They change as the message's counts move, so the counts
 * are part of the key: each step of the (polled) message asks for the page again, once more
 * when it is done, and never while nothing moves.
 */
export function useRecipients(eventId: number, message: MessageResponse, params: RecipientsParams) {
  const query = recipientsApiQuery(params);
  const { total, sent, failed } = message.counts;
  const progress = `${message.status}:${total}:${sent}:${failed}`;
  return useQuery({
    queryKey: [...queryKeys.messages.recipients(eventId, message.id, query), progress],
    queryFn: ({ signal }) =>
      apiFetch<Page<MessageRecipientResponse>>(`/events/${eventId}/messages/${message.id}/recipients`, {
        signal,
        query,
      }),
    placeholderData: keepPreviousData,
    ...whileLoggedInAnd(message.status !== 'SCHEDULED'),
  });
}

/** Writes (or schedules, or test-sends) a message; the answer is the message as stored. */
export function useCreateMessage(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMessageRequest) =>
      apiFetch<MessageResponse>(`/events/${eventId}/messages`, { method: 'POST', body }),
    onSuccess: (message) => queryClient.setQueryData(queryKeys.messages.detail(eventId, message.id), message),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: [...queryKeys.messages.all(eventId), 'list'] }),
  });
}

/** How a message would read and how many it would reach now (nothing is sent). */
export function usePreviewMessage(eventId: number) {
  return useMutation({
    mutationFn: (body: MessagePreviewRequest) =>
      apiFetch<MessagePreviewResponse>(`/events/${eventId}/messages/preview`, { method: 'POST', body }),
  });
}

/** Deletes a message that has not started sending (409 MESSAGE_NOT_DELETABLE otherwise). */
export function useDeleteMessage(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) =>
      apiFetch<void>(`/events/${eventId}/messages/${messageId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages.all(eventId) }),
  });
}

const PICKER_SIZE = 20;

/** The attendees matching `search`, for choosing recipients one by one. */
export const useAttendeeSearch = (eventId: number, search: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.attendees.list(eventId, { picker: search }),
    queryFn: ({ signal }) =>
      apiFetch<Page<AttendeeResponse>>(`/events/${eventId}/attendees`, {
        signal,
        query: {
          query: search || undefined,
          per_page: PICKER_SIZE,
          sort_by: 'last_name',
          sort_direction: 'asc',
        },
      }),
    placeholderData: keepPreviousData,
    ...whileLoggedInAnd(enabled),
  });

/** The orders matching `search`, for writing to one order's buyer. */
export const useOrderSearch = (eventId: number, search: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.adminOrders.list(eventId, { picker: search }),
    queryFn: ({ signal }) =>
      apiFetch<Page<AdminOrderResponse>>(`/events/${eventId}/orders`, {
        signal,
        query: {
          query: search || undefined,
          per_page: PICKER_SIZE,
          sort_by: 'created_at',
          sort_direction: 'desc',
        },
      }),
    placeholderData: keepPreviousData,
    ...whileLoggedInAnd(enabled),
  });
