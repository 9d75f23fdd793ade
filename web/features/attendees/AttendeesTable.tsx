import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AttendeeResponse } from '../../../common/attendees';
import { EmailAddress } from '../../components/EmailAddress';
import { SortableHeader } from '../../components/SortableHeader';
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
  onSort,
  busy,
}: {
  attendees: AttendeeResponse[];
  params: AttendeesParams;
  timezone: string;
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

  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t`Attendees of this event`}
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            <SortableHeader field="last_name" sorting={params} onSort={onSort}>
              <Trans>Name</Trans>
            </SortableHeader>
            <SortableHeader field="email" sorting={params} onSort={onSort}>
              <Trans>E-mail</Trans>
            </SortableHeader>
            <Table.Th>
              <Trans>Ticket</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Order</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Checked in</Trans>
            </Table.Th>
            <SortableHeader field="created_at" sorting={params} onSort={onSort} firstDirection="desc">
              <Trans>Added</Trans>
            </SortableHeader>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attendees.map((attendee) => (
            <Table.Tr key={attendee.id}>
              <Table.Td>
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
              </Table.Td>
              <Table.Td>
                <Text size="sm" miw={180}>
                  <EmailAddress email={attendee.email} />
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{attendee.ticket_title}</Text>
                {attendee.price_label ? (
                  <Text size="xs" c="gray.7">
                    {attendee.price_label}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {attendee.order_reference}
                </Text>
              </Table.Td>
              <Table.Td>
                <AttendeeStatusBadge status={attendee.status} />
              </Table.Td>
              <Table.Td data-testid="attendee-checked-in">
                {attendee.checked_in_at ? (
                  when(attendee.checked_in_at)
                ) : (
                  <Text size="sm" c="gray.7">
                    <Trans>Not checked in</Trans>
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{when(attendee.created_at, true)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
