import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Button, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { whileLoggedInAnd } from '../../api/token';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { paymentConnectionQuery } from '../accounts/api';
import { useEvent, useEventImages } from '../events/api';
import { formatEventDate } from '../events/datetime';
import { Card, useEventId } from '../events/EventLayout';
import { LIFECYCLE_LABELS, StatusBadge } from '../events/labels';
import { organizerQuery } from '../organizers/api';
import { useMe } from '../profile/api';
import { useTickets } from '../tickets/api';
import { ChecklistList } from './ChecklistList';
import { checklist } from './checklist';
import { EventStats } from './EventStats';

/** `/manage/event/:eventId` (dashboard): the event at a glance and what is left to set up. */
export function EventDashboardPage() {
  const { t, i18n } = useLingui();
  const eventId = useEventId() ?? 0;
  const event = useEvent(eventId);
  const images = useEventImages(eventId);
  const me = useMe();
  // Admins only; to organizers it answers 403 and the item waits on offline payment alone.
  const cardPayments = useQuery({ ...paymentConnectionQuery, retry: false });
  const tickets = useTickets(eventId);
  const organizer = useQuery({
    ...organizerQuery(event.data?.organizer_id ?? 0),
    ...whileLoggedInAnd(Boolean(event.data)),
  });
  if (event.isPending || me.isPending) return <InlineLoader />;
  if (event.isError || me.isError) return <ErrorAlert error={event.error ?? me.error} />;
  const e = event.data;
  const cover = images.data?.find((image) => image.type === 'EVENT_COVER');
  const publicPath = `/e/${e.id}/${e.slug}`;

  return (
    <Stack gap="lg">
      <title>{`${t`Dashboard`} · ${e.title} · Tessera`}</title>
      <Title order={2} fz="xl">
        <Trans>Dashboard</Trans>
      </Title>
      <Card>
        <Group align="flex-start" gap="lg" wrap="wrap">
          {cover ? (
            <Image
              src={cover.variants[0]?.url ?? cover.url}
              alt={t`Cover image`}
              w={220}
              h={110}
              fit="cover"
              radius="md"
            />
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ flex: 1, minWidth: 240 }}>
            <Field label={t`Starts`}>{formatEventDate(e.start_date, e.timezone, i18n.locale)}</Field>
            <Field label={t`Ends`}>
              {e.end_date ? formatEventDate(e.end_date, e.timezone, i18n.locale) : '—'}
            </Field>
            <Field label={t`Time zone`}>{e.timezone.replaceAll('_', ' ')}</Field>
            <Field label={t`Organizer`}>
              {organizer.data ? (
                <Anchor component={Link} to={`/manage/organizer/${organizer.data.id}/events`}>
                  {organizer.data.name}
                </Anchor>
              ) : (
                '—'
              )}
            </Field>
            <Field label={t`Status`}>
              <StatusBadge status={e.status} />
            </Field>
            <Field label={t`When`}>{i18n._(LIFECYCLE_LABELS[e.lifecycle])}</Field>
          </SimpleGrid>
        </Group>
        <Box mt="lg">
          {e.status === 'LIVE' ? (
            <Group gap="xs">
              <Text size="sm" fw={600}>
                <Trans>Public page:</Trans>
              </Text>
              <Anchor href={publicPath} target="_blank" rel="noopener" size="sm" data-testid="public-link">
                {`${window.location.origin}${publicPath}`}
              </Anchor>
            </Group>
          ) : (
            <Text size="sm" c="gray.7">
              <Trans>The event page becomes public when the event is live.</Trans>
            </Text>
          )}
        </Box>
      </Card>
      <EventStats eventId={eventId} timezone={e.timezone} />
      <Card>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3} fz="lg">
              <Trans>Getting started</Trans>
            </Title>
            <Button
              variant="default"
              size="xs"
              component={Link}
              to={`/manage/event/${eventId}/getting-started`}
            >
              <Trans>Open the checklist</Trans>
            </Button>
          </Group>
          {images.isError || tickets.isError ? (
            <ErrorAlert error={images.error ?? tickets.error} />
          ) : images.data && tickets.data ? (
            <ChecklistList
              items={checklist({
                event: e,
                images: images.data,
                me: me.data,
                tickets: tickets.data,
                cardPaymentsConnected: cardPayments.data?.status === 'CONNECTED',
              })}
              eventId={eventId}
            />
          ) : (
            <InlineLoader />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="gray.7" tt="uppercase">
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Stack>
  );
}
