import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttendeeDetailResponse,
  AttendeeResponse,
  CreateAttendeeRequest,
  UpdateAttendeeRequest,
} from '../../../common/attendees';
import type { PageMeta } from '../../../common/list-query';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn, whileLoggedInAnd } from '../../api/token';
import { type AttendeesParams, listQuery } from './params';

export interface AttendeesPage {
  data: AttendeeResponse[];
  meta: PageMeta;
}

/** One page of the event's attendees; the previous page stays up while the next one loads. */
export const attendeesQuery = (eventId: number, params: AttendeesParams) => {
  const query = listQuery(params);
  return queryOptions({
    queryKey: queryKeys.attendees.list(eventId, query),
    queryFn: ({ signal }) => apiFetch<AttendeesPage>(`/events/${eventId}/attendees`, { signal, query }),
    placeholderData: keepPreviousData,
    ...whileLoggedIn,
  });
};

export const useAttendees = (eventId: number, params: AttendeesParams) =>
  useQuery(attendeesQuery(eventId, params));

export const useAttendee = (eventId: number, attendeeId: number | null) =>
  useQuery({
    queryKey: queryKeys.attendees.detail(eventId, attendeeId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<AttendeeDetailResponse>(`/events/${eventId}/attendees/${attendeeId}`, { signal }),
    ...whileLoggedInAnd(attendeeId !== null),
  });

/**
 * A change to an attendee: the answer is the attendee as they are now, so their detail is
 * replaced; lists, and the tickets' sold counts, are out of date.
 */
function useAttendeeMutation<V>(
  eventId: number,
  mutationFn: (variables: V) => Promise<AttendeeDetailResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (attendee) =>
      queryClient.setQueryData(queryKeys.attendees.detail(eventId, attendee.id), attendee),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...queryKeys.attendees.all(eventId), 'list'] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tickets.list(eventId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.events.stats(eventId) }),
      ]),
  });
}

export const useCreateAttendee = (eventId: number) =>
  useAttendeeMutation(eventId, (body: CreateAttendeeRequest) =>
    apiFetch<AttendeeDetailResponse>(`/events/${eventId}/attendees`, { method: 'POST', body }),
  );

export const useUpdateAttendee = (eventId: number, attendeeId: number) =>
  useAttendeeMutation(eventId, (body: UpdateAttendeeRequest) =>
    apiFetch<AttendeeDetailResponse>(`/events/${eventId}/attendees/${attendeeId}`, { method: 'PUT', body }),
  );

/** Cancelling with its refund given: the refund offered, and the note of one given back by hand. */
export interface CancelWithRefund {
  refund: NonNullable<AttendeeDetailResponse['refund']>;
  orderId: number;
  note: string;
}

/** The ticket was cancelled but its refund was not made: the organizer refunds from the order. */
export class RefundAfterCancelFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('refund after cancel failed');
  }
}

/**
 * Cancels the ticket and, when asked, gives its price back: by card through Stripe, or written
 * down as given back by hand (decision 053: the credit note follows the refund).
 */
export const useCancelAttendee = (eventId: number, attendeeId: number) => {
  const queryClient = useQueryClient();
  return useAttendeeMutation(eventId, async (withRefund: CancelWithRefund | null) => {
    const cancelled = await apiFetch<AttendeeDetailResponse>(
      `/events/${eventId}/attendees/${attendeeId}/cancel`,
      { method: 'POST' },
    );
    if (!withRefund) return cancelled;
    const { refund, orderId, note } = withRefund;
    const order = `/events/${eventId}/orders/${orderId}`;
    try {
      if (refund.method === 'CARD')
        await apiFetch(`${order}/refund`, {
          method: 'POST',
          body: { amount: refund.amount, notify_buyer: true, cancel_order: false },
        });
      else
        await apiFetch(`${order}/offline-refunds`, {
          method: 'POST',
          body: { amount: refund.amount, note, notify_buyer: true },
        });
    } catch (error) {
      // The ticket is cancelled all the same: show it so.
      await queryClient.invalidateQueries({ queryKey: queryKeys.attendees.detail(eventId, attendeeId) });
      throw new RefundAfterCancelFailed(error);
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders.all(eventId) });
    }
    return apiFetch<AttendeeDetailResponse>(`/events/${eventId}/attendees/${attendeeId}`);
  });
};

export const useReactivateAttendee = (eventId: number, attendeeId: number) =>
  useAttendeeMutation(eventId, () =>
    apiFetch<AttendeeDetailResponse>(`/events/${eventId}/attendees/${attendeeId}/reactivate`, {
      method: 'POST',
    }),
  );

export const useResendTicket = (eventId: number, attendeeId: number) =>
  useMutation({
    mutationFn: () => apiFetch<null>(`/events/${eventId}/attendees/${attendeeId}/resend`, { method: 'POST' }),
  });
