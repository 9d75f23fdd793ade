import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/EmptyState.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Box,
  Button,
  Container,
  EmptyState,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { type Where, whereOf } from '../../../common/where';
import { isApiError } from '../../api/client';
import { AlertIcon, TicketOffIcon } from '../../components/icons';
import { useRememberAffiliate } from '../affiliates/remember';
import { type PublicEvent, publicEventQuery } from './api';
import { TicketsSection } from './TicketsSection';

/** The buyer's event page (`/e/:eventId/:eventSlug`, `/event/:eventId/:eventSlug?promo_code=`). */
export function PublicEventPage() {
  const { eventId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const promoCode = searchParams.get('promo_code') || undefined;
  const event = useQuery(publicEventQuery(eventId, promoCode));
  useRememberAffiliate(eventId);

  return (
    <Container component="main" size="md" py={{ base: 'lg', sm: 48 }}>
      {event.isPending ? (
        <EventSkeleton />
      ) : event.isError ? (
        <LoadError
          message={isApiError(event.error) ? event.error.message : undefined}
          retrying={event.isFetching}
          onRetry={() => void event.refetch()}
        />
      ) : event.data === null ? (
        <EventNotAvailable />
      ) : (
        <EventDetails event={event.data} />
      )}
    </Container>
  );
}

function EventSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t`Loading the event`}>
      <Skeleton h={{ base: 180, sm: 320 }} radius="lg" />
      <Skeleton h={36} w="70%" radius="md" />
      <Skeleton h={16} w="40%" radius="md" />
      <Stack gap={8} mt="md">
        <Skeleton h={12} radius="md" />
        <Skeleton h={12} radius="md" />
        <Skeleton h={12} w="85%" radius="md" />
      </Stack>
    </Stack>
  );
}

function EventNotAvailable() {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="lg" p={{ base: 'xl', sm: 48 }}>
      <title>{`${t`Event not available`} · Tessera`}</title>
      <EmptyState icon={<TicketOffIcon />} variant="light">
        <EmptyState.Title order={1}>
          <Trans>This event is not available</Trans>
        </EmptyState.Title>
        <EmptyState.Description>
          <Trans>
            It may have ended, been unpublished, or the link may be wrong. Check the link you were given or
            contact the organizer.
          </Trans>
        </EmptyState.Description>
      </EmptyState>
    </Paper>
  );
}

function LoadError({
  message,
  retrying,
  onRetry,
}: {
  message?: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="lg" p={{ base: 'xl', sm: 48 }}>
      <title>{`${t`Something went wrong`} · Tessera`}</title>
      <EmptyState icon={<AlertIcon />} variant="light" color="red">
        <EmptyState.Title order={1}>
          <Trans>We could not load this event</Trans>
        </EmptyState.Title>
        <EmptyState.Description>
          {message ?? t`Something went wrong. Please try again.`}
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button onClick={onRetry} loading={retrying}>
            <Trans>Try again</Trans>
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

/** "Sat, Jun 1, 2026, 7:00 PM – 11:00 PM", in the event's own time zone. */
function dateRange(event: PublicEvent, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: event.timezone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const start = new Date(event.start_date);
  return event.end_date ? format.formatRange(start, new Date(event.end_date)) : format.format(start);
}

function EventDetails({ event }: { event: PublicEvent }) {
  const { t, i18n } = useLingui();
  const cover = event.images.find((image) => image.type === 'EVENT_COVER');
  const where = whereOf(event);
  const zone = event.timezone.replaceAll('_', ' ');
  const organizer = event.organizer;
  return (
    <Stack gap="lg" component="article">
      <title>{event.settings.seo_title || event.title}</title>
      {event.settings.seo_description ? (
        <meta name="description" content={event.settings.seo_description} />
      ) : null}
      {event.settings.allow_search_indexing ? null : <meta name="robots" content="noindex" />}
      {cover ? (
        <Box
          component="img"
          src={cover.variants.at(-1)?.url ?? cover.url}
          srcSet={cover.variants.map((v) => `${v.url} ${v.width}w`).join(', ') || undefined}
          sizes="(max-width: 960px) 100vw, 960px"
          width={cover.width}
          height={cover.height}
          alt={t`Cover image of ${event.title}`}
          data-testid="event-cover"
          style={{
            width: '100%',
            height: 'auto',
            aspectRatio: `${cover.width} / ${cover.height}`,
            borderRadius: 16,
            objectFit: 'cover',
            maxHeight: 420,
          }}
        />
      ) : null}
      <Stack gap={6}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {event.title}
        </Title>
        <Text fw={600}>{dateRange(event, i18n.locale)}</Text>
        <Text size="sm" c="gray.7">
          <Trans>Times are in the {zone} time zone.</Trans>
        </Text>
      </Stack>
      <TicketsSection eventId={String(event.id)} timezone={event.timezone} />
      {where ? <WhereCard where={where} /> : null}
      {event.description ? (
        <Box
          className="event-description"
          style={{ lineHeight: 1.6, overflowWrap: 'anywhere' }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes descriptions (decision 003).
          dangerouslySetInnerHTML={{ __html: event.description }}
        />
      ) : null}
      <Paper withBorder radius="lg" p="md" component="section" aria-label={t`Organizer`}>
        <Stack gap={4}>
          <Text size="sm" c="gray.7">
            <Trans>Organized by</Trans>
          </Text>
          <Text fw={700}>{organizer.name}</Text>
          {organizer.website ? (
            <Anchor href={organizer.website} target="_blank" rel="noopener noreferrer" size="sm">
              {organizer.website.replace(/^https?:\/\//, '')}
            </Anchor>
          ) : null}
          {event.settings.contact_email ? (
            <Text size="sm">
              <Trans>
                Questions? Write to{' '}
                <Anchor href={`mailto:${event.settings.contact_email}`}>
                  {event.settings.contact_email}
                </Anchor>
              </Trans>
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The place, or "Online", with a map link when there is something to find on a map. */
function WhereCard({ where }: { where: Where }) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={t`Where`}>
      <Stack gap={4}>
        <Text fw={700}>
          <Trans>Where</Trans>
        </Text>
        {where.online ? (
          <div data-testid="event-online">
            <Text size="sm" fw={600}>
              <Trans>Online</Trans>
            </Text>
            <Text size="sm" c="gray.7">
              <Trans>How to join comes with your tickets.</Trans>
            </Text>
          </div>
        ) : null}
        {where.lines.length > 0 ? (
          <address style={{ fontStyle: 'normal' }} data-testid="event-location">
            {where.lines.map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))}
          </address>
        ) : null}
        {where.map ? (
          <Anchor href={where.map} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
            <Trans>Open the map</Trans>
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
