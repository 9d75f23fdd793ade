import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Badge.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { CheckInListResponse, CheckInListState } from '../../../common/check-in';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { isForbidden, NoPermissionPage } from '../../components/NoPermission';
import { notify } from '../../components/notify';
import { PlusIcon } from '../../components/organizer-icons';
import { useDateChoices } from '../event-dates/DateFilter';
import { useEvent } from '../events/api';
import { formatEventDate } from '../events/datetime';
import { useEventId } from '../events/EventLayout';
import { useTicketChoices } from '../tickets/api';
import { useCheckInLists, useCheckInStats, useDeleteCheckInList, useReplaceCheckInLink } from './api';
import { CheckInListModal } from './CheckInListModal';
import { StaffLinkModal } from './StaffLinkModal';

const STATE_COLOURS: Record<CheckInListState, { color: string; text: string }> = {
  ACTIVE: { color: 'teal', text: '#05573d' },
  NOT_YET_ACTIVE: { color: 'gray', text: '#343a40' },
  EXPIRED: { color: 'red', text: '#9b1c1c' },
};

/** `/manage/event/:eventId/check-in`: the lists door staff check people in on. */
export function CheckInListsPage() {
  const { t } = useLingui();
  const event = useEvent(useEventId() ?? 0);
  if (event.isPending || event.isError) return <InlineLoader label={t`Loading check-in lists`} />;
  return <CheckInLists event={event.data} />;
}

function CheckInLists({ event }: { event: { id: number; title: string; timezone: string } }) {
  const { t, i18n } = useLingui();
  const lists = useCheckInLists(event.id);
  const stats = useCheckInStats(event.id);
  const tickets = useTicketChoices(event.id);
  const remove = useDeleteCheckInList(event.id);
  const replace = useReplaceCheckInLink(event.id);
  const [editing, setEditing] = useState<{ opened: boolean; list: CheckInListResponse | null }>({
    opened: false,
    list: null,
  });
  const [sharing, setSharing] = useState<CheckInListResponse | null>(null);
  const [deleting, setDeleting] = useState<CheckInListResponse | null>(null);
  const [replacing, setReplacing] = useState<CheckInListResponse | null>(null);
  const states: Record<CheckInListState, string> = {
    ACTIVE: t`Open`,
    NOT_YET_ACTIVE: t`Not open yet`,
    EXPIRED: t`Closed`,
  };
  const titles = new Map((tickets.data ?? []).map((ticket) => [ticket.id, ticket.title]));
  const dates = new Map(
    useDateChoices(event.id, event.timezone).choices.map((d) => [Number(d.value), d.label]),
  );
  const noTickets = tickets.data?.length === 0;
  const open = (list: CheckInListResponse | null) => setEditing({ opened: true, list });

  if (lists.isError && isForbidden(lists.error)) return <NoPermissionPage />;
  const deletingName = deleting?.name ?? '';
  const replacingName = replacing?.name ?? '';

  return (
    <Stack gap="lg">
      <title>{`${t`Check-in`} · ${event.title} · Tessera`}</title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={560}>
          <Title order={2} fz="xl">
            <Trans>Check-in</Trans>
          </Title>
          <Text size="sm" c="gray.7">
            <Trans>
              Lists for door staff: each has a link that opens a scanner on a phone, no login needed.
            </Trans>
          </Text>
        </Stack>
        {lists.data && lists.data.length > 0 ? (
          <Button leftSection={<PlusIcon size={16} />} onClick={() => open(null)} disabled={noTickets}>
            <Trans>Add a check-in list</Trans>
          </Button>
        ) : null}
      </Group>

      {lists.isPending ? (
        <InlineLoader />
      ) : lists.isError ? (
        <Stack gap="sm">
          <ErrorAlert error={lists.error} title={t`Could not load the check-in lists`} />
          <Button variant="default" w="fit-content" onClick={() => lists.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      ) : lists.data.length === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyState variant="light" py="xl">
            <EmptyState.Title order={3}>
              <Trans>No check-in lists yet</Trans>
            </EmptyState.Title>
            <EmptyState.Description>
              {noTickets ? (
                <Trans>A ticket must exist before you can create a check-in list.</Trans>
              ) : (
                <Trans>Make one list per entrance, or one for everyone.</Trans>
              )}
            </EmptyState.Description>
            <EmptyState.Actions>
              <Button leftSection={<PlusIcon size={16} />} onClick={() => open(null)} disabled={noTickets}>
                <Trans>Add a check-in list</Trans>
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {lists.data.map((list) => {
            const stat = stats.data?.lists.find((s) => s.id === list.id);
            const share = list.expected === 0 ? 0 : (list.checked_in / list.expected) * 100;
            const listName = list.name;
            const counts = `${list.checked_in} / ${list.expected}`;
            const onlyDate = list.date_id ? (dates.get(list.date_id) ?? '') : '';
            return (
              <Paper key={list.id} withBorder radius="lg" p="lg" data-testid="check-in-list">
                <Stack gap="sm">
                  <Group justify="space-between" align="flex-start">
                    <Title order={3} fz="lg">
                      {listName}
                    </Title>
                    <Badge
                      variant="light"
                      color={STATE_COLOURS[list.state].color}
                      c={STATE_COLOURS[list.state].text}
                      tt="none"
                    >
                      {states[list.state]}
                    </Badge>
                  </Group>
                  <Text size="sm" c="gray.7">
                    {list.ticket_ids.map((id) => titles.get(id) ?? `#${id}`).join(', ')}
                  </Text>
                  {onlyDate ? (
                    <Text size="sm" c="gray.7" data-testid="list-date">
                      {t`Only the date ${onlyDate}`}
                    </Text>
                  ) : null}
                  {list.activates_at || list.expires_at ? (
                    <Text size="sm" c="gray.7">
                      {list.activates_at
                        ? t`Opens ${formatEventDate(list.activates_at, event.timezone, i18n.locale)}`
                        : ''}
                      {list.activates_at && list.expires_at ? ' · ' : ''}
                      {list.expires_at
                        ? t`Closes ${formatEventDate(list.expires_at, event.timezone, i18n.locale)}`
                        : ''}
                    </Text>
                  ) : null}
                  <Stack gap={4}>
                    <Group justify="space-between">
                      <Text size="sm" fw={600}>
                        <Trans>Checked in</Trans>
                      </Text>
                      <Text size="sm" fw={600}>
                        {counts}
                      </Text>
                    </Group>
                    <Progress value={share} aria-label={t`${counts} checked in on ${listName}`} />
                  </Stack>
                  {stat && stat.tickets.length > 1
                    ? stat.tickets.map((ticket) => (
                        <Group key={ticket.ticket_id} justify="space-between">
                          <Text size="xs" c="gray.7">
                            {ticket.title}
                          </Text>
                          <Text size="xs" c="gray.7">
                            {ticket.checked_in} / {ticket.expected}
                          </Text>
                        </Group>
                      ))
                    : null}
                  {stat && stat.conflicts > 0 ? (
                    <Text size="sm" c="orange.9">
                      {t`${stat.conflicts} scans made offline found the ticket already checked in on another device.`}
                    </Text>
                  ) : null}
                  <Group gap="xs" mt="xs">
                    <Button size="xs" onClick={() => setSharing(list)}>
                      <Trans>Staff link</Trans>
                    </Button>
                    <Button size="xs" variant="default" onClick={() => open(list)}>
                      <Trans>Edit</Trans>
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setReplacing(list)}>
                      <Trans>Replace link</Trans>
                    </Button>
                    <Button size="xs" variant="default" color="red.9" onClick={() => setDeleting(list)}>
                      <Trans>Delete</Trans>
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}

      <CheckInListModal
        opened={editing.opened}
        list={editing.list}
        event={event}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
      />
      <StaffLinkModal list={sharing} onClose={() => setSharing(null)} />
      <ConfirmModal
        opened={replacing !== null}
        title={t`Replace the link of ${replacingName}?`}
        confirmLabel={t`Replace link`}
        loading={replace.isPending}
        onClose={() => setReplacing(null)}
        onConfirm={() => {
          if (!replacing) return;
          replace.mutate(replacing.id, {
            onSuccess: (list) => {
              setReplacing(null);
              setSharing(list);
            },
            onError: (error) => notify(errorMessage(error), 'error'),
          });
        }}
      >
        <Trans>The current link stops working at once. Staff need the new one.</Trans>
      </ConfirmModal>
      <ConfirmModal
        opened={deleting !== null}
        title={t`Delete ${deletingName}?`}
        confirmLabel={t`Delete`}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notify(t`${name} has been deleted.`);
            },
            onError: (error) => notify(errorMessage(error), 'error'),
          });
        }}
      >
        <Trans>Its link stops working and its check-ins are deleted.</Trans>
      </ConfirmModal>
    </Stack>
  );
}
