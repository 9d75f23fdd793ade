import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { continueButtonText } from '../../../common/design';
import { isApiError } from '../../api/client';
import { TicketOffIcon } from '../../components/icons';
import { Card, Container, EmptyState, Skeleton, Stack } from '../../ui';
import { useRememberAffiliate } from './affiliate-link';
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
      <Container>
        {event.isPending ? (
          <EventSkeleton />
        ) : event.isError ? (
          <EventLoadError
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
  const { t, i18n } = useLingui();
  // The server renders in the visitor's language too, so hydration keeps this label.
  const continueLabel = continueButtonText(event.settings, i18n.locale) || t`Get tickets`;
  return (
    <EventView
      event={event}
      continueLabel={continueLabel}
      tickets={
        <TicketsSection
          eventId={String(event.id)}
          timezone={event.timezone}
          continueLabel={continueLabel}
          images={event.images}
        />
      }
    />
  );
}

function EventSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t`Loading the event`}>
      <Skeleton height={240} round />
      <Skeleton height={36} width="70%" />
      <Skeleton height={16} width="40%" />
      <Stack gap="2xs">
        <Skeleton height={12} />
        <Skeleton height={12} />
        <Skeleton height={12} width="85%" />
      </Stack>
    </Stack>
  );
}

function EventNotAvailable() {
  const { t } = useLingui();
  return (
    <Card padding="xl">
      <title>{`${t`Event not available`} · Tessera`}</title>
      <EmptyState icon={<TicketOffIcon />} title={<Trans>This event is not available</Trans>}>
        <Trans>
          It may have ended, been unpublished, or the link may be wrong. Check the link you were given or
          contact the organizer.
        </Trans>
      </EmptyState>
    </Card>
  );
}
