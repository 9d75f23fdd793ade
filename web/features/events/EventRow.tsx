import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ActionIcon.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Anchor, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { EventListItemResponse } from '../../../common/event-list';
import { formatMoney } from '../../../common/money';
import type { OrganizerResponse } from '../../../common/organizers';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notify } from '../../components/notify';
import { DotsIcon } from '../../components/organizer-icons';
import { useUpdateEventStatus } from './api';
import { DuplicateEventModal } from './DuplicateEventModal';
import { formatEventRange } from './datetime';
import { StatusBadge } from './labels';

/** One event in the organizer's lists, with its open, duplicate and archive/restore actions. */
export function EventRow({
  event,
  organizer,
  showOrganizer,
}: {
  event: EventListItemResponse;
  organizer: OrganizerResponse | undefined;
  showOrganizer: boolean;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const status = useUpdateEventStatus();
  const [duplicating, setDuplicating] = useState(false);
  const [archiving, setArchiving] = useState(false);

  const setStatus = (next: 'ARCHIVED' | 'DRAFT') =>
    status.mutate(
      { eventId: event.id, status: next },
      {
        onSuccess: () => {
          setArchiving(false);
          notify(
            next === 'ARCHIVED'
              ? t`“${event.title}” has been archived.`
              : t`“${event.title}” has been restored as a draft.`,
          );
        },
        onError: (error) => {
          setArchiving(false);
          notify(errorMessage(error), 'error');
        },
      },
    );

  return (
    <Paper withBorder radius="lg" p="md" data-testid="event-row">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={4} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Anchor component={Link} to={`/manage/event/${event.id}`} fw={700} fz="lg" c="dark.9">
              {event.title}
            </Anchor>
            <StatusBadge status={event.status} />
          </Group>
          <Text size="sm" c="gray.7">
            {formatEventRange(event, i18n.locale)}
            {' · '}
            {event.timezone.replaceAll('_', ' ')}
          </Text>
          <Group gap="md" wrap="wrap" data-testid="event-sales">
            <Text size="sm">
              <Text span c="gray.7">
                <Trans>Tickets sold</Trans>
              </Text>{' '}
              <Text span fw={600}>
                {new Intl.NumberFormat(i18n.locale).format(event.sales.tickets_sold)}
              </Text>
            </Text>
            <Text size="sm">
              <Text span c="gray.7">
                <Trans>Gross sales</Trans>
              </Text>{' '}
              <Text span fw={600}>
                {formatMoney(event.sales.gross_sales, event.currency, i18n.locale)}
              </Text>
            </Text>
          </Group>
          {showOrganizer && organizer ? (
            <Anchor component={Link} to={`/manage/organizer/${organizer.id}/events`} size="sm" c="gray.7">
              {organizer.name}
            </Anchor>
          ) : null}
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t`Actions for ${event.title}`}
              loading={status.isPending}
            >
              <DotsIcon />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={`/manage/event/${event.id}`}>
              <Trans>Open</Trans>
            </Menu.Item>
            <Menu.Item onClick={() => setDuplicating(true)}>
              <Trans>Duplicate</Trans>
            </Menu.Item>
            {event.status === 'ARCHIVED' ? (
              <Menu.Item onClick={() => setStatus('DRAFT')}>
                <Trans>Restore</Trans>
              </Menu.Item>
            ) : (
              <Menu.Item color="red.9" onClick={() => setArchiving(true)}>
                <Trans>Archive</Trans>
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {duplicating ? (
        <DuplicateEventModal
          event={event}
          opened
          onClose={() => setDuplicating(false)}
          onDuplicated={(created) => {
            setDuplicating(false);
            notify(t`A copy has been made as a draft.`);
            void navigate(`/manage/event/${created.id}/settings`);
          }}
        />
      ) : null}
      <ConfirmModal
        opened={archiving}
        title={t`Archive this event?`}
        confirmLabel={t`Archive`}
        loading={status.isPending}
        onConfirm={() => setStatus('ARCHIVED')}
        onClose={() => setArchiving(false)}
      >
        <Trans>
          “{event.title}” will be taken off sale and hidden from the public, and moved to the Archived list.
          You can restore it later as a draft.
        </Trans>
      </ConfirmModal>
    </Paper>
  );
}
