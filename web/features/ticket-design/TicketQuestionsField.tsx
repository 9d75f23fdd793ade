import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Box, Group, Select, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { TICKET_DESIGN_LIMITS } from '../../../common/ticket-design';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { moveItem } from '../../lib/move-item';
import { useQuestions } from '../questions/api';

/**
 * The questions whose answers the ticket prints (decision 059), in their printed order: picked
 * from the event's questions, moved up and down by buttons (so by keyboard too), removed.
 */
export function TicketQuestionsField({
  eventId,
  value,
  onChange,
  error,
}: {
  eventId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  const questions = useQuestions(eventId);
  const list = useRef<HTMLUListElement>(null);
  const [search, setSearch] = useState('');
  // After a move, the same button of the moved row keeps the focus.
  const focusLater = (questionId: number, action: string) =>
    requestAnimationFrame(() =>
      list.current
        ?.querySelector<HTMLButtonElement>(`[data-row="${questionId}"] [data-action="${action}"]`)
        ?.focus(),
    );

  if (questions.isPending) return <InlineLoader />;
  if (questions.isError)
    return <ErrorAlert error={questions.error} title={t`Could not load the questions`} />;
  const titleOf = (id: number) => questions.data.find((q) => q.id === id)?.title ?? t`A removed question`;
  const free = questions.data.filter((q) => !value.includes(q.id));
  const full = value.length >= TICKET_DESIGN_LIMITS.questionsMax;

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="ticket-questions-label">
        <Trans>Answers printed on the ticket</Trans>
      </Text>
      {value.length === 0 ? (
        <Text size="sm" c="gray.7">
          <Trans>No answers are printed. Add a question to print its answer on each ticket.</Trans>
        </Text>
      ) : (
        <Box
          component="ul"
          ref={list}
          aria-labelledby="ticket-questions-label"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {value.map((id, index) => (
            <Group component="li" key={id} data-row={id} gap="xs" wrap="nowrap" py={4}>
              <Text size="sm" style={{ flex: 1 }}>
                {index + 1}. {titleOf(id)}
              </Text>
              <ActionIcon
                variant="default"
                data-action="up"
                aria-label={t`Move “${titleOf(id)}” up`}
                disabled={index === 0}
                onClick={() => {
                  onChange(moveItem(value, index, index - 1));
                  focusLater(id, index === 1 ? 'down' : 'up');
                }}
              >
                <span aria-hidden="true">↑</span>
              </ActionIcon>
              <ActionIcon
                variant="default"
                data-action="down"
                aria-label={t`Move “${titleOf(id)}” down`}
                disabled={index === value.length - 1}
                onClick={() => {
                  onChange(moveItem(value, index, index + 1));
                  focusLater(id, index === value.length - 2 ? 'up' : 'down');
                }}
              >
                <span aria-hidden="true">↓</span>
              </ActionIcon>
              <ActionIcon
                variant="default"
                color="red"
                aria-label={t`Remove “${titleOf(id)}”`}
                onClick={() => onChange(value.filter((q) => q !== id))}
              >
                <span aria-hidden="true">×</span>
              </ActionIcon>
            </Group>
          ))}
        </Box>
      )}
      <Select
        label={t`Add a question`}
        placeholder={full ? t`At most ${TICKET_DESIGN_LIMITS.questionsMax} questions` : t`Choose a question`}
        data={free.map((q) => ({ value: String(q.id), label: q.title }))}
        value={null}
        disabled={full || free.length === 0}
        nothingFoundMessage={t`No question left`}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(picked) => {
          if (!picked) return;
          onChange([...value, Number(picked)]);
          // Emptied for the next pick.
          setSearch('');
        }}
        error={error}
      />
    </Stack>
  );
}
