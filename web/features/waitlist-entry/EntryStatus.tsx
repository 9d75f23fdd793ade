import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CreateOrderRequest } from '../../../common/orders';
import type { PublicWaitlistEntry } from '../../../common/waitlist';
import { queryKeys } from '../../api/query-keys';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { newIdempotencyKey } from '../../lib/idempotency';
import { plainSpaces } from '../../lib/intl-text';
import {
  checkoutPath,
  createOrder,
  eventPagePath,
  type PublicEvent,
  type PublicTicket,
  publicTicketsQuery,
} from '../public-event/api';
import { leaveWaitlist, waitlistEntryKey } from './api';

interface Props {
  eventId: string;
  token: string;
  entry: PublicWaitlistEntry;
  event: PublicEvent | null;
}

/** What the person on the list can do now: wait (or leave), buy the held ticket, or go back. */
export function EntryStatus({ eventId, token, entry, event }: Props) {
  const eventPath = eventPagePath(event ?? { id: eventId });
  const position = entry.position;
  switch (entry.status) {
    case 'WAITING':
      return (
        <Stack gap="md" align="flex-start">
          <Text fz="lg" fw={600}>
            {position !== null ? (
              <Trans>You are number {position} in line.</Trans>
            ) : (
              <Trans>You are on the waiting list.</Trans>
            )}
          </Text>
          <Text c="gray.7">
            <Trans>We will e-mail you when a ticket frees up.</Trans>
          </Text>
          <LeaveButton eventId={eventId} token={token} />
        </Stack>
      );
    case 'OFFERED':
      return <Offer eventId={eventId} token={token} entry={entry} event={event} />;
    case 'PURCHASED':
      return (
        <Stack gap="md" align="flex-start">
          <Text fz="lg" fw={600}>
            <Trans>You bought your ticket with this offer.</Trans>
          </Text>
          {entry.order_short_id ? (
            <Button component={Link} to={`/checkout/${eventId}/${entry.order_short_id}/summary`}>
              <Trans>See your order</Trans>
            </Button>
          ) : null}
        </Stack>
      );
    default:
      return (
        <Stack gap="md" align="flex-start">
          <Text fz="lg" fw={600}>
            {entry.status === 'EXPIRED' ? (
              <Trans>The ticket held for you was not bought in time and went to the next person.</Trans>
            ) : (
              <Trans>You are no longer on the waiting list for this ticket.</Trans>
            )}
          </Text>
          <Button component={Link} to={eventPath} variant="light">
            <Trans>Back to the event page</Trans>
          </Button>
        </Stack>
      );
  }
}

/** One ticket of the offered kind: its first tier, a donation at its minimum. */
function offerLine(
  ticketId: number,
  ticket: PublicTicket | undefined,
): CreateOrderRequest['tickets'][number] {
  const price = ticket?.prices[0];
  return {
    ticket_id: ticketId,
    quantity: 1,
    ...(price && price.price_id !== null ? { price_id: price.price_id } : {}),
    ...(price && ticket?.type === 'DONATION' ? { price: price.price } : {}),
  };
}

function Offer({ eventId, token, entry, event }: Props) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const buy = useMutation({
    mutationFn: async () => {
      // The ticket's prices say which tier (or donation minimum) the one ticket is.
      const tickets = await queryClient.fetchQuery(publicTicketsQuery(eventId));
      const ticket = tickets.data.find((t) => t.id === entry.ticket_id);
      const request = { tickets: [offerLine(entry.ticket_id, ticket)], waitlist_offer: token };
      return createOrder(eventId, request, newIdempotencyKey());
    },
    // Exactly as the event page's "Get tickets": into the checkout with the new order.
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.checkout.order(eventId, order.short_id), order);
      void navigate(checkoutPath(eventId, order.short_id, 'details'));
    },
    // The offer may have lapsed meanwhile: show the entry as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: waitlistEntryKey(eventId, token) }),
  });
  const until = entry.offer_expires_at
    ? plainSpaces(
        new Intl.DateTimeFormat(i18n.locale, {
          timeZone: event?.timezone,
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          hour: 'numeric',
          minute: '2-digit',
          timeZoneName: 'short',
        }).format(new Date(entry.offer_expires_at)),
      )
    : null;
  return (
    <Stack gap="md" align="flex-start">
      <Text fz="lg" fw={600} data-testid="waitlist-offer">
        {until ? (
          <Trans>A ticket is held for you until {until}.</Trans>
        ) : (
          <Trans>A ticket is held for you.</Trans>
        )}
      </Text>
      <Text c="gray.7">
        <Trans>Buy it before then, or it goes to the next person on the list.</Trans>
      </Text>
      {buy.error ? (
        <Alert color="red" variant="light" role="alert" w="100%" data-testid="waitlist-buy-error">
          {errorMessage(buy.error)}
        </Alert>
      ) : null}
      <Group gap="sm">
        {entry.order_short_id ? (
          <Button component={Link} to={checkoutPath(eventId, entry.order_short_id, 'details')} size="md">
            <Trans>Continue to checkout</Trans>
          </Button>
        ) : (
          <Button size="md" onClick={() => buy.mutate()} loading={buy.isPending} data-prefetch="checkout">
            <Trans>Buy your ticket</Trans>
          </Button>
        )}
        <LeaveButton eventId={eventId} token={token} offered />
      </Group>
    </Stack>
  );
}

function LeaveButton({ eventId, token, offered }: { eventId: string; token: string; offered?: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const leave = useMutation({
    mutationFn: () => leaveWaitlist(eventId, token),
    onSuccess: (entry) => {
      queryClient.setQueryData(waitlistEntryKey(eventId, token), entry);
      setConfirming(false);
    },
  });
  return (
    <>
      <Button variant="default" size={offered ? 'md' : 'sm'} onClick={() => setConfirming(true)}>
        <Trans>Leave the waiting list</Trans>
      </Button>
      <ConfirmModal
        opened={confirming}
        title={t`Leave the waiting list?`}
        confirmLabel={t`Leave the list`}
        loading={leave.isPending}
        onConfirm={() => leave.mutate()}
        onClose={() => {
          setConfirming(false);
          leave.reset();
        }}
      >
        {offered
          ? t`The ticket held for you goes to the next person on the list. This cannot be undone.`
          : t`You lose your place in line. This cannot be undone.`}
        {leave.error ? ` ${errorMessage(leave.error)}` : ''}
      </ConfirmModal>
    </>
  );
}
