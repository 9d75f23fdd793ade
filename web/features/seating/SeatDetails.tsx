import '@mantine/core/styles/CloseButton.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { EventSeatingResponse, OrganizerSeat } from '../../../common/seating';
import { seatText } from '../../components/seat-text';
import { CategorySwatch } from './CategorySwatch';
import { STATUS_LABELS } from './status';

/**
 * One seat: where it is, its category and ticket, its status, and who holds it with a link to the
 * order; what can be done with it (block, release, move its attendee).
 */
export function SeatDetails({
  eventId,
  seat,
  seating,
  ticketTitle,
  busy,
  onBlock,
  onMove,
  onClose,
}: {
  eventId: number;
  seat: OrganizerSeat;
  seating: EventSeatingResponse;
  ticketTitle: string;
  busy: boolean;
  onBlock: (blocked: boolean) => void;
  onMove: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const category = seating.categories.find((c) => c.key === seat.category);
  const where = seatText(i18n, seat);
  return (
    <Paper withBorder radius="md" p="md" data-testid="seat-details" aria-labelledby="seat-details-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} fz="md" id="seat-details-title">
            {where}
          </Title>
          <CloseButton onClick={onClose} aria-label={t`Close the seat’s details`} />
        </Group>
        <Stack gap={4} component="dl" m={0}>
          <Row term={t`Status`}>
            <Text span fw={700} size="sm" data-testid="seat-status">
              {i18n._(STATUS_LABELS[seat.status])}
            </Text>
          </Row>
          <Row term={t`Price category`}>
            <Group gap={6} component="span" wrap="nowrap">
              {category ? <CategorySwatch color={category.color} w={14} h={14} /> : null}
              <Text span size="sm">
                {category?.name ?? seat.category}
              </Text>
            </Group>
          </Row>
          <Row term={t`Ticket`}>{ticketTitle}</Row>
          <Row term={t`Seat key`}>
            <Text span ff="monospace" size="sm">
              {seat.key}
            </Text>
          </Row>
          {seat.wheelchair ? <Row term={t`Access`}>{t`Wheelchair place`}</Row> : null}
          {seat.order ? (
            <Row term={t`Order`}>
              <Anchor
                component={Link}
                to={`/manage/event/${eventId}/orders?order=${seat.order.id}`}
                size="sm"
                underline="always"
                data-testid="seat-order-link"
              >
                {seat.order.reference}
              </Anchor>
              {seat.order.name ? ` · ${seat.order.name}` : ''}
            </Row>
          ) : null}
          {seat.attendee ? (
            <Row term={t`Attendee`}>
              <span data-testid="seat-attendee">{seat.attendee.name}</span>
            </Row>
          ) : null}
        </Stack>
        <Group gap="sm">
          {seat.status === 'AVAILABLE' ? (
            <Button size="sm" variant="default" loading={busy} onClick={() => onBlock(true)}>
              <Trans>Block this seat</Trans>
            </Button>
          ) : null}
          {seat.status === 'BLOCKED' ? (
            <Button size="sm" variant="default" loading={busy} onClick={() => onBlock(false)}>
              <Trans>Release this seat</Trans>
            </Button>
          ) : null}
          {seat.attendee ? (
            <Button size="sm" onClick={onMove}>
              <Trans>Move to another seat</Trans>
            </Button>
          ) : null}
        </Group>
        {(seat.status === 'RESERVED' || seat.status === 'SOLD') && !seat.attendee ? (
          <Text size="sm" c="gray.7">
            <Trans>The buyer has not named who sits here yet; once named, the attendee can be moved.</Trans>
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="gray.7" w={120} style={{ flex: 'none' }}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}
