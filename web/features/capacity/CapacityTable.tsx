import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Group, Progress, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { CapacityAssignmentResponse } from '../../../common/capacity';
import { PencilIcon, TrashIcon } from '../../components/organizer-icons';
import type { TicketChoice } from '../../components/TicketChecklist';

export function CapacityTable({
  assignments,
  tickets,
  onEdit,
  onDelete,
}: {
  assignments: CapacityAssignmentResponse[];
  tickets: TicketChoice[];
  onEdit: (assignment: CapacityAssignmentResponse) => void;
  onDelete: (assignment: CapacityAssignmentResponse) => void;
}) {
  const { t, i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  const ticketNames = (a: CapacityAssignmentResponse) =>
    a.ticket_ids.map((id) => tickets.find((x) => x.id === id)?.title ?? `#${id}`).join(', ');

  return (
    <Table.ScrollContainer minWidth={680} type="native">
      <Table verticalSpacing="sm" aria-label={t`Capacity assignments`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Used</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Tickets</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th pos="relative">
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assignments.map((a) => {
            const name = a.name;
            const used = number.format(a.used_capacity);
            const capacity = a.capacity === null ? null : number.format(a.capacity);
            const percent = a.capacity ? Math.min(100, (a.used_capacity / a.capacity) * 100) : 0;
            return (
              <Table.Tr key={a.id} data-testid={`capacity-${a.id}`}>
                <Table.Td>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                </Table.Td>
                <Table.Td miw={160}>
                  {capacity === null ? (
                    <Text size="sm">
                      <Trans>{used} used · Unlimited</Trans>
                    </Text>
                  ) : (
                    <Stack gap={6}>
                      <Text size="sm">{`${used} / ${capacity}`}</Text>
                      <Progress
                        value={percent}
                        size="sm"
                        color={percent >= 100 ? 'red.8' : 'tessera'}
                        aria-label={t`${name}: ${used} of ${capacity} used`}
                      />
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{ticketNames(a)}</Text>
                </Table.Td>
                <Table.Td>
                  {a.status === 'ACTIVE' ? (
                    <Badge variant="light" color="teal" c="#05573d" radius="sm" tt="none">
                      <Trans>Active</Trans>
                    </Badge>
                  ) : (
                    <Badge variant="light" color="gray" c="gray.8" radius="sm" tt="none">
                      <Trans>Inactive</Trans>
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={t`Edit ${name}`}
                      onClick={() => onEdit(a)}
                    >
                      <PencilIcon size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      size="lg"
                      aria-label={t`Delete ${name}`}
                      onClick={() => onDelete(a)}
                    >
                      <TrashIcon size={18} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
