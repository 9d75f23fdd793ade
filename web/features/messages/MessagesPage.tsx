import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { EventResponse } from '../../../common/events';
import type { MessageSummaryResponse } from '../../../common/messages';
import { can } from '../../../common/permissions';
import { InlineLoader } from '../../components/InlineLoader';
import { ListPage } from '../../components/ListPage';
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

  const composeButton = (
    <Button component={Link} to={composePath} leftSection={<PlusIcon size={16} />}>
      <Trans>Compose a message</Trans>
    </Button>
  );

  return (
    <ListPage
      documentTitle={`${t`Messages`} · ${event.title} · Tessera`}
      title={<Trans>Messages</Trans>}
      description={
        <Trans>
          E-mails to the event's attendees or buyers: practical news about the event, never promotion.
        </Trans>
      }
      actions={mayWrite && total > 0 ? composeButton : null}
      query={messages}
      loadingLabel={t`Loading messages`}
      errorTitle={t`Could not load the messages`}
      isEmpty={(list) => list.data.length === 0}
      empty={{
        icon: <MailIcon />,
        title: <Trans>No messages yet</Trans>,
        description: (
          <Trans>
            Write to every attendee, the holders of some tickets, chosen people or the buyers of orders.
          </Trans>
        ),
        actions: mayWrite ? composeButton : null,
      }}
      table={(list) => (
        <MessagesTable
          messages={list.data}
          eventId={event.id}
          timezone={event.timezone}
          ticketTitles={ticketTitles}
          busy={messages.isPlaceholderData}
          onDelete={mayWrite ? setDeleting : undefined}
        />
      )}
      pagination={(list) =>
        total > 0
          ? {
              count: <Plural value={total} one="# message" other="# messages" />,
              page,
              lastPage: list.meta.last_page,
              onPage: (next) => setSearch(next > 1 ? { page: String(next) } : {}),
            }
          : null
      }
    >
      <DeleteMessageModal eventId={event.id} message={deleting} onClose={() => setDeleting(null)} />
    </ListPage>
  );
}
