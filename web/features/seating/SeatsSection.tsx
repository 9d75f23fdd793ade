import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import type { EventSeatingResponse, OrganizerSeat } from '../../../common/seating';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { notify } from '../../components/notify';
import { seatText } from '../../components/seat-text';
import { useDateChoices } from '../event-dates/DateFilter';
import { useTicketChoices } from '../tickets/api';
import { useBlockSeats, useEventSeats, useMoveAttendeeSeat } from './api';
import { MovePanel } from './MovePanel';
import { type SeatLook, SeatMap, type SeatPlace } from './plan-drawing';
import { SeatDetails } from './SeatDetails';
import { SeatLegend } from './SeatLegend';
import { SeatsTable } from './SeatsTable';
import { lookOf, STATUS_LABELS } from './status';

const NONE: ReadonlySet<string> = new Set();

/**
 * One date's seats (issue 42): the plan drawn with each seat's status, or the same seats as a
 * table; a seat's details; blocking and releasing several seats; moving an attendee.
 */
export function SeatsSection({
  eventId,
  seating,
  timezone,
  initial,
}: {
  eventId: number;
  seating: EventSeatingResponse;
  timezone: string;
  /** The date and seat to show first (the address's `?date=&seat=`). */
  initial: { dateId: number | null; seat: string | null };
}) {
  const { t, i18n } = useLingui();
  const dates = useDateChoices(eventId, timezone);
  const [dateId, setDateId] = useState<number | null>(initial.dateId);
  const seats = useEventSeats(eventId, dateId, true);
  const tickets = useTicketChoices(eventId);
  const change = { eventId, dateId };
  const block = useBlockSeats(change);
  const move = useMoveAttendeeSeat(change);
  const [view, setView] = useState<'plan' | 'list'>('plan');
  const [selected, setSelected] = useState<ReadonlySet<string>>(NONE);
  const [shown, setShown] = useState<string | null>(initial.seat);
  const [moving, setMoving] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  // Shift, Ctrl or Cmd held on the last click: the click adds to the selection.
  const adding = useRef(false);

  const byKey = useMemo(() => new Map((seats.data?.seats ?? []).map((s) => [s.key, s])), [seats.data]);
  const ticketTitles = useMemo(
    () => new Map((tickets.data ?? []).map((ticket) => [ticket.id, ticket.title])),
    [tickets.data],
  );
  const from = moving ? byKey.get(moving) : undefined;
  const free = useMemo(
    () =>
      from
        ? (seats.data?.seats ?? []).filter((s) => s.status === 'AVAILABLE' && s.ticket_id === from.ticket_id)
        : [],
    [from, seats.data],
  );
  const freeKeys = useMemo(() => new Set(free.map((s) => s.key)), [free]);

  const seatLook = (place: SeatPlace): SeatLook => {
    const seat = byKey.get(place.seat.key);
    if (!seat) return { state: 'inactive' };
    // Moving: the seat left stays as it is, the free seats of the ticket can be picked.
    if (from) {
      if (seat.key === from.key) return lookOf(seat.status);
      return freeKeys.has(seat.key) ? lookOf('AVAILABLE') : { state: 'inactive' };
    }
    return lookOf(seat.status);
  };
  const seatTitle = (place: SeatPlace) => {
    const seat = byKey.get(place.seat.key);
    if (!seat) return '';
    const holder = seat.attendee?.name ?? seat.order?.reference;
    return [seatText(i18n, seat), i18n._(STATUS_LABELS[seat.status]), holder].filter(Boolean).join(' · ');
  };
  const drawnSelection = useMemo(() => {
    if (from) return target ? new Set([target]) : NONE;
    return shown && selected.size === 0 ? new Set([shown]) : selected;
  }, [from, target, shown, selected]);

  const toggle = (keys: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const key of keys) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });

  const onSeatClick = (place: SeatPlace) => {
    const key = place.seat.key;
    if (from) {
      if (freeKeys.has(key)) setTarget(key);
      return;
    }
    if (adding.current) toggle([key], !selected.has(key));
    else setShown(key);
  };

  const setBlocked = (keys: string[], blocked: boolean) => {
    if (!seats.data) return;
    block.mutate(
      { date_id: seats.data.date_id, seats: keys, blocked },
      {
        onSuccess: () => {
          const n = keys.length;
          notify(
            blocked
              ? t({ message: plural(n, { one: '# seat blocked.', other: '# seats blocked.' }) })
              : t({ message: plural(n, { one: '# seat released.', other: '# seats released.' }) }),
          );
          setSelected(NONE);
        },
      },
    );
  };

  const doMove = () => {
    const attendee = from?.attendee;
    if (!attendee || !target) return;
    move.mutate(
      { attendeeId: attendee.id, seat: target },
      {
        onSuccess: (answer) => {
          const to = answer.seats.find((s) => s.key === target);
          const where = to ? seatText(i18n, to) : target;
          const who = attendee.name;
          notify(t`${who} now sits in ${where}.`);
          setMoving(null);
          setTarget(null);
          setShown(target);
        },
      },
    );
  };

  const selectedSeats = [...selected].flatMap((key) => byKey.get(key) ?? []);
  const toBlock = selectedSeats.filter((s) => s.status === 'AVAILABLE').map((s) => s.key);
  const toRelease = selectedSeats.filter((s) => s.status === 'BLOCKED').map((s) => s.key);
  const shownSeat: OrganizerSeat | undefined = shown ? byKey.get(shown) : undefined;

  return (
    <Stack gap="md" data-testid="seats-section">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz="lg">
          <Trans>Seats</Trans>
        </Title>
        <Group gap="sm" align="flex-end">
          {dates.several ? (
            <Select
              label={t`Date`}
              data={dates.choices}
              value={dateId === null ? (seats.data ? String(seats.data.date_id) : null) : String(dateId)}
              onChange={(value) => {
                setDateId(value ? Number(value) : null);
                setSelected(NONE);
                setShown(null);
                setMoving(null);
              }}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 280 }}
              data-testid="seats-date"
            />
          ) : null}
          <SegmentedControl
            value={view}
            onChange={(value) => setView(value === 'list' ? 'list' : 'plan')}
            data={[
              { value: 'plan', label: t`Plan` },
              { value: 'list', label: t`List` },
            ]}
            aria-label={t`Show the seats as`}
          />
        </Group>
      </Group>
      {seats.isPending ? (
        <InlineLoader />
      ) : seats.isError ? (
        <Stack gap="sm">
          <ErrorAlert error={seats.error} title={t`Could not load the seats`} />
          <Button variant="default" w="fit-content" onClick={() => void seats.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      ) : (
        <>
          <SeatLegend counts={seats.data.counts} />
          {selected.size > 0 && !from ? (
            <Paper withBorder radius="md" p="sm" data-testid="selection-bar">
              <Group gap="sm" justify="space-between">
                <Text size="sm" fw={600} aria-live="polite">
                  <Plural value={selected.size} one="# seat selected" other="# seats selected" />
                </Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    disabled={toBlock.length === 0}
                    loading={block.isPending}
                    onClick={() => setBlocked(toBlock, true)}
                  >
                    <Trans>Block</Trans>
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={toRelease.length === 0}
                    loading={block.isPending}
                    onClick={() => setBlocked(toRelease, false)}
                  >
                    <Trans>Release</Trans>
                  </Button>
                  <Button size="xs" variant="subtle" onClick={() => setSelected(NONE)}>
                    <Trans>Clear selection</Trans>
                  </Button>
                </Group>
              </Group>
            </Paper>
          ) : null}
          <ErrorAlert error={block.error} title={t`The seats were not changed`} />
          {from ? (
            <MovePanel
              from={from}
              free={free}
              target={target}
              onTarget={setTarget}
              onMove={doMove}
              onCancel={() => {
                setMoving(null);
                setTarget(null);
                move.reset();
              }}
              busy={move.isPending}
              error={move.error}
            />
          ) : null}
          {view === 'plan' ? (
            <Box
              onClickCapture={(event) => {
                adding.current = event.shiftKey || event.ctrlKey || event.metaKey;
              }}
            >
              <SeatMap
                plan={seating.plan}
                seatLook={seatLook}
                selected={drawnSelection}
                onSeatClick={onSeatClick}
                seatTitle={seatTitle}
                label={t`Seating plan of the date`}
                height="480px"
              />
              <Text size="xs" c="gray.7" mt={4}>
                <Trans>
                  Click a seat for its details; Shift-click to select several. The List view offers the same
                  with the keyboard.
                </Trans>
              </Text>
            </Box>
          ) : (
            <SeatsTable
              seats={seats.data.seats}
              ticketTitles={ticketTitles}
              selected={selected}
              onToggle={toggle}
              onShow={setShown}
            />
          )}
          {shownSeat && !from ? (
            <SeatDetails
              eventId={eventId}
              seat={shownSeat}
              seating={seating}
              ticketTitle={ticketTitles.get(shownSeat.ticket_id) ?? ''}
              busy={block.isPending}
              onBlock={(blocked) => setBlocked([shownSeat.key], blocked)}
              onMove={() => {
                move.reset();
                setTarget(null);
                setMoving(shownSeat.key);
              }}
              onClose={() => setShown(null)}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
