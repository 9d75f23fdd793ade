import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/EmptyState.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Container, EmptyState, Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { TicketOffIcon } from '../../components/icons';
import { useRememberAffiliate } from '../affiliates/remember';
import { type PublicEvent, publicEventQuery } from './api';
import { designOf } from './design';
import { EventLoadError } from './EventLoadError';
import { EventTheme } from './EventTheme';
import { EventView } from './EventView';
import { TicketsSection } from './TicketsSection';

/** The buyer's event page (`/e/:eventId/:eventSlug`, `/event/:eventId/:eventSlug?promo_code=`). */
export function PublicEventPage() {
  const { eventId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const promoCode = searchParams.get('promo_code') || undefined;
  const event = useQuery(publicEventQuery(eventId, promoCode));
  useRememberAffiliate(eventId);

  const design = designOf(event.data?.settings ?? {});
  return (
    <EventTheme design={design} style={{ minHeight: '100dvh' }}>
      <Container component="main" size={1140} py={{ base: 'md', sm: 40 }} px={{ base: 'sm', sm: 'lg' }}>
        {event.isPending ? (
          <EventSkeleton />
        ) : event.isError ? (
          <EventLoadError
            padding={{ base: 'xl', sm: 48 }}
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
    </EventTheme>
  );
}

/** The real page: the event with its tickets, which a buyer reserves from here. */
function EventDetails({ event }: { event: PublicEvent }) {
  const { t } = useLingui();
  const continueLabel = event.settings.continue_button_text || t`Get tickets`;
  return (
    <EventView
      event={event}
      continueLabel={continueLabel}
      tickets={
        <TicketsSection eventId={String(event.id)} timezone={event.timezone} continueLabel={continueLabel} />
      }
    />
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
