import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import type { QuestionResponse } from '../../../common/questions';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  LockIcon,
  PencilIcon,
  PlusIcon,
  TrashIcon,
} from '../../components/organizer-icons';
import type { TicketChoice } from '../../components/TicketChecklist';
import { questionTitle, TYPE_LABELS } from './labels';

/** One of the two lists of the page: the questions asked once per order, or per attendee. */
export function QuestionGroup({
  id,
  title,
  description,
  addLabel,
  questions,
  tickets,
  showTickets,
  onAdd,
  onEdit,
  onDelete,
  onMove,
}: {
  id: string;
  title: string;
  description: string;
  addLabel: string;
  questions: QuestionResponse[];
  tickets: TicketChoice[];
  showTickets: boolean;
  onAdd: () => void;
  onEdit: (question: QuestionResponse) => void;
  onDelete: (question: QuestionResponse) => void;
  onMove: (question: QuestionResponse, step: -1 | 1) => void;
}) {
  const { t, i18n } = useLingui();
  const defaults = questions.filter((q) => q.is_default);
  const own = questions.filter((q) => !q.is_default);
  const [focus, setFocus] = useState<{ id: number; step: -1 | 1; order: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const order = own.map((q) => q.id).join(',');

  // A moved row may be re-inserted in the page, which takes the focus away from its button:
  // once the list shows the new order, give it back (or to the other arrow at an end).
  useEffect(() => {
    if (!focus || focus.order !== order) return;
    const same = document.getElementById(`move-${focus.step}-${focus.id}`) as HTMLButtonElement | null;
    const other = document.getElementById(`move-${-focus.step}-${focus.id}`) as HTMLButtonElement | null;
    (same && !same.disabled ? same : other)?.focus();
    setFocus(null);
  }, [focus, order]);

  const move = (question: QuestionResponse, step: -1 | 1) => {
    const from = own.indexOf(question);
    const ids = own.map((q) => q.id);
    ids.splice(from, 1);
    ids.splice(from + step, 0, question.id);
    const place = from + 1 + step;
    const name = question.title;
    const count = own.length;
    onMove(question, step);
    setFocus({ id: question.id, step, order: ids.join(',') });
    setAnnouncement(t`${name} moved to position ${place} of ${count}.`);
  };

  const ticketNames = (q: QuestionResponse) =>
    q.ticket_ids.length === 0
      ? t`All tickets`
      : q.ticket_ids
          .map((ticketId) => tickets.find((x) => x.id === ticketId)?.title ?? `#${ticketId}`)
          .join(', ');

  return (
    <Paper withBorder radius="lg" p={0} component="section" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" p={{ base: 'md', sm: 'lg' }} gap="sm">
        <Stack gap={2} maw={560}>
          <Title order={3} fz="lg" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        <Button variant="default" leftSection={<PlusIcon size={16} />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {defaults.map((q) => (
          <Row key={q.id}>
            <LockIcon size={18} style={{ color: 'var(--mantine-color-gray-6)', flex: 'none' }} />
            <Stack gap={4} style={{ flex: 1 }} miw={0}>
              <Group gap={6}>
                <Text fw={600} size="sm">
                  {questionTitle(q, i18n._.bind(i18n))}
                </Text>
                <Badge size="sm" variant="light" color="gray" c="gray.8" tt="none" radius="sm">
                  <Trans>Default</Trans>
                </Badge>
              </Group>
              <Text size="xs" c="gray.7">
                <Trans>Always asked of the buyer; it cannot be edited or removed.</Trans>
              </Text>
            </Stack>
          </Row>
        ))}
        {own.map((q, index) => (
          <Row key={q.id} testId={`question-${q.id}`}>
            <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
              <ActionIcon
                id={`move--1-${q.id}`}
                variant="default"
                aria-label={t`Move ${q.title} up`}
                disabled={index === 0}
                onClick={() => move(q, -1)}
              >
                <ArrowUpIcon size={16} />
              </ActionIcon>
              <ActionIcon
                id={`move-1-${q.id}`}
                variant="default"
                aria-label={t`Move ${q.title} down`}
                disabled={index === own.length - 1}
                onClick={() => move(q, 1)}
              >
                <ArrowDownIcon size={16} />
              </ActionIcon>
            </Group>
            <Stack gap={4} style={{ flex: 1 }} miw={0}>
              <Group gap={6}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {q.title}
                </Text>
                <Badge size="sm" variant="default" tt="none" radius="sm">
                  {i18n._(TYPE_LABELS[q.type])}
                </Badge>
                {q.required ? (
                  <Badge size="sm" variant="light" color="tessera" c="tessera.9" tt="none" radius="sm">
                    <Trans>Required</Trans>
                  </Badge>
                ) : null}
                {q.is_hidden ? (
                  <Badge size="sm" variant="light" color="yellow" c="#6b4e00" tt="none" radius="sm">
                    <Trans>Hidden</Trans>
                  </Badge>
                ) : null}
              </Group>
              {showTickets ? (
                <Text size="xs" c="gray.7">
                  <Trans>Tickets: {ticketNames(q)}</Trans>
                </Text>
              ) : null}
            </Stack>
            <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t`Edit ${q.title}`}
                onClick={() => onEdit(q)}
              >
                <PencilIcon size={18} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="lg"
                aria-label={t`Delete ${q.title}`}
                onClick={() => onDelete(q)}
              >
                <TrashIcon size={18} />
              </ActionIcon>
            </Group>
          </Row>
        ))}
      </Box>
      {own.length === 0 ? (
        <Text
          size="sm"
          c="gray.7"
          px={{ base: 'md', sm: 'lg' }}
          py="md"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Trans>No questions of your own here yet.</Trans>
        </Text>
      ) : null}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Paper>
  );
}

function Row({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      px={{ base: 'md', sm: 'lg' }}
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      data-testid={testId}
    >
      {children}
    </Group>
  );
}
