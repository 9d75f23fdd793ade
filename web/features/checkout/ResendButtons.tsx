import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ResendAccepted } from '../../../common/order-lookup';
import type { PublicOrderResponse } from '../../../common/orders';
import { apiFetch } from '../../api/client';
import { errorMessage } from '../../components/api-error';
import { notify } from '../../components/notify';
import { ANCHOR_CLASS, Button, Text, VisuallyHidden } from '../../ui';

// The buyer's resends from the order page, and the way to their other orders (decision 056).

const orderPath = (eventId: string | number, shortId: string) =>
  `/public/events/${encodeURIComponent(eventId)}/orders/${encodeURIComponent(shortId)}`;

type Attendee = PublicOrderResponse['attendees'][number];

/** "Resend confirmation": the confirmation mail again, to the order's own address. */
export function ResendConfirmationButton({
  order,
  eventId,
}: {
  order: PublicOrderResponse;
  eventId: string;
}) {
  const { t } = useLingui();
  const email = order.email ?? '';
  const resend = useMutation({
    mutationFn: () =>
      apiFetch<ResendAccepted>(`${orderPath(eventId, order.short_id)}/resend`, { method: 'POST' }),
    onSuccess: () => notify(t`The confirmation is on its way to ${email}.`),
    onError: (error) => notify(errorMessage(error), 'error'),
  });
  if (!email || !['COMPLETED', 'AWAITING_PAYMENT'].includes(order.status)) return null;
  return (
    <Button
      variant="default"
      loading={resend.isPending}
      onClick={() => resend.mutate()}
      data-testid="resend-confirmation"
    >
      <Trans>Resend confirmation</Trans>
    </Button>
  );
}

/** "Send to holder": one ticket's mail, to its holder's address. Only valid tickets of a confirmed order. */
export function SendTicketButton({
  order,
  eventId,
  attendee,
}: {
  order: PublicOrderResponse;
  eventId: string;
  attendee: Attendee;
}) {
  const { t } = useLingui();
  const to = attendee.email;
  const send = useMutation({
    mutationFn: () =>
      apiFetch<ResendAccepted>(
        `${orderPath(eventId, order.short_id)}/attendees/${encodeURIComponent(attendee.short_id)}/resend`,
        { method: 'POST' },
      ),
    onSuccess: () => notify(t`The ticket is on its way to ${to}.`),
    onError: (error) => notify(errorMessage(error), 'error'),
  });
  if (order.status !== 'COMPLETED' || attendee.status !== 'ACTIVE' || !to) return null;
  return (
    <Button
      variant="subtle"
      size="xs"
      loading={send.isPending}
      onClick={() => send.mutate()}
      data-testid="send-ticket"
    >
      <Trans>Send to holder</Trans>
      <VisuallyHidden>
        {' '}
        {attendee.first_name} {attendee.last_name} ({to})
      </VisuallyHidden>
    </Button>
  );
}

/** "Lost your tickets?": the event's "Find my tickets" page, for the buyer's other orders. */
export function FindTicketsLink({ eventId }: { eventId: string }) {
  return (
    <Text size="sm" tone="muted">
      <Trans>
        Looking for another order?{' '}
        <Link
          className={ANCHOR_CLASS}
          style={{ textDecoration: 'underline' }}
          to={`/find-tickets/${eventId}`}
          data-testid="find-tickets-link"
        >
          Find my tickets
        </Link>
      </Trans>
    </Text>
  );
}
