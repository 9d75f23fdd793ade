import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { type PublicOrderResponse, UNFINISHED_CHECKOUT_STATUSES } from '../../../common/orders';
import { PrinterIcon } from '../../components/icons';
import { OrderStatusBadge } from '../../components/OrderStatusBadge';
import { PriceBreakdown } from '../../components/PriceBreakdown';
import { seatPlaceText } from '../../components/seat-place';
import { EventLogo } from '../public-event/EventLogo';
import { addonsOfAttendee } from './addons';
import { publicOrderQuery, qrCodeUrl } from './api';
import { GoneState, LoadErrorState, PublicShell } from './PublicShell';
import { TicketCard } from './TicketCard';
import { ticketState } from './ticket-state';

/**
 * `/order/{eventId}/{orderShortId}/print`: the order and all its tickets, one per page. An order
 * whose checkout was never finished is not shown as an order: its link leads nowhere.
 */
export function OrderPrintPage() {
  const { t } = useLingui();
  const { eventId = '', orderShortId = '' } = useParams();
  const order = useQuery(publicOrderQuery(eventId, orderShortId));
  const shown = order.data && !UNFINISHED_CHECKOUT_STATUSES.includes(order.data.status) ? order.data : null;
  return (
    <PublicShell title={`${t`Order`} · ${order.data?.event.title ?? ''}`}>
      {order.isPending ? (
        <Skeleton h={400} radius="lg" role="status" aria-label={t`Loading the order`} />
      ) : order.isError ? (
        <LoadErrorState onRetry={() => void order.refetch()} retrying={order.isFetching} />
      ) : shown === null ? (
        <GoneState what="order" />
      ) : (
        <OrderSheet order={shown} />
      )}
    </PublicShell>
  );
}

function OrderSheet({ order }: { order: PublicOrderResponse }) {
  const { t, i18n } = useLingui();
  const titles = new Map(order.items.map((item) => [item.ticket_id, item.title]));
  const labels = new Map(order.items.map((item) => [item.price_id, item.price_label]));
  const buyer = [order.first_name, order.last_name].filter(Boolean).join(' ');
  const reference = order.reference;
  return (
    <Stack gap="lg">
      <Group justify="flex-end" className="order-page-no-print">
        <Button leftSection={<PrinterIcon size={16} />} onClick={() => window.print()}>
          <Trans>Print</Trans>
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              {order.event.logo ? (
                <EventLogo
                  logo={order.event.logo}
                  title={order.event.title}
                  box={{ width: 200, height: 64 }}
                />
              ) : null}
              <Title order={1} fz="h2">
                {t`Order ${reference}`}
              </Title>
              <Text c="gray.7">{order.event.title}</Text>
            </Stack>
            <OrderStatusBadge status={order.status} size="lg" />
          </Group>
          {buyer || order.email ? (
            <Text>
              {buyer}
              {order.email ? ` · ${order.email}` : ''}
            </Text>
          ) : null}
          <PriceBreakdown order={order} />
          {order.payment_instructions ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {order.payment_instructions}
            </Text>
          ) : null}
        </Stack>
      </Paper>
      {order.attendees.map((attendee, index) => (
        <TicketCard
          key={attendee.short_id}
          ticket={{
            event: order.event,
            attendeeName: `${attendee.first_name} ${attendee.last_name}`.trim(),
            ticketTitle: titles.get(attendee.ticket_id) ?? '',
            priceLabel: labels.get(attendee.price_id) ?? null,
            seat: attendee.seat ? seatPlaceText(i18n, attendee.seat) : null,
            addons: addonsOfAttendee(order, index),
            orderReference: order.reference,
            qrCodeUrl: qrCodeUrl(order.event_id, attendee.short_id),
            state: ticketState(attendee.status, order.status),
          }}
        />
      ))}
    </Stack>
  );
}
