import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { useEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { useEventSeating } from './api';
import { SeatingForm } from './SeatingForm';
import { SeatingSummary } from './SeatingSummary';
import { SeatsSection } from './SeatsSection';

/**
 * `/manage/event/:eventId/seating` (issue 42): the event's seating plan and the tickets its price
 * categories sell, then each date's seats.
 */
export function SeatingPage() {
  const { t } = useLingui();
  const eventId = useEventId() ?? 0;
  const event = useEvent(eventId);
  const seating = useEventSeating(eventId);
  const [editing, setEditing] = useState(false);
  // `?date=&seat=`: a seat to show, as the attendee's page links to it.
  const [search] = useSearchParams();
  const initialDate = Number(search.get('date'));
  const initial = {
    dateId: Number.isInteger(initialDate) && initialDate > 0 ? initialDate : null,
    seat: search.get('seat'),
  };

  let body: React.ReactNode;
  if (seating.isPending) body = <InlineLoader />;
  else if (seating.isError) {
    body = (
      <Stack gap="sm">
        <ErrorAlert error={seating.error} title={t`Could not load the seating`} />
        <Button variant="default" w="fit-content" onClick={() => void seating.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  } else if (seating.data === null || editing) {
    body = (
      <Stack gap="md">
        {seating.data === null ? (
          <Text size="sm">
            <Trans>
              This event sells places, not seats. Choose one of your seating plans to let buyers pick their
              seats.
            </Trans>
          </Text>
        ) : null}
        <SeatingForm eventId={eventId} current={seating.data} onDone={() => setEditing(false)} />
      </Stack>
    );
  } else {
    body = <SeatingSummary eventId={eventId} seating={seating.data} onChange={() => setEditing(true)} />;
  }

  return (
    <Stack gap="lg">
      <title>{`${t`Seating`} · ${event.data?.title ?? ''} · Tessera`}</title>
      <Stack gap={4} maw={640}>
        <Title order={2} fz="xl">
          <Trans>Seating</Trans>
        </Title>
        <Text size="sm" c="gray.7">
          <Trans>
            Sell the seats of a seating plan: each price category of the plan is sold with one of the event’s
            tickets, and buyers pick their seats or get the best ones together.
          </Trans>
        </Text>
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {body}
      </Paper>
      {seating.data && !editing && event.data ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <SeatsSection
            eventId={eventId}
            seating={seating.data}
            timezone={event.data.timezone}
            initial={initial}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
