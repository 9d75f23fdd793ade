import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/EmptyState.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  EmptyState,
  Grid,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, NavLink, Outlet, useMatch, useParams } from 'react-router';
import type { EventResponse, EventStatus } from '../../../common/events';
import { isApiError } from '../../api/errors';
import { errorMessage } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { AlertIcon, CalendarIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { useMe, useResendEmailConfirmation } from '../profile/api';
import { useEvent, useUpdateEventStatus } from './api';
import { StatusBadge } from './labels';

/** The event id of the address, or null when it is not a number. */
export function useEventId(): number | null {
  const id = Number(useParams().eventId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** `/manage/event/:eventId/*`: the event's name and status, its pages, and the page. */
export function EventLayout() {
  const { t } = useLingui();
  const eventId = useEventId();
  const event = useEvent(eventId ?? 0);
  const [pagesOpen, setPagesOpen] = useState(false);
  if (eventId === null) return <EventNotFound />;
  if (event.isPending) return <InlineLoader />;
  if (event.isError) {
    if (isApiError(event.error) && event.error.status === 404) return <EventNotFound />;
    return (
      <Container size="lg" py="md">
        <Stack gap="sm">
          <ErrorAlert error={event.error} title={t`Could not load the event`} />
          <Button variant="default" w="fit-content" onClick={() => event.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      </Container>
    );
  }
  const base = `/manage/event/${eventId}`;
  return (
    <Container size="xl" py="md" px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0}>
            <Anchor component={Link} to="/manage/events" size="sm">
              <Trans>All events</Trans>
            </Anchor>
            <Group gap="sm" wrap="wrap">
              <Title order={1} fz={28} style={{ overflowWrap: 'anywhere' }}>
                {event.data.title}
              </Title>
              <StatusBadge status={event.data.status} />
            </Group>
          </Stack>
          <StatusControl event={event.data} />
        </Group>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            {/* On a phone the pages fold into one button, so the page itself comes first. */}
            <Button
              hiddenFrom="md"
              variant="default"
              fullWidth
              justify="space-between"
              rightSection={<span aria-hidden="true">{pagesOpen ? '▴' : '▾'}</span>}
              aria-expanded={pagesOpen}
              aria-controls="event-pages"
              onClick={() => setPagesOpen((open) => !open)}
            >
              <Trans>Event pages</Trans>
            </Button>
            <Box
              component="nav"
              id="event-pages"
              aria-label={t`Event pages`}
              display={{ base: pagesOpen ? 'block' : 'none', md: 'block' }}
              mt={{ base: pagesOpen ? 'xs' : 0, md: 0 }}
              onClick={() => setPagesOpen(false)}
            >
              <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                <SideLink to={base} alsoActive={`${base}/dashboard`}>
                  <Trans>Dashboard</Trans>
                </SideLink>
                <SideLink to={`${base}/dates`}>
                  <Trans>Dates</Trans>
                </SideLink>
                <SideLink to={`${base}/tickets`}>
                  <Trans>Tickets</Trans>
                </SideLink>
                <SideLink to={`${base}/products`}>
                  <Trans>Products</Trans>
                </SideLink>
                <SideLink to={`${base}/orders`}>
                  <Trans>Orders</Trans>
                </SideLink>
                <SideLink to={`${base}/invoices`}>
                  <Trans>Invoices</Trans>
                </SideLink>
                <SideLink to={`${base}/attendees`}>
                  <Trans>Attendees</Trans>
                </SideLink>
                <SideLink to={`${base}/reports`}>
                  <Trans>Reports</Trans>
                </SideLink>
                <SideLink to={`${base}/check-in`}>
                  <Trans>Check-in</Trans>
                </SideLink>
                <SideLink to={`${base}/messages`} alsoActive={`${base}/messages/*`}>
                  <Trans>Messages</Trans>
                </SideLink>
                <SideLink to={`${base}/getting-started`}>
                  <Trans>Getting started</Trans>
                </SideLink>
                <SideLink to={`${base}/questions`}>
                  <Trans>Questions</Trans>
                </SideLink>
                <SideLink to={`${base}/capacity-assignments`}>
                  <Trans>Capacity</Trans>
                </SideLink>
                <SideLink to={`${base}/seating`}>
                  <Trans>Seating</Trans>
                </SideLink>
                <SideLink to={`${base}/promo-codes`}>
                  <Trans>Promo codes</Trans>
                </SideLink>
                <SideLink to={`${base}/affiliates`}>
                  <Trans>Affiliates</Trans>
                </SideLink>
                <SideLink to={`${base}/waitlist`}>
                  <Trans>Waiting list</Trans>
                </SideLink>
                <SideLink to={`${base}/widget`}>
                  <Trans>Widget</Trans>
                </SideLink>
                <SideLink to={`${base}/mail-templates`}>
                  <Trans>E-mail templates</Trans>
                </SideLink>
                <SideLink to={`${base}/ticket-design`}>
                  <Trans>Ticket design</Trans>
                </SideLink>
                <SideLink to={`${base}/homepage-designer`}>
                  <Trans>Homepage designer</Trans>
                </SideLink>
                <SideLink to={`${base}/settings`}>
                  <Trans>Settings</Trans>
                </SideLink>
              </Stack>
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Outlet />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

function SideLink({ to, alsoActive, children }: { to: string; alsoActive?: string; children: ReactNode }) {
  const exact = useMatch({ path: to, end: true }) !== null;
  const also = useMatch({ path: alsoActive ?? '/__never__', end: true }) !== null;
  const active = exact || also;
  return (
    <li>
      <UnstyledButton
        component={NavLink}
        to={to}
        end
        aria-current={active ? 'page' : undefined}
        display="block"
        px="md"
        py={10}
        fw={600}
        fz="sm"
        c={active ? 'tessera.8' : 'gray.8'}
        bg={active ? 'tessera.0' : undefined}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        {children}
      </UnstyledButton>
    </li>
  );
}

type Change = { to: EventStatus; kind: 'live' | 'draft' | 'archive' | 'restore' };

/** Go live, back to draft, archive or restore: what `EVENT_TRANSITIONS` allows from the current status. */
export function StatusControl({ event }: { event: EventResponse }) {
  const { t } = useLingui();
  const update = useUpdateEventStatus();
  const [change, setChange] = useState<Change | null>(null);

  const changes: Change[] =
    event.status === 'DRAFT'
      ? [
          { to: 'LIVE', kind: 'live' },
          { to: 'ARCHIVED', kind: 'archive' },
        ]
      : event.status === 'LIVE'
        ? [
            { to: 'DRAFT', kind: 'draft' },
            { to: 'ARCHIVED', kind: 'archive' },
          ]
        : [{ to: 'DRAFT', kind: 'restore' }];

  const labels: Record<Change['kind'], string> = {
    live: t`Go live`,
    draft: t`Back to draft`,
    archive: t`Archive`,
    restore: t`Restore`,
  };
  const done: Record<Change['kind'], string> = {
    live: t`The event is live.`,
    draft: t`The event is a draft again.`,
    archive: t`The event has been archived.`,
    restore: t`The event has been restored as a draft.`,
  };

  const titles: Record<Change['kind'], string> = {
    live: t`Make this event live?`,
    draft: t`Take this event back to draft?`,
    archive: t`Archive this event?`,
    restore: t`Restore this event?`,
  };
  const texts: Record<Change['kind'], string> = {
    live: t`Anyone with the link will see the event page.`,
    draft: t`The event page will no longer be public until you make it live again.`,
    archive: t`The event will be hidden from the public and moved to the Archived list. You can restore it later as a draft.`,
    restore: t`The event comes back as a draft, in the list of its dates.`,
  };

  const confirm = () => {
    if (!change) return;
    update.mutate(
      { eventId: event.id, status: change.to },
      {
        onSuccess: () => {
          notify(done[change.kind]);
          setChange(null);
        },
      },
    );
  };
  const close = () => {
    setChange(null);
    update.reset();
  };

  return (
    <Group gap="sm">
      {changes.map((c) => (
        <Button
          key={c.kind}
          variant={c.kind === 'live' || c.kind === 'restore' ? 'filled' : 'default'}
          onClick={() => setChange(c)}
        >
          {labels[c.kind]}
        </Button>
      ))}
      <Modal
        opened={change !== null}
        onClose={close}
        title={change ? titles[change.kind] : ''}
        centered
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Stack gap="lg">
          <Text size="sm">{change ? texts[change.kind] : null}</Text>
          {update.error ? <StatusError error={update.error} eventId={event.id} onLeave={close} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color={change?.kind === 'archive' ? 'red.9' : undefined}
              loading={update.isPending}
              onClick={confirm}
            >
              {change ? labels[change.kind] : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

/**
 * A refused change; an unconfirmed e-mail comes with a way to get the link again, paid tickets
 * without a way to pay with where to set one up.
 */
function StatusError({ error, eventId, onLeave }: { error: unknown; eventId: number; onLeave: () => void }) {
  const me = useMe();
  const resend = useResendEmailConfirmation();
  const unconfirmed = isApiError(error) && error.code === 'EMAIL_NOT_CONFIRMED';
  const needsPayment = isApiError(error) && error.code === 'PAYMENT_METHOD_REQUIRED';
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {unconfirmed && me.data ? (
          <Button
            size="xs"
            variant="default"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(me.data.id, {
                onSuccess: (answer) => notify(answer.message),
                onError: (e) => notify(errorMessage(e), 'error'),
              })
            }
          >
            <Trans>Send the link again</Trans>
          </Button>
        ) : null}
        {needsPayment ? (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={`/manage/event/${eventId}/settings`}
              onClick={onLeave}
            >
              <Trans>Open event settings</Trans>
            </Button>
            <Button size="xs" variant="default" component={Link} to="/account/payment" onClick={onLeave}>
              <Trans>Connect Stripe</Trans>
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** A card of the event pages. */
export function Card({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      {children}
    </Paper>
  );
}

function EventNotFound() {
  const { t } = useLingui();
  return (
    <Container size="sm" py="xl">
      <title>{`${t`Event not found`} · Tessera`}</title>
      <Paper withBorder radius="lg" p={{ base: 'xl', sm: 48 }}>
        <EmptyState icon={<CalendarIcon />} variant="light">
          <EmptyState.Title order={1}>
            <Trans>Event not found</Trans>
          </EmptyState.Title>
          <EmptyState.Description>
            <Trans>It may have been removed, or it belongs to another account.</Trans>
          </EmptyState.Description>
          <EmptyState.Actions>
            <Anchor component={Link} to="/manage/events" fw={600}>
              <Trans>Go to your events</Trans>
            </Anchor>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </Container>
  );
}
