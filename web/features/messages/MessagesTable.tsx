import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Anchor, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { DELETABLE_MESSAGE_STATUSES, type MessageSummaryResponse } from '../../../common/messages';
import { TrashIcon } from '../../components/organizer-icons';
import { useDateTexts } from '../event-dates/DateFilter';
import { formatEventDate } from '../events/datetime';
import { MessageStatusBadge, TestBadge, useScopeSummary } from './labels';

/** The event's messages, newest first: what, to whom, where it stands, who sent it and when. */
export function MessagesTable({
  messages,
  eventId,
  timezone,
  ticketTitles,
  busy,
  onDelete,
}: {
  messages: MessageSummaryResponse[];
  eventId: number;
  timezone: string;
  ticketTitles: Map<number, string> | undefined;
  busy: boolean;
  /** Undefined for a user who may not send (nor delete) messages. */
  onDelete: ((message: MessageSummaryResponse) => void) | undefined;
}) {
  const { t, i18n } = useLingui();
  const summary = useScopeSummary();
  const dateTexts = useDateTexts(eventId, timezone);
  return (
    <Table.ScrollContainer minWidth={820} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-busy={busy} style={{ opacity: busy ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Subject</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Recipients</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Sent / failed / total</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Sent by</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Date</Trans>
            </Table.Th>
            {onDelete ? (
              <Table.Th>
                <VisuallyHidden>
                  <Trans>Actions</Trans>
                </VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => {
            const subject = message.subject;
            const { sent, failed, total } = message.counts;
            const scheduled = message.status === 'SCHEDULED' && message.scheduled_at;
            const when = formatEventDate(
              scheduled && message.scheduled_at ? message.scheduled_at : message.created_at,
              timezone,
              i18n.locale,
            );
            return (
              <Table.Tr key={message.id} data-testid="message-row">
                <Table.Td maw={280}>
                  <Group gap={6} wrap="nowrap" align="center">
                    <Anchor
                      component={Link}
                      to={`/manage/event/${eventId}/messages/${message.id}`}
                      fw={600}
                      size="sm"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {subject}
                    </Anchor>
                    {message.is_test ? <TestBadge /> : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {message.is_test ? t`You (test)` : summary(message.scope, { ticketTitles, dateTexts })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <MessageStatusBadge status={message.status} />
                </Table.Td>
                <Table.Td ta="right" data-testid="message-counts">
                  <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {sent} / {failed} / {total}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{message.sent_by?.name ?? t`Former user`}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {scheduled ? t`Scheduled for ${when}` : when}
                  </Text>
                </Table.Td>
                {onDelete ? (
                  <Table.Td ta="right">
                    {DELETABLE_MESSAGE_STATUSES.includes(message.status) ? (
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={t`Delete message ${subject}`}
                        onClick={() => onDelete(message)}
                      >
                        <TrashIcon size={16} />
                      </ActionIcon>
                    ) : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
