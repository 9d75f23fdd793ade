import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AttendeeResponse } from '../../../common/attendees';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { EmailAddress } from '../../components/EmailAddress';
import { DateCell } from '../event-dates/DateFilter';
import { AttendeeStatusBadge, ManualBadge } from './labels';
import { type AttendeesParams, searchFromParams } from './params';

type Sorting = Pick<AttendeesParams, 'sortBy' | 'sortDirection'>;

export function attendeeName(attendee: Pick<AttendeeResponse, 'first_name' | 'last_name'>): string {
  return `${attendee.first_name} ${attendee.last_name}`.trim();
}

export function AttendeesTable({
  attendees,
  params,
  timezone,
  showDate,
  onSort,
  busy,
}: {
  attendees: AttendeeResponse[];
  params: AttendeesParams;
  timezone: string;
  /** The event has several dates: a "Date" column says which each ticket is for. */
  showDate: boolean;
  onSort: (sorting: Sorting) => void;
  busy: boolean;
}) {
  const { t, i18n } = useLingui();
  // A date above its time: the two time columns stay narrow enough for the table to fit 1280 px.
  const dateFormat = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: timezone });
  const timeFormat = new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short', timeZone: timezone });
  const when = (iso: string, dimmed = false) => (
    <Stack gap={0}>
      <Text size="sm" c={dimmed ? 'gray.7' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {dateFormat.format(new Date(iso))}
      </Text>
      <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
        {timeFormat.format(new Date(iso))}
      </Text>
    </Stack>
  );

  const columns: DataColumn<AttendeeResponse, AttendeesParams['sortBy']>[] = [
    {
      id: 'name',
      header: <Trans>Name</Trans>,
      sortKey: 'last_name',
      cell: (attendee) => (
        <Stack gap={4} align="flex-start" miw={150}>
          <Anchor
            component={Link}
            to={{
              search: new URLSearchParams(
                searchFromParams({ ...params, attendeeId: attendee.id }),
              ).toString(),
            }}
            fw={600}
            fz="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {attendeeName(attendee) || '—'}
          </Anchor>
          {attendee.is_manual ? <ManualBadge /> : null}
        </Stack>
      ),
    },
    {
      id: 'email',
      header: <Trans>E-mail</Trans>,
      sortKey: 'email',
      cell: (attendee) => (
        <Text size="sm" miw={180}>
          <EmailAddress email={attendee.email} />
        </Text>
      ),
    },
    {
      id: 'ticket',
      header: <Trans>Ticket</Trans>,
      cell: (attendee) => (
        <>
          <Text size="sm">{attendee.ticket_title}</Text>
          {attendee.price_label ? (
            <Text size="xs" c="gray.7">
              {attendee.price_label}
            </Text>
          ) : null}
        </>
      ),
    },
    ...(showDate
      ? [
          {
            id: 'date',
            header: <Trans>Date</Trans>,
            cell: (attendee: AttendeeResponse) => <DateCell date={attendee.date} timezone={timezone} />,
          },
        ]
      : []),
    {
      id: 'order',
      header: <Trans>Order</Trans>,
      cell: (attendee) => (
        <Text size="sm" ff="monospace">
          {attendee.order_reference}
        </Text>
      ),
    },
    {
      id: 'status',
      header: <Trans>Status</Trans>,
      cell: (attendee) => <AttendeeStatusBadge status={attendee.status} />,
    },
    {
      id: 'checked_in',
      header: <Trans>Checked in</Trans>,
      cell: (attendee) =>
        attendee.checked_in_at ? (
          when(attendee.checked_in_at)
        ) : (
          <Text size="sm" c="gray.7">
            <Trans>Not checked in</Trans>
          </Text>
        ),
      cellProps: () => ({ 'data-testid': 'attendee-checked-in' }),
    },
    {
      id: 'created_at',
      header: <Trans>Added</Trans>,
      sortKey: 'created_at',
      firstDirection: 'desc',
      cell: (attendee) => when(attendee.created_at, true),
    },
  ];

  return (
    <DataTable
      label={t`Attendees of this event`}
      columns={columns}
      rows={attendees}
      rowKey={(attendee) => attendee.id}
      sorting={params}
      onSort={onSort}
      busy={busy}
      minWidth={showDate ? 1020 : 900}
    />
  );
}
