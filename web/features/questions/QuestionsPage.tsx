import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { QuestionResponse } from '../../../common/questions';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { notify } from '../../components/notify';
import { useEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { useTicketChoices } from '../tickets/api';
import { moveQuestion, useDeleteQuestion, useQuestions, useSortQuestions } from './api';
import { QuestionGroup } from './QuestionGroup';
import { type Editing, QuestionModal } from './QuestionModal';

/** `/manage/event/:eventId/questions`: what the checkout asks, once per order and per attendee. */
export function QuestionsPage() {
  const { t } = useLingui();
  const eventId = useEventId() ?? 0;
  const event = useEvent(eventId);
  const questions = useQuestions(eventId);
  const tickets = useTicketChoices(eventId);
  const sort = useSortQuestions(eventId);
  const remove = useDeleteQuestion(eventId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<QuestionResponse | null>(null);

  const heading = (
    <>
      <title>{`${t`Questions`} · ${event.data?.title ?? ''} · Tessera`}</title>
      <Stack gap={4}>
        <Title order={2} fz="xl">
          <Trans>Questions</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>What the checkout asks besides the buyer's name and e-mail.</Trans>
        </Text>
      </Stack>
    </>
  );

  if (questions.isPending) {
    return (
      <Stack gap="lg">
        {heading}
        <InlineLoader />
      </Stack>
    );
  }
  if (questions.isError) {
    return (
      <Stack gap="lg">
        {heading}
        <ErrorAlert error={questions.error} title={t`Could not load the questions`} />
        <Button variant="default" w="fit-content" onClick={() => questions.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  }

  const all = questions.data;
  const ticketChoices = tickets.data ?? [];
  const move = (question: QuestionResponse, step: -1 | 1) =>
    sort.mutate(moveQuestion(all, question.id, step), {
      onError: (error) => notify(t`The questions could not be reordered: ${errorMessage(error)}`, 'error'),
    });
  const confirmDelete = () => {
    if (!deleting) return;
    const title = deleting.title;
    remove.mutate(deleting.id, {
      onSuccess: () => notify(t`The question "${title}" has been deleted.`),
      onError: (error) => notify(errorMessage(error), 'error'),
      onSettled: () => setDeleting(null),
    });
  };
  const deletingTitle = deleting?.title ?? '';
  const groupProps = {
    tickets: ticketChoices,
    onEdit: (question: QuestionResponse) => setEditing({ question, scope: question.scope }),
    onDelete: setDeleting,
    onMove: move,
  };

  return (
    <Stack gap="lg">
      {heading}
      <QuestionGroup
        id="order-questions"
        title={t`Order questions`}
        description={t`Asked once of the buyer, whatever the number of tickets.`}
        addLabel={t`Add order question`}
        questions={all.filter((q) => q.scope === 'PER_ORDER')}
        showTickets={false}
        onAdd={() => setEditing({ question: null, scope: 'PER_ORDER' })}
        {...groupProps}
      />
      <QuestionGroup
        id="attendee-questions"
        title={t`Attendee questions`}
        description={t`Asked for each ticket in the order, about the person who will use it.`}
        addLabel={t`Add attendee question`}
        questions={all.filter((q) => q.scope === 'PER_ATTENDEE')}
        showTickets
        onAdd={() => setEditing({ question: null, scope: 'PER_ATTENDEE' })}
        {...groupProps}
      />
      {tickets.isError ? (
        <ErrorAlert error={tickets.error} title={t`Could not load the tickets`}>
          <Button variant="default" size="xs" mt="xs" display="block" onClick={() => tickets.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </ErrorAlert>
      ) : null}

      <QuestionModal
        eventId={eventId}
        editing={editing}
        tickets={ticketChoices}
        onClose={() => setEditing(null)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t`Delete this question?`}
        confirmLabel={t`Delete`}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        <Trans>"{deletingTitle}" will no longer be asked at checkout.</Trans>
      </ConfirmModal>
    </Stack>
  );
}
