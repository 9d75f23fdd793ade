import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../components/OrderStatusBadge';
import { seatPlaceText } from '../../components/seat-place';
import { Alert, ANCHOR_CLASS, buttonLook, Card, Group, Stack, Text, Title, VisuallyHidden } from '../../ui';
import { CalendarButtons, PdfButton } from '../order-pages/TicketDownloads';
import { useCheckout } from './context';
import { DataRequestButton } from './DataRequestButton';
import { InvoiceLinks } from './InvoiceLinks';
import { FindTicketsLink, ResendConfirmationButton, SendTicketButton } from './ResendButtons';
import { SelfServicePanel } from './SelfServicePanel';

/** `…/summary`: the order as it stands, its tickets, and what to do next. */
export function SummaryStep() {
  const { t, i18n } = useLingui();
  const { order, eventId, shortId } = useCheckout();
  const itemOf = (ticketId: number, priceId: number | null) =>
    order.items.find((i) => i.ticket_id === ticketId && i.price_id === priceId);
  const showTickets = order.status === 'COMPLETED' || order.status === 'AWAITING_PAYMENT';
  const api = `/api/public/events/${eventId}/orders/${encodeURIComponent(shortId)}`;

  return (
    <Stack gap="lg" data-testid="order-summary-page">
      <title>{`${t`Order summary`} · ${order.event.title}`}</title>
      <Card>
        <Stack gap="sm">
          <Group justify="between" align="start">
            <Title order={2} size="h3">
              {order.status === 'AWAITING_PAYMENT' ? (
                <Trans>Your order is placed</Trans>
              ) : order.status === 'COMPLETED' ? (
                <Trans>Thank you! Your order is confirmed</Trans>
              ) : (
                <Trans>Your order</Trans>
              )}
            </Title>
            <span data-testid="order-status">
              <OrderStatusBadge status={order.status} size="lg" />
            </span>
          </Group>
          <Text>
            <Trans>
              Order reference:{' '}
              <strong className="order-reference" data-testid="order-reference">
                {order.reference}
              </strong>
            </Trans>
          </Text>
          {order.email ? (
            <Text size="sm" tone="muted">
              <Trans>A confirmation was sent to {order.email}.</Trans>
            </Text>
          ) : null}
          {order.post_checkout_message ? (
            <Alert tone="success" data-testid="post-checkout-message">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {order.post_checkout_message}
              </Text>
            </Alert>
          ) : null}
          {order.status === 'AWAITING_PAYMENT' ? (
            <Alert tone="warning" title={t`How to pay`} data-testid="payment-instructions">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {order.payment_instructions ?? t`The organizer will tell you how to pay.`}
              </Text>
            </Alert>
          ) : null}
          <Group gap="sm">
            <Link {...buttonLook({ variant: 'light' })} to={`/order/${eventId}/${shortId}/print`}>
              <Trans>Print order</Trans>
            </Link>
            <ResendConfirmationButton order={order} eventId={eventId} />
            {order.status === 'COMPLETED' && order.attendees.length > 0 ? (
              <PdfButton href={`${api}/tickets.pdf`}>
                <Trans>Download tickets (PDF)</Trans>
              </PdfButton>
            ) : null}
          </Group>
          {order.status === 'COMPLETED' ? (
            <Group gap="sm" data-testid="calendar-buttons">
              <CalendarButtons event={order.event} pageUrl={window.location.href} />
            </Group>
          ) : null}
        </Stack>
      </Card>
      {showTickets && order.attendees.length > 0 ? (
        <Card as="section" aria-labelledby="tickets-heading">
          <Stack gap="sm">
            <Title order={2} size="h4" id="tickets-heading">
              <Trans>Tickets</Trans>
            </Title>
            <Stack as="ul" gap="xs" className="ui-bare-list">
              {order.attendees.map((a) => {
                const item = itemOf(a.ticket_id, a.price_id);
                return (
                  <Group as="li" key={a.short_id} justify="between" data-testid="summary-ticket">
                    <Stack gap="0">
                      <Text weight={600}>
                        {a.first_name} {a.last_name}
                      </Text>
                      <Text size="sm" tone="muted">
                        {item ? `${item.title}${item.price_label ? ` – ${item.price_label}` : ''}` : null}
                      </Text>
                      {a.seat ? (
                        <Text size="sm" data-testid="summary-seat">
                          {seatPlaceText(i18n, a.seat)}
                        </Text>
                      ) : null}
                    </Stack>
                    <Group gap="sm">
                      <Link className={ANCHOR_CLASS} to={`/ticket/${eventId}/${a.short_id}`}>
                        <Trans>View ticket</Trans>
                        <VisuallyHidden>
                          {' '}
                          {a.first_name} {a.last_name}
                        </VisuallyHidden>
                      </Link>
                      <SendTicketButton order={order} eventId={eventId} attendee={a} />
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          </Stack>
        </Card>
      ) : null}
      <InvoiceLinks invoices={order.invoices} currency={order.currency} base={api} />
      {showTickets ? <SelfServicePanel /> : null}
      <FindTicketsLink eventId={eventId} />
      <DataRequestButton order={order} eventId={eventId} />
    </Stack>
  );
}
