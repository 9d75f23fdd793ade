import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Box,
  Button,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { EventResponse } from '../../../common/events';
import { DELETABLE_MESSAGE_STATUSES, type MessageResponse } from '../../../common/messages';
import { can } from '../../../common/permissions';
import { isApiError } from '../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { AlertIcon } from '../../components/icons';
import { isForbidden, NoPermissionPage } from '../../components/NoPermission';
import { MailIcon, TrashIcon } from '../../components/organizer-icons';
import { useDateTexts } from '../event-dates/DateFilter';
import { useEvent } from '../events/api';
import { formatEventDate } from '../events/datetime';
import { useEventId } from '../events/EventLayout';
import { useMe } from '../profile/api';
import { useTicketChoices } from '../tickets/api';
import { useMessage } from './api';
import { MessageBodyView } from './body-style';
import { DeleteMessageModal } from './DeleteMessageModal';
import { MESSAGE_ERROR_LABELS, MessageStatusBadge, TestBadge, useScopeSummary } from './labels';
import { MessageProgress } from './MessageProgress';
import { positiveInt } from './params';
import { RecipientsSection } from './RecipientsSection';

/** `/manage/event/:eventId/messages/:messageId`: one message, its progress while sent, and its recipients. */
export function MessageDetailPage() {
  const { t } = useLingui();
  const event = useEvent(useEventId() ?? 0);
  const messageId = positiveInt(useParams().messageId ?? null);
  if (event.isPending || event.isError) return <InlineLoader label={t`Loading the message`} />;
  if (messageId === null) return <MessageNotFound eventId={event.data.id} />;
  return <MessageDetail event={event.data} messageId={messageId} />;
}

function MessageDetail({ event, messageId }: { event: EventResponse; messageId: number }) {
  const { t } = useLingui();
  const message = useMessage(event.id, messageId);
  const listPath = `/manage/event/${event.id}/messages`;
  if (message.isPending) return <InlineLoader label={t`Loading the message`} />;
  if (message.isError) {
    if (isForbidden(message.error)) return <NoPermissionPage />;
    if (isApiError(message.error) && message.error.status === 404)
      return <MessageNotFound eventId={event.id} />;
    return (
      <Stack gap="sm">
        <ErrorAlert error={message.error} title={t`Could not load the message`} />
        <Group gap="sm">
          <Button variant="default" onClick={() => message.refetch()}>
            <Trans>Try again</Trans>
          </Button>
          <Button variant="subtle" component={Link} to={listPath}>
            <Trans>All messages</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  return <MessageView event={event} message={message.data} />;
}

function MessageView({ event, message }: { event: EventResponse; message: MessageResponse }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const me = useMe();
  const tickets = useTicketChoices(event.id);
  const summary = useScopeSummary();
  const dateTexts = useDateTexts(event.id, event.timezone);
  const [deleting, setDeleting] = useState(false);
  const listPath = `/manage/event/${event.id}/messages`;
  const ticketTitles = useMemo(
    () => (tickets.data ? new Map(tickets.data.map((ticket) => [ticket.id, ticket.title])) : undefined),
    [tickets.data],
  );
  const date = (iso: string | null) => (iso ? formatEventDate(iso, event.timezone, i18n.locale) : null);
  const deletable =
    DELETABLE_MESSAGE_STATUSES.includes(message.status) &&
    me.data !== undefined &&
    can(me.data.role, 'messages.send');
  const scope = message.scope;
  const recipients = message.is_test ? t`You (test)` : summary(scope, { ticketTitles, dateTexts });

  return (
    <Stack gap="lg">
      <title>{`${message.subject} · ${t`Messages`} · ${event.title} · Tessera`}</title>
      <Stack gap={4}>
        <Anchor component={Link} to={listPath} size="sm" w="fit-content">
          <Trans>All messages</Trans>
        </Anchor>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" wrap="wrap" miw={0}>
            <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
              {message.subject}
            </Title>
            <MessageStatusBadge status={message.status} />
            {message.is_test ? <TestBadge /> : null}
          </Group>
          {deletable ? (
            <Button
              variant="default"
              color="red.9"
              leftSection={<TrashIcon size={16} />}
              onClick={() => setDeleting(true)}
            >
              <Trans>Delete</Trans>
            </Button>
          ) : null}
        </Group>
      </Stack>

      {message.status === 'FAILED' && message.error_code ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} title={t`The message could not be sent`}>
          {i18n._(MESSAGE_ERROR_LABELS[message.error_code])}
        </Alert>
      ) : null}

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
            <Fact label={t`Recipients`}>
              {recipients}
              {scope.type === 'ORDER_OWNER' ? (
                <>
                  {' · '}
                  <Anchor
                    component={Link}
                    to={`/manage/event/${event.id}/orders?order=${scope.order_id}`}
                    size="sm"
                  >
                    <Trans>Open the order</Trans>
                  </Anchor>
                </>
              ) : null}
            </Fact>
            <Fact label={t`Sent by`}>
              {message.sent_by ? `${message.sent_by.name} (${message.sent_by.email})` : t`Former user`}
            </Fact>
            <Fact label={t`Written`}>{date(message.created_at)}</Fact>
            {message.scheduled_at ? <Fact label={t`Scheduled for`}>{date(message.scheduled_at)}</Fact> : null}
            {message.started_at ? <Fact label={t`Sending started`}>{date(message.started_at)}</Fact> : null}
            {message.sent_at ? <Fact label={t`Finished`}>{date(message.sent_at)}</Fact> : null}
            {message.send_copy_to_sender && !message.is_test ? (
              <Fact label={t`Copy to the sender`}>{t`Yes`}</Fact>
            ) : null}
          </SimpleGrid>
          {message.status === 'SCHEDULED' ? (
            <Text size="sm" c="gray.7">
              <Trans>It has not been sent yet. Until it starts, you can still delete it.</Trans>
            </Text>
          ) : (
            <MessageProgress message={message} />
          )}
        </Stack>
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="message-body-title">
        <Title order={3} fz="lg" id="message-body-title">
          <Trans>Message</Trans>
        </Title>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <MessageBodyView html={message.body} testId="message-body-view" />
        </Paper>
      </Stack>

      <RecipientsSection message={message} timezone={event.timezone} />

      <DeleteMessageModal
        eventId={event.id}
        message={deleting ? message : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(listPath)}
      />
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text component="dt" size="xs" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </Box>
  );
}

function MessageNotFound({ eventId }: { eventId: number }) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="lg" p={{ base: 'xl', sm: 48 }}>
      <title>{`${t`Message not found`} · Tessera`}</title>
      <EmptyState icon={<MailIcon />} variant="light">
        <EmptyState.Title order={2}>
          <Trans>Message not found</Trans>
        </EmptyState.Title>
        <EmptyState.Description>
          <Trans>It may have been deleted before it was sent.</Trans>
        </EmptyState.Description>
        <EmptyState.Actions>
          <Anchor component={Link} to={`/manage/event/${eventId}/messages`} fw={600}>
            <Trans>All messages</Trans>
          </Anchor>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
