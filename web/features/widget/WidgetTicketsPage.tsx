import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/EmptyState.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, EmptyState, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { continueButtonText } from '../../../common/design';
import { isApiError } from '../../api/client';
import { TicketOffIcon } from '../../components/icons';
import { eventDate } from '../checkout/context';
import { useAffiliateLink } from '../public-event/affiliate-link';
import { type PublicEvent, publicEventQuery } from '../public-event/api';
import { EventLoadError } from '../public-event/EventLoadError';
import { EventLogo } from '../public-event/EventLogo';
import { TicketsSection } from '../public-event/TicketsSection';
import { useWidgetOptions } from './WidgetLayout';

/** `/widget/{eventId}`: the event's name and date, and its tickets to choose, in a frame. */
export function WidgetTicketsPage() {
  const { eventId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const promoCode = searchParams.get('promo_code') || undefined;
  const event = useQuery(publicEventQuery(eventId, promoCode));
  const { t } = useLingui();

  return (
    // Named: the page around the frame has a main landmark of its own.
    <Stack component="main" gap="sm" aria-label={t`Tickets`}>
      {event.isPending ? (
        <WidgetSkeleton />
      ) : event.isError ? (
        <EventLoadError
          compact
          message={isApiError(event.error) ? event.error.message : undefined}
          retrying={event.isFetching}
          onRetry={() => void event.refetch()}
        />
      ) : event.data === null ? (
        <NotAvailable />
      ) : (
        <WidgetTickets event={event.data} />
      )}
    </Stack>
  );
}

function WidgetTickets({ event }: { event: PublicEvent }) {
  const { t, i18n } = useLingui();
  const { buttonText } = useWidgetOptions();
  // The date chosen in the widget (`?date=`, issue 36) opens on the event page too.
  const [searchParams] = useSearchParams();
  const date = searchParams.get('date');
  const dateQuery = date ? `?${new URLSearchParams({ date })}` : '';
  // With the affiliate code of the widget's link: the new tab may not share the frame's storage.
  const eventPage = useAffiliateLink(event.id, `/e/${event.id}/${event.slug}${dateQuery}`);
  const logo = event.images.find((image) => image.type === 'EVENT_LOGO');
  return (
    <>
      <title>{`${t`Tickets`} · ${event.title}`}</title>
      <Stack gap={2}>
        {logo ? <EventLogo logo={logo} title={event.title} box={{ width: 200, height: 56 }} /> : null}
        <Title order={1} fz="h3" style={{ overflowWrap: 'anywhere' }}>
          {event.title}
        </Title>
        <Text size="sm" c="gray.7">
          {eventDate(event.start_date, event.timezone, i18n.locale)}
          {event.location?.venue_name ? ` · ${event.location.venue_name}` : ''}
        </Text>
        {/* Outside the widget's own pages: the link opens in a new tab (WidgetLayout). */}
        <Anchor
          href={eventPage.href}
          onClick={eventPage.onClick}
          target="_blank"
          rel="noopener"
          size="sm"
          w="fit-content"
        >
          <Trans>More about the event</Trans>
        </Anchor>
      </Stack>
      <TicketsSection
        eventId={String(event.id)}
        timezone={event.timezone}
        images={event.images}
        buttonText={buttonText}
        continueLabel={continueButtonText(event.settings, i18n.locale) ?? undefined}
      />
    </>
  );
}

function WidgetSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t`Loading the event`}>
      <Skeleton h={28} w="70%" radius="md" />
      <Skeleton h={14} w="40%" radius="md" />
      <Skeleton h={180} radius="lg" />
    </Stack>
  );
}

function NotAvailable() {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="lg" p="lg">
      <title>{`${t`Event not available`} · Tessera`}</title>
      <EmptyState icon={<TicketOffIcon />} variant="light">
        <EmptyState.Title order={1}>
          <Trans>This event is not available</Trans>
        </EmptyState.Title>
        <EmptyState.Description>
          <Trans>Tickets cannot be bought here right now. Please contact the organizer.</Trans>
        </EmptyState.Description>
      </EmptyState>
    </Paper>
  );
}
