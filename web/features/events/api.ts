import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventListItemResponse } from '../../../common/event-list';
import type {
  CreateEventRequest,
  DuplicateEventRequest,
  EventResponse,
  EventStatsResponse,
  EventStatus,
  UpdateEventRequest,
} from '../../../common/events';
import type { ImageResponse, ImageType } from '../../../common/images';
import type { PageMeta } from '../../../common/list-query';
import { apiFetch } from '../../api/client';
import { postMultipart } from '../../api/multipart';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

export type EventsState = 'upcoming' | 'ended' | 'archived';
export type EventSort = 'start_date' | 'title' | 'created_at';

/** The events list as a page asks for it; turned into the API's list query (`common/list-query.ts`). */
export interface EventsParams {
  state: EventsState;
  page: number;
  query: string;
  sortBy: EventSort;
  sortDirection: 'asc' | 'desc';
  organizerId?: number | undefined;
}

export const EVENTS_PER_PAGE = 20;

export function eventsSearchParams(params: EventsParams): Record<string, string | number | undefined> {
  return {
    page: params.page,
    per_page: EVENTS_PER_PAGE,
    query: params.query.trim() || undefined,
    sort_by: params.sortBy,
    sort_direction: params.sortDirection,
    'filter_fields[state][eq]': params.state,
  };
}

export const eventsQuery = (params: EventsParams) => {
  const search = eventsSearchParams(params);
  const path = params.organizerId ? `/organizers/${params.organizerId}/events` : '/events';
  return queryOptions({
    queryKey: queryKeys.events.list({ ...search, organizer: params.organizerId }),
    queryFn: ({ signal }) => apiFetch<Page<EventListItemResponse>>(path, { signal, query: search }),
    placeholderData: keepPreviousData,
    ...whileLoggedIn,
  });
};

/** Whether the account has any event at all (the welcome page leads to the first one). */
export const anyEventQuery = queryOptions({
  queryKey: queryKeys.events.list({ any: true }),
  queryFn: ({ signal }) =>
    apiFetch<Page<EventListItemResponse>>('/events', { signal, query: { per_page: 1 } }),
  ...whileLoggedIn,
});

export const eventQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.events.detail(eventId),
    queryFn: ({ signal }) => apiFetch<EventResponse>(`/events/${eventId}`, { signal }),
    ...whileLoggedIn,
  });

export const useEvent = (eventId: number) => useQuery(eventQuery(eventId));

export const eventImagesQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.events.images(eventId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: ImageResponse[] }>(`/events/${eventId}/images`, { signal }).then((r) => r.data),
    ...whileLoggedIn,
  });

export const useEventImages = (eventId: number) => useQuery(eventImagesQuery(eventId));

export const eventStatsQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.events.stats(eventId),
    queryFn: ({ signal }) => apiFetch<EventStatsResponse>(`/events/${eventId}/stats`, { signal }),
    ...whileLoggedIn,
  });

/** Every change to an event: the detail takes the answer, the lists are out of date. */
function useEventMutation<V>(mutationFn: (variables: V) => Promise<EventResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (event) => queryClient.setQueryData(queryKeys.events.detail(event.id), event),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.lists }),
  });
}

export const useCreateEvent = () =>
  useEventMutation((body: CreateEventRequest) =>
    apiFetch<EventResponse>('/events', { method: 'POST', body }),
  );

export const useUpdateEvent = (eventId: number) =>
  useEventMutation((body: UpdateEventRequest) =>
    apiFetch<EventResponse>(`/events/${eventId}`, { method: 'PUT', body }),
  );

export const useUpdateEventStatus = () =>
  useEventMutation(({ eventId, status }: { eventId: number; status: EventStatus }) =>
    apiFetch<EventResponse>(`/events/${eventId}/status`, { method: 'PUT', body: { status } }),
  );

export const useDuplicateEvent = () =>
  useEventMutation(({ eventId, ...body }: DuplicateEventRequest & { eventId: number }) =>
    apiFetch<EventResponse>(`/events/${eventId}/duplicate`, { method: 'POST', body }),
  );

/** `POST /events/{id}/images` is multipart: sent with fetch directly, errors read as the API's. */
interface ImageUpload {
  file: File;
  type: ImageType;
  /** A product's picture names the product. */
  ticketId?: number | undefined;
}

async function uploadImage(eventId: number, { file, type, ticketId }: ImageUpload): Promise<ImageResponse> {
  const form = new FormData();
  form.append('type', type);
  if (ticketId !== undefined) form.append('ticket_id', String(ticketId));
  form.append('image', file);
  return postMultipart<ImageResponse>(`/events/${eventId}/images`, form);
}

export function useUploadImage(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: ImageUpload) => uploadImage(eventId, upload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.images(eventId) }),
  });
}

export function useDeleteImage(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: number) =>
      apiFetch<void>(`/events/${eventId}/images/${imageId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.images(eventId) }),
  });
}
