import '@mantine/core/styles/EmptyState.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { EventResponse } from '../../../common/events';
import type { MessageSummaryResponse } from '../../../common/messages';
import { can } from '../../../common/permissions';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { ListPagination } from '../../components/ListPagination';
import { isForbidden, NoPermissionPage } from '../../components/NoPermission';
import { MailIcon, PlusIcon } from '../../components/organizer-icons';
import { useEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { useMe } from '../profile/api';
import { useTicketChoices } from '../tickets/api';
import { useMessages } from './api';
import { DeleteMessageModal } from './DeleteMessageModal';
import { MessagesTable } from './MessagesTable';
import { positiveInt } from './params';

/** `/manage/event/:eventId/messages`: what the organizer wrote to the event's people. */
export function MessagesPage() {
  const { t } = useLingui();
  const event = useEvent(useEventId() ?? 0);
  // The event layout says when the event cannot be loaded.
  if (event.isPending || event.isError) return <InlineLoader label={t`Loading messages`} />;
  return <Messages event={event.data} />;
}

function Messages({ event }: { event: EventResponse }) {
  const { t } = useLingui();
  const [search, setSearch] = useSearchParams();
  const page = positiveInt(search.get('page')) ?? 1;
  const messages = useMessages(event.id, page);
  const tickets = useTicketChoices(event.id);
  const me = useMe();
  const [deleting, setDeleting] = useState<MessageSummaryResponse | null>(null);
  const mayWrite = me.data !== undefined && can(me.data.role, 'messages.send');
  const ticketTitles = useMemo(
    () => (tickets.data ? new Map(tickets.data.map((ticket) => [ticket.id, ticket.title])) : undefined),
    [tickets.data],
  );

  if (messages.isError && isForbidden(messages.error)) return <NoPermissionPage />;
  const total = messages.data?.meta.total ?? 0;
  const composePath = `/manage/event/${event.id}/messages/new`;

  return (
    <Stack gap="lg">
      <title>{`${t`Messages`} · ${event.title} · Tessera`}</title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={560}>
          <Title order={2} fz="xl">
            <Trans>Messages</Trans>
          </Title>
          <Text size="sm" c="gray.7">
            <Trans>
              E-mails to the event's attendees or buyers: practical news about the event, never promotion.
            </Trans>
          </Text>
        </Stack>
        {mayWrite && total > 0 ? (
          <Button component={Link} to={composePath} leftSection={<PlusIcon size={16} />}>
            <Trans>Compose a message</Trans>
          </Button>
        ) : null}
      </Group>

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        {messages.isPending ? (
          <InlineLoader label={t`Loading messages`} />
        ) : messages.isError ? (
          <Stack gap="sm" p="md">
            <ErrorAlert error={messages.error} title={t`Could not load the messages`} />
            <Button variant="default" w="fit-content" onClick={() => messages.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : messages.data.data.length === 0 ? (
          <EmptyState icon={<MailIcon />} variant="light" py="xl">
            <EmptyState.Title order={3}>
              <Trans>No messages yet</Trans>
            </EmptyState.Title>
            <EmptyState.Description>
              <Trans>
                Write to every attendee, the holders of some tickets, chosen people or the buyers of orders.
              </Trans>
            </EmptyState.Description>
            {mayWrite ? (
              <EmptyState.Actions>
                <Button component={Link} to={composePath} leftSection={<PlusIcon size={16} />}>
                  <Trans>Compose a message</Trans>
                </Button>
              </EmptyState.Actions>
            ) : null}
          </EmptyState>
        ) : (
          <MessagesTable
            messages={messages.data.data}
            eventId={event.id}
            timezone={event.timezone}
            ticketTitles={ticketTitles}
            busy={messages.isPlaceholderData}
            onDelete={mayWrite ? setDeleting : undefined}
          />
        )}
      </Paper>

      {messages.data && total > 0 ? (
        <ListPagination
          count={<Plural value={total} one="# message" other="# messages" />}
          page={page}
          lastPage={messages.data.meta.last_page}
          onPage={(next) => setSearch(next > 1 ? { page: String(next) } : {})}
        />
      ) : null}

      <DeleteMessageModal eventId={event.id} message={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
