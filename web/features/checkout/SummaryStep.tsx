import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../components/OrderStatusBadge';
import { CalendarButtons, PdfButton } from '../order-pages/TicketDownloads';
import { useCheckout } from './context';

/** `…/summary`: the order as it stands, its tickets, and what to do next. */
export function SummaryStep() {
  const { t } = useLingui();
  const { order, eventId, shortId } = useCheckout();
  const itemOf = (ticketId: number, priceId: number | null) =>
    order.items.find((i) => i.ticket_id === ticketId && i.price_id === priceId);
  const showTickets = order.status === 'COMPLETED' || order.status === 'AWAITING_PAYMENT';

  return (
    <Stack gap="lg" data-testid="order-summary-page">
      <title>{`${t`Order summary`} · ${order.event.title}`}</title>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Title order={2} fz="h3">
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
              <Text span fw={700} ff="monospace" data-testid="order-reference">
                {order.reference}
              </Text>
            </Trans>
          </Text>
          {order.email ? (
            <Text size="sm" c="gray.7">
              <Trans>A confirmation was sent to {order.email}.</Trans>
            </Text>
          ) : null}
          {order.post_checkout_message ? (
            <Alert color="teal" variant="light" data-testid="post-checkout-message">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {order.post_checkout_message}
              </Text>
            </Alert>
          ) : null}
          {order.status === 'AWAITING_PAYMENT' ? (
            <Alert color="orange" variant="light" data-testid="payment-instructions">
              <Text fw={700} mb={4}>
                {t`How to pay`}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {order.payment_instructions ?? t`The organizer will tell you how to pay.`}
              </Text>
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button component={Link} to={`/order/${eventId}/${shortId}/print`} variant="light">
              <Trans>Print order</Trans>
            </Button>
            {order.status === 'COMPLETED' && order.attendees.length > 0 ? (
              <PdfButton
                href={`/api/public/events/${eventId}/orders/${encodeURIComponent(shortId)}/tickets.pdf`}
              >
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
      </Paper>
      {showTickets && order.attendees.length > 0 ? (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="tickets-heading"
        >
          <Stack gap="sm">
            <Title order={2} fz="h4" id="tickets-heading">
              <Trans>Tickets</Trans>
            </Title>
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {order.attendees.map((a) => {
                const item = itemOf(a.ticket_id, a.price_id);
                return (
                  <Group component="li" key={a.short_id} justify="space-between" data-testid="summary-ticket">
                    <Stack gap={0}>
                      <Text fw={600}>
                        {a.first_name} {a.last_name}
                      </Text>
                      <Text size="sm" c="gray.7">
                        {item ? `${item.title}${item.price_label ? ` – ${item.price_label}` : ''}` : null}
                      </Text>
                    </Stack>
                    <Anchor component={Link} to={`/ticket/${eventId}/${a.short_id}`}>
                      <Trans>View ticket</Trans>
                      <span
                        style={{
                          position: 'absolute',
                          width: 1,
                          height: 1,
                          overflow: 'hidden',
                          clip: 'rect(0 0 0 0)',
                        }}
                      >
                        {' '}
                        {a.first_name} {a.last_name}
                      </span>
                    </Anchor>
                  </Group>
                );
              })}
            </Stack>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
