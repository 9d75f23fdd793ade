import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { EventSeatingResponse } from '../../../common/seating';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { useTicketChoices } from '../tickets/api';
import { useRemoveEventSeating } from './api';
import { CategorySwatch } from './CategorySwatch';

/** The event's plan: its name and seats, which ticket sells each category; change or remove it. */
export function SeatingSummary({
  eventId,
  seating,
  onChange,
}: {
  eventId: number;
  seating: EventSeatingResponse;
  onChange: () => void;
}) {
  const { t } = useLingui();
  const tickets = useTicketChoices(eventId);
  const remove = useRemoveEventSeating(eventId);
  const [confirming, setConfirming] = useState(false);
  const titleOf = new Map((tickets.data ?? []).map((ticket) => [ticket.id, ticket.title]));
  const name = seating.plan.name;

  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => notify(t`The event no longer sells seats; its tickets are sold as places again.`),
      onSettled: () => setConfirming(false),
    });

  return (
    <Stack gap="md" data-testid="seating-summary">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={3} fz="lg">
            {name}
          </Title>
          <Text size="sm" c="gray.7">
            <Plural value={seating.seat_count} one="# seat" other="# seats" />
            {seating.plan_id === null ? (
              <> · {t`The account’s plan it was copied from has been deleted.`}</>
            ) : (
              <>
                {' · '}
                <Anchor
                  component={Link}
                  to={`/manage/seating-plans/${seating.plan_id}`}
                  size="sm"
                  underline="always"
                >
                  <Trans>Open the account’s plan</Trans>
                </Anchor>
              </>
            )}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button variant="default" onClick={onChange}>
            <Trans>Change plan or tickets</Trans>
          </Button>
          <Button variant="default" color="red.9" c="red.9" onClick={() => setConfirming(true)}>
            <Trans>Remove seating</Trans>
          </Button>
        </Group>
      </Group>
      <List spacing={6} listStyleType="none" p={0} aria-label={t`Price categories and their tickets`}>
        {seating.categories.map((c) => {
          const ticket = titleOf.get(c.ticket_id) ?? '…';
          const category = c.name;
          return (
            <List.Item key={c.key} data-testid="category-ticket">
              <Group gap="xs" wrap="nowrap">
                <CategorySwatch color={c.color} />
                <Text size="sm">
                  <Trans>
                    <strong>{category}</strong> sold as {ticket}
                  </Trans>
                </Text>
              </Group>
            </List.Item>
          );
        })}
      </List>
      {remove.error ? <ErrorAlert error={remove.error} title={t`The seating was not removed`} /> : null}
      <ConfirmModal
        opened={confirming}
        title={t`Stop selling by seat?`}
        confirmLabel={t`Remove seating`}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={confirmRemove}
      >
        <Trans>
          The event’s copy of “{name}” and its blocked seats are removed, and its tickets are sold as places.
          This is refused while any seat is held or sold.
        </Trans>
      </ConfirmModal>
    </Stack>
  );
}
