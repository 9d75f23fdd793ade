import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Box, Divider, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { OrderEventSummary } from '../../../common/orders';
import { whereOf } from '../../../common/where';
import { AlertIcon } from '../../components/icons';
import { formatEventRange } from '../events/datetime';
import { EventLogo } from '../public-event/EventLogo';
import type { TicketState } from './ticket-state';

export interface TicketCardData {
  event: OrderEventSummary;
  attendeeName: string;
  ticketTitle: string;
  priceLabel: string | null;
  /** A seated ticket's seat, as it reads (issue 42). */
  seat?: string | null;
  /** What else the ticket comes with (its add-ons, decision 052), one label each. */
  addons?: string[];
  orderReference: string;
  qrCodeUrl: string;
  state: TicketState;
}

/**
 * A ticket as it is shown and printed: the event, who holds it, and its QR code — only while
 * it is valid; a cancelled or unpaid ticket says so instead of looking like one that works.
 */
export function TicketCard({
  ticket,
  titleOrder = 2,
}: {
  ticket: TicketCardData;
  /** The event's title is the page's heading on a ticket's own pages, a section's on the order's. */
  titleOrder?: 1 | 2;
}) {
  const { t, i18n } = useLingui();
  const { event } = ticket;
  const where = whereOf(event);
  const when = formatEventRange(event, i18n.locale);
  const name = ticket.attendeeName;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      className="order-page-ticket"
      data-testid="ticket-card"
    >
      <Group align="flex-start" justify="space-between" gap="xl" wrap="wrap">
        <Stack gap="sm" style={{ flex: '1 1 280px' }}>
          {event.logo ? (
            <EventLogo logo={event.logo} title={event.title} box={{ width: 200, height: 64 }} />
          ) : null}
          <Text size="sm" c="gray.7" fw={600}>
            {event.organizer_name}
          </Text>
          <Title order={titleOrder} fz="h2">
            {event.title}
          </Title>
          <Text fw={600}>{event.date.label ? `${when} · ${event.date.label}` : when}</Text>
          <Text size="sm" c="gray.7">
            {t`Times in ${event.timezone}`}
          </Text>
          {where ? (
            <Box>
              {where.online ? (
                <Text size="sm">
                  <Trans>Online event</Trans>
                </Text>
              ) : null}
              {where.lines.map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
              {where.map ? (
                <Anchor
                  href={where.map}
                  target="_blank"
                  rel="noreferrer"
                  size="sm"
                  className="order-page-no-print"
                >
                  <Trans>Open the map</Trans>
                </Anchor>
              ) : null}
            </Box>
          ) : null}
          <Divider />
          <Stack gap={2}>
            <Text size="xs" tt="uppercase" fw={700} c="gray.7">
              <Trans>Attendee</Trans>
            </Text>
            <Text fw={700} fz="lg">
              {name}
            </Text>
          </Stack>
          <Group gap="xl">
            <Stack gap={2}>
              <Text size="xs" tt="uppercase" fw={700} c="gray.7">
                <Trans>Ticket</Trans>
              </Text>
              <Text fw={600}>
                {ticket.priceLabel ? `${ticket.ticketTitle} · ${ticket.priceLabel}` : ticket.ticketTitle}
              </Text>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" tt="uppercase" fw={700} c="gray.7">
                <Trans>Order</Trans>
              </Text>
              <Text fw={600} ff="monospace">
                {ticket.orderReference}
              </Text>
            </Stack>
          </Group>
          {ticket.seat ? (
            <Stack gap={2} data-testid="ticket-seat">
              <Text size="xs" tt="uppercase" fw={700} c="gray.7">
                <Trans>Seat</Trans>
              </Text>
              <Text fw={700} fz="lg">
                {ticket.seat}
              </Text>
            </Stack>
          ) : null}
          {ticket.addons?.length ? (
            <Stack gap={2} data-testid="ticket-addons">
              <Text size="xs" tt="uppercase" fw={700} c="gray.7">
                <Trans>Add-ons</Trans>
              </Text>
              <Text fw={600}>{ticket.addons.join(', ')}</Text>
            </Stack>
          ) : null}
        </Stack>
        <Box style={{ flex: '0 0 auto' }}>
          {ticket.state === 'VALID' ? (
            <Image
              src={ticket.qrCodeUrl}
              alt={t`QR code of the ticket of ${name}`}
              className="order-page-qr"
            />
          ) : (
            <Alert
              color={ticket.state === 'CANCELLED' ? 'red' : 'orange'}
              icon={<AlertIcon />}
              title={ticket.state === 'CANCELLED' ? t`Cancelled ticket` : t`Not valid yet`}
              // The light orange and red titles are below 4.5:1 on their background.
              styles={{ title: { color: 'var(--mantine-color-text)' } }}
              maw={280}
            >
              {ticket.state === 'CANCELLED' ? (
                <Trans>This ticket was cancelled and will not let anyone in.</Trans>
              ) : (
                <Trans>This ticket becomes valid once the order is paid. Its code appears here then.</Trans>
              )}
            </Alert>
          )}
        </Box>
      </Group>
    </Paper>
  );
}
