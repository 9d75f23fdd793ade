import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { paymentConnectionQuery } from '../accounts/api';
import { useEvent, useEventImages } from '../events/api';
import { Card, useEventId } from '../events/EventLayout';
import { useMe } from '../profile/api';
import { useTickets } from '../tickets/api';
import { ChecklistList } from './ChecklistList';
import { checklist } from './checklist';

/** `/manage/event/:eventId/getting-started`: what is left to do, ticked from the data. */
export function GettingStartedPage() {
  const { t } = useLingui();
  const eventId = useEventId() ?? 0;
  const event = useEvent(eventId);
  const images = useEventImages(eventId);
  const me = useMe();
  // Admins only; to organizers it answers 403 and the item waits on offline payment alone.
  const cardPayments = useQuery({ ...paymentConnectionQuery, retry: false });
  const tickets = useTickets(eventId);
  if (event.isPending || images.isPending || me.isPending || tickets.isPending) return <InlineLoader />;
  if (event.isError || images.isError || me.isError || tickets.isError) {
    return (
      <ErrorAlert
        error={event.error ?? images.error ?? me.error ?? tickets.error}
        title={t`Could not load the checklist`}
      />
    );
  }
  const items = checklist({
    event: event.data,
    images: images.data,
    me: me.data,
    tickets: tickets.data,
    cardPaymentsConnected: cardPayments.data?.status === 'CONNECTED',
  });
  const allDone = items.every((i) => i.done);
  return (
    <Stack gap="lg">
      <title>{`${t`Getting started`} · ${event.data.title} · Tessera`}</title>
      <Title order={2} fz="xl">
        <Trans>Getting started</Trans>
      </Title>
      <Card>
        <Stack gap="lg">
          <Text size="sm" c="gray.7">
            {allDone ? (
              <Trans>Everything is ready. Your event is live.</Trans>
            ) : (
              <Trans>A few steps to get your event ready. Each one ticks itself when it is done.</Trans>
            )}
          </Text>
          <ChecklistList items={items} eventId={eventId} />
        </Stack>
      </Card>
    </Stack>
  );
}
