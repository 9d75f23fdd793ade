import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Select, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { type OrganizerSeat, SEAT_STATUSES, type SeatStatus } from '../../../common/seating';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { seatText } from '../../components/seat-text';
import { STATUS_LABELS } from './status';

const PAGE = 100;
const ALL = 'ALL';

/**
 * The date's seats as a table, for keyboard and screen reader users and for long plans: filter by
 * status or search, tick seats to block or release them, open a seat's details.
 */
export function SeatsTable({
  seats,
  ticketTitles,
  selected,
  onToggle,
  onShow,
}: {
  seats: readonly OrganizerSeat[];
  ticketTitles: ReadonlyMap<number, string>;
  selected: ReadonlySet<string>;
  onToggle: (keys: string[], on: boolean) => void;
  onShow: (key: string) => void;
}) {
  const { t, i18n } = useLingui();
  const [status, setStatus] = useState<SeatStatus | typeof ALL>(ALL);
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(PAGE);
  const needle = search.trim().toLowerCase();
  const rows = seats.filter(
    (seat) =>
      (status === ALL || seat.status === status) &&
      (!needle ||
        [seat.key, seatText(i18n, seat), seat.attendee?.name, seat.order?.reference, seat.order?.name].some(
          (text) => text?.toLowerCase().includes(needle),
        )),
  );
  const page = rows.slice(0, shown);
  const allTicked = page.length > 0 && page.every((seat) => selected.has(seat.key));

  const columns: DataColumn<OrganizerSeat>[] = [
    {
      id: 'pick',
      header: (
        <Checkbox
          aria-label={t`Select every seat shown`}
          checked={allTicked}
          onChange={(event) =>
            onToggle(
              page.map((seat) => seat.key),
              event.currentTarget.checked,
            )
          }
        />
      ),
      cell: (seat) => {
        const place = seatText(i18n, seat);
        return (
          <Checkbox
            aria-label={t`Select ${place}`}
            checked={selected.has(seat.key)}
            onChange={(event) => onToggle([seat.key], event.currentTarget.checked)}
          />
        );
      },
    },
    {
      id: 'seat',
      header: t`Seat`,
      cell: (seat) => (
        <Stack gap={0}>
          <Text size="sm">{seatText(i18n, seat)}</Text>
          <Text size="xs" c="gray.7" ff="monospace">
            {seat.key}
          </Text>
        </Stack>
      ),
    },
    { id: 'ticket', header: t`Ticket`, cell: (seat) => ticketTitles.get(seat.ticket_id) ?? '' },
    {
      id: 'status',
      header: t`Status`,
      cell: (seat) => i18n._(STATUS_LABELS[seat.status]),
      cellProps: (seat) => ({ 'data-status': seat.status }),
    },
    {
      id: 'holder',
      header: t`Held by`,
      cell: (seat) =>
        seat.attendee?.name ??
        (seat.order ? `${seat.order.name || seat.order.reference} (${seat.order.reference})` : ''),
    },
    {
      id: 'details',
      header: t`Details`,
      hideHeader: true,
      align: 'right',
      cell: (seat) => (
        <Button size="xs" variant="default" onClick={() => onShow(seat.key)}>
          <Trans>Details</Trans>
          <VisuallyHidden>{` ${seatText(i18n, seat)}`}</VisuallyHidden>
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm" data-testid="seats-table">
      <Group gap="sm" align="flex-end">
        <Select
          label={t`Status`}
          data={[
            { value: ALL, label: t`All seats` },
            ...SEAT_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) })),
          ]}
          value={status}
          onChange={(value) => {
            setStatus((value as SeatStatus | null) ?? ALL);
            setShown(PAGE);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          w={200}
          data-testid="seat-status-filter"
        />
        <TextInput
          label={t`Find a seat`}
          placeholder={t`Key, place, name or order`}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setShown(PAGE);
          }}
          w={260}
        />
      </Group>
      <DataTable
        label={t`Seats`}
        columns={columns}
        rows={page}
        rowKey={(seat) => seat.key}
        minWidth={640}
        empty={t`No seat matches.`}
      />
      {rows.length > shown ? (
        <Button variant="default" w="fit-content" onClick={() => setShown((n) => n + PAGE)}>
          <Trans>Show more seats</Trans>
        </Button>
      ) : null}
    </Stack>
  );
}
