import '@mantine/core/styles/EmptyState.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { CapacityAssignmentResponse } from '../../../common/capacity';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { notify } from '../../components/notify';
import { PlusIcon } from '../../components/organizer-icons';
import { useEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { useTicketChoices } from '../tickets/api';
import { useCapacityAssignments, useDeleteCapacityAssignment } from './api';
import { CapacityModal, type EditingCapacity } from './CapacityModal';
import { CapacityTable } from './CapacityTable';
import { SeatsIcon } from './icons';

/** `/manage/event/:eventId/capacity-assignments`: limits shared by several tickets. */
export function CapacityPage() {
  const { t } = useLingui();
  const eventId = useEventId() ?? 0;
  const event = useEvent(eventId);
  const assignments = useCapacityAssignments(eventId);
  const tickets = useTicketChoices(eventId);
  const remove = useDeleteCapacityAssignment(eventId);
  const [editing, setEditing] = useState<EditingCapacity | null>(null);
  const [deleting, setDeleting] = useState<CapacityAssignmentResponse | null>(null);
  const hasTickets = (tickets.data?.length ?? 0) > 0;

  const confirmDelete = () => {
    if (!deleting) return;
    const name = deleting.name;
    remove.mutate(deleting.id, {
      onSuccess: () => notify(t`The capacity assignment "${name}" has been deleted.`),
      onError: (error) => notify(errorMessage(error), 'error'),
      onSettled: () => setDeleting(null),
    });
  };
  const deletingName = deleting?.name ?? '';

  let body: ReactNode;
  if (assignments.isPending || tickets.isPending) {
    body = <InlineLoader />;
  } else if (assignments.isError || tickets.isError) {
    body = (
      <Stack gap="sm" p="md">
        <ErrorAlert
          error={assignments.error ?? tickets.error}
          title={t`Could not load the capacity assignments`}
        />
        <Button
          variant="default"
          w="fit-content"
          onClick={() => {
            void assignments.refetch();
            void tickets.refetch();
          }}
        >
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  } else if (!hasTickets && assignments.data.length === 0) {
    body = (
      <EmptyState icon={<SeatsIcon />} variant="light" py="xl">
        <EmptyState.Title order={3}>
          <Trans>Create a ticket first</Trans>
        </EmptyState.Title>
        <EmptyState.Description>
          <Trans>
            A capacity assignment shares a limit between tickets, so the event needs at least one.
          </Trans>
        </EmptyState.Description>
        <EmptyState.Actions>
          <Anchor component={Link} to={`/manage/event/${eventId}/tickets`} fw={600}>
            <Trans>Go to tickets</Trans>
          </Anchor>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else if (assignments.data.length === 0) {
    body = (
      <EmptyState icon={<SeatsIcon />} variant="light" py="xl">
        <EmptyState.Title order={3}>
          <Trans>No capacity assignments yet</Trans>
        </EmptyState.Title>
        <EmptyState.Description>
          <Trans>Add one when several tickets draw on the same seats or places.</Trans>
        </EmptyState.Description>
      </EmptyState>
    );
  } else {
    body = (
      <CapacityTable
        assignments={assignments.data}
        tickets={tickets.data ?? []}
        onEdit={(assignment) => setEditing({ assignment })}
        onDelete={setDeleting}
      />
    );
  }

  return (
    <Stack gap="lg">
      <title>{`${t`Capacity`} · ${event.data?.title ?? ''} · Tessera`}</title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={600}>
          <Title order={2} fz="xl">
            <Trans>Capacity</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              A capacity assignment is a limit shared by several tickets: a room of 100 seats for both
              Standard and VIP tickets, say.
            </Trans>
          </Text>
        </Stack>
        {hasTickets ? (
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setEditing({ assignment: null })}>
            <Trans>Add capacity assignment</Trans>
          </Button>
        ) : null}
      </Group>
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        {body}
      </Paper>

      <CapacityModal
        eventId={eventId}
        editing={editing}
        tickets={tickets.data ?? []}
        onClose={() => setEditing(null)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t`Delete this capacity assignment?`}
        confirmLabel={t`Delete`}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        <Trans>The tickets of "{deletingName}" will no longer share its limit.</Trans>
      </ConfirmModal>
    </Stack>
  );
}
