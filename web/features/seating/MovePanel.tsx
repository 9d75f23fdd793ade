import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import type { OrganizerSeat } from '../../../common/seating';
import { ErrorAlert } from '../../components/ErrorAlert';
import { seatText } from '../../components/seat-text';

/**
 * Moving an attendee: the free seats of their ticket, to pick on the plan or here (typed by key
 * or found by their place), then Move.
 */
export function MovePanel({
  from,
  free,
  target,
  onTarget,
  onMove,
  onCancel,
  busy,
  error,
}: {
  /** The seat the attendee sits in now. */
  from: OrganizerSeat;
  /** The free seats of the same ticket. */
  free: readonly OrganizerSeat[];
  target: string | null;
  onTarget: (key: string | null) => void;
  onMove: () => void;
  onCancel: () => void;
  busy: boolean;
  error: unknown;
}) {
  const { t, i18n } = useLingui();
  const name = from.attendee?.name ?? '';
  const where = seatText(i18n, from);
  const choices = free.map((seat) => ({ value: seat.key, label: `${seatText(i18n, seat)} (${seat.key})` }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target) onMove();
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="move-panel" bg="tessera.0">
      <Box component="form" onSubmit={submit}>
        <Stack gap="sm">
          <Title order={3} fz="md">
            <Trans>Move {name}</Trans>
          </Title>
          <Text size="sm">
            <Trans>
              From {where}. Pick a free seat of the same ticket on the plan, or choose it below; the other
              seats are faded.
            </Trans>
          </Text>
          {choices.length === 0 ? (
            <Text size="sm" fw={600}>
              <Trans>No seat of this ticket is free on this date.</Trans>
            </Text>
          ) : (
            <Select
              label={t`New seat`}
              placeholder={t`Type a seat key or its place`}
              data={choices}
              value={target}
              onChange={onTarget}
              searchable
              clearable
              limit={50}
              nothingFoundMessage={t`No free seat of this ticket matches`}
              comboboxProps={{ withinPortal: true }}
              maw={420}
              data-testid="move-target"
            />
          )}
          <ErrorAlert error={error} title={t`The attendee was not moved`} />
          <Group gap="sm">
            <Button type="submit" disabled={!target} loading={busy}>
              <Trans>Move here</Trans>
            </Button>
            <Button variant="default" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          </Group>
        </Stack>
      </Box>
    </Paper>
  );
}
