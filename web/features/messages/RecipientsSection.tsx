import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  EmptyState,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useSearchParams } from 'react-router';
import {
  ACTIVE_MESSAGE_STATUSES,
  type MessageRecipientResponse,
  type MessageResponse,
  RECIPIENT_STATUSES,
} from '../../../common/messages';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { ListPagination } from '../../components/ListPagination';
import { SearchIcon } from '../../components/organizer-icons';
import { useSearchBox } from '../../components/use-search-box';
import { formatEventDate } from '../events/datetime';
import { useRecipients } from './api';
import { RECIPIENT_STATUS_LABELS, RecipientStatusBadge } from './labels';
import { type RecipientsParams, recipientsParamsFromSearch, searchFromRecipientsParams } from './params';

const ALL = 'all';

function useRecipientsParams(): [RecipientsParams, (change: Partial<RecipientsParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const params = recipientsParamsFromSearch(search);
  const update = (change: Partial<RecipientsParams>) => {
    const page = 'page' in change ? {} : { page: 1 };
    setSearch(searchFromRecipientsParams({ ...params, ...page, ...change }), {
      replace: !('page' in change),
    });
  };
  return [params, update];
}

/** Everyone the message was written to, one row per address, with how sending went for them. */
export function RecipientsSection({ message, timezone }: { message: MessageResponse; timezone: string }) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useRecipientsParams();
  const recipients = useRecipients(message.event_id, message, params);
  const [searchText, setSearchText] = useSearchBox(params.query, (query) => setParams({ query }));
  const filtered = params.query !== '' || params.status !== null;
  const total = recipients.data?.meta.total ?? 0;

  return (
    <Stack gap="md" component="section" aria-labelledby="recipients-title">
      <Title order={3} fz="lg" id="recipients-title">
        <Trans>Recipients</Trans>
      </Title>
      {message.status === 'SCHEDULED' ? (
        <Text size="sm" c="gray.7">
          <Trans>
            The recipients are chosen when the message is sent, so that late buyers receive it too.
          </Trans>
        </Text>
      ) : (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t`Search`}
              placeholder={t`Name or e-mail`}
              leftSection={<SearchIcon size={16} />}
              type="search"
              value={searchText}
              onChange={(change) => setSearchText(change.currentTarget.value)}
              w={{ base: '100%', xs: 260 }}
            />
            <Select
              label={t`Status`}
              data={[
                { value: ALL, label: t`All` },
                ...RECIPIENT_STATUSES.map((status) => ({
                  value: status,
                  label: i18n._(RECIPIENT_STATUS_LABELS[status]),
                })),
              ]}
              value={params.status ?? ALL}
              onChange={(value) =>
                setParams({ status: RECIPIENT_STATUSES.find((status) => status === value) ?? null })
              }
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 180 }}
            />
          </Group>
          <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
            {recipients.isPending || (recipients.isPlaceholderData && recipients.data.data.length === 0) ? (
              // An empty page from before the counts moved says nothing about the new one: wait for it.
              <InlineLoader label={t`Loading recipients`} />
            ) : recipients.isError ? (
              <Stack gap="sm" p="md">
                <ErrorAlert error={recipients.error} title={t`Could not load the recipients`} />
                <Button variant="default" w="fit-content" onClick={() => recipients.refetch()}>
                  <Trans>Try again</Trans>
                </Button>
              </Stack>
            ) : recipients.data.data.length === 0 ? (
              <NoRecipients message={message} filtered={filtered} />
            ) : (
              <RecipientsTable
                recipients={recipients.data.data}
                timezone={timezone}
                busy={recipients.isPlaceholderData}
              />
            )}
          </Paper>
          {recipients.data && total > 0 ? (
            <ListPagination
              count={<Plural value={total} one="# recipient" other="# recipients" />}
              page={params.page}
              lastPage={recipients.data.meta.last_page}
              onPage={(page) => setParams({ page })}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}

/** Why the list is empty: nothing matches the search, nobody is written yet, or nobody was. */
function NoRecipients({ message, filtered }: { message: MessageResponse; filtered: boolean }) {
  const finished = !ACTIVE_MESSAGE_STATUSES.includes(message.status);
  return (
    <EmptyState variant="light" py="xl" data-testid="no-recipients">
      <EmptyState.Title order={4}>
        {filtered ? (
          <Trans>No recipient matches</Trans>
        ) : finished ? (
          <Trans>Nobody received this message</Trans>
        ) : (
          <Trans>No recipients yet</Trans>
        )}
      </EmptyState.Title>
      <EmptyState.Description>
        {filtered ? (
          <Trans>Try another search, or clear the filters.</Trans>
        ) : message.status === 'FAILED' ? (
          <Trans>It could not be sent to anyone, for the reason shown above.</Trans>
        ) : finished ? (
          <Trans>Nobody matched its recipients when it was sent.</Trans>
        ) : (
          <Trans>They appear here as soon as sending starts.</Trans>
        )}
      </EmptyState.Description>
    </EmptyState>
  );
}

function RecipientsTable({
  recipients,
  timezone,
  busy,
}: {
  recipients: MessageRecipientResponse[];
  timezone: string;
  busy: boolean;
}) {
  const { t, i18n } = useLingui();
  return (
    // Nothing in a row takes the focus, so the region itself does: on a phone the table scrolls
    // sideways, and the keyboard must be able to scroll it too.
    <Table.ScrollContainer
      minWidth={760}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t`Table of recipients`}
    >
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-busy={busy} style={{ opacity: busy ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>E-mail</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Attempts</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Last error</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Sent</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {recipients.map((recipient) => (
            <Table.Tr key={recipient.id} data-testid="recipient-row">
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {recipient.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{recipient.name || '—'}</Text>
              </Table.Td>
              <Table.Td>
                <RecipientStatusBadge status={recipient.status} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{recipient.attempts}</Text>
              </Table.Td>
              <Table.Td maw={280}>
                <Text
                  size="sm"
                  c={recipient.last_error ? 'red.9' : undefined}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {recipient.last_error ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {recipient.sent_at ? formatEventDate(recipient.sent_at, timezone, i18n.locale) : '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
