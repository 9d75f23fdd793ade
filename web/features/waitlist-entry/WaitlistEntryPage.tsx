import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Badge.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { PublicWaitlistEntry } from '../../../common/waitlist';
import { TicketOffIcon } from '../../components/icons';
import { eventDate } from '../checkout/context';
import { LoadErrorState, PublicShell } from '../order-pages/PublicShell';
import { type PublicEvent, publicEventQuery } from '../public-event/api';
import { designOf } from '../public-event/design';
import { EventTheme } from '../public-event/EventTheme';
import { MantineInEventTheme } from '../public-event/MantineInEventTheme';
import { waitlistEntryQuery } from './api';
import { EntryStatus } from './EntryStatus';

/**
 * `/waitlist/{eventId}/{token}`: the link of the waiting-list e-mails. Where the person on the
 * list sees their place, buys the ticket held for them, or leaves the list (decision 030).
 * In the event's colours, like its checkout.
 */
export function WaitlistEntryPage() {
  const { t } = useLingui();
  const { eventId = '', token = '' } = useParams();
  const entry = useQuery(waitlistEntryQuery(eventId, token));
  const event = useQuery(publicEventQuery(eventId));
  const design = designOf(event.data?.settings ?? {});
  const title = event.data ? `${t`Waiting list`} · ${event.data.title}` : t`Waiting list`;
  return (
    <EventTheme design={design} style={{ minHeight: '100dvh' }}>
      {/* A personal link: never in a search engine. */}
      <meta name="robots" content="noindex" />
      <MantineInEventTheme>
        <PublicShell title={title}>
          {entry.isPending || event.isPending ? (
            <EntryLoading />
          ) : entry.isError ? (
            <LoadErrorState onRetry={() => void entry.refetch()} retrying={entry.isFetching} />
          ) : entry.data === null ? (
            <InvalidLink />
          ) : (
            <EntryDetails eventId={eventId} token={token} entry={entry.data} event={event.data ?? null} />
          )}
        </PublicShell>
      </MantineInEventTheme>
    </EventTheme>
  );
}

function EntryDetails({
  eventId,
  token,
  entry,
  event,
}: {
  eventId: string;
  token: string;
  entry: PublicWaitlistEntry;
  event: PublicEvent | null;
}) {
  const { i18n } = useLingui();
  const name = entry.name;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text c="gray.7" fw={600} size="sm">
          <Trans>Waiting list</Trans>
        </Text>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'anywhere' }}>
          {event?.title ?? entry.ticket_title}
        </Title>
        {event ? (
          <Text c="gray.7">
            {eventDate(event.start_date, event.timezone, i18n.locale)}
            {event.location?.venue_name ? ` · ${event.location.venue_name}` : ''}
          </Text>
        ) : null}
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="waitlist-entry">
        <Stack gap="md">
          <Stack gap={2}>
            <Text size="sm" c="gray.7">
              <Trans>Ticket</Trans>
            </Text>
            <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {entry.ticket_title}
            </Text>
            <Text size="sm" c="gray.7">
              <Trans>On the list as {name}</Trans>
            </Text>
          </Stack>
          <StatusBadge status={entry.status} />
          <EntryStatus eventId={eventId} token={token} entry={entry} event={event} />
        </Stack>
      </Paper>
    </Stack>
  );
}

// Light badges with text dark enough for 4.5:1 on their tint (as `OrderStatusBadge`).
const BADGE: Record<PublicWaitlistEntry['status'], { color: string; text: string }> = {
  WAITING: { color: 'blue', text: 'blue.9' },
  OFFERED: { color: 'teal', text: '#05573d' },
  PURCHASED: { color: 'teal', text: '#05573d' },
  EXPIRED: { color: 'gray', text: 'gray.8' },
  REMOVED: { color: 'gray', text: 'gray.8' },
};

function StatusBadge({ status }: { status: PublicWaitlistEntry['status'] }) {
  const { t } = useLingui();
  const labels: Record<PublicWaitlistEntry['status'], string> = {
    WAITING: t`Waiting`,
    OFFERED: t`Ticket held for you`,
    PURCHASED: t`Bought`,
    EXPIRED: t`Offer expired`,
    REMOVED: t`Left the list`,
  };
  return (
    <Badge
      color={BADGE[status].color}
      c={BADGE[status].text}
      variant="light"
      radius="sm"
      tt="none"
      size="lg"
      miw="max-content"
      data-testid="waitlist-status"
    >
      {labels[status]}
    </Badge>
  );
}

function InvalidLink() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="sm" ta="center">
        <TicketOffIcon size={40} />
        <Title order={1} fz="h2">
          <Trans>This link is not valid</Trans>
        </Title>
        <Text c="gray.7" maw={460}>
          <Trans>Check the link in your e-mail, or contact the organizer of the event.</Trans>
        </Text>
      </Stack>
    </Paper>
  );
}

function EntryLoading() {
  const { t } = useLingui();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t`Loading your place on the waiting list`}>
      <Skeleton h={36} w="60%" radius="md" />
      <Skeleton h={16} w="30%" radius="md" />
      <Skeleton h={220} radius="lg" />
    </Stack>
  );
}
